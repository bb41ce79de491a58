// Loaded by server.ts in tests (SERVER_HOOKS, tests/support/app-server.ts): the database fingerprint
// that out-of-process tests compare, read inside the server (the embedded PGlite lives there).
import type { ServerHooks } from "../../server-hooks.ts";
import { snapshotDatabase } from "../../db/snapshot.ts";

export const SNAPSHOT_PATH = "/__test/db-snapshot";

const hooks: ServerHooks = {
  route(req, res, services) {
    if (req.url !== SNAPSHOT_PATH || process.env.NODE_ENV !== "test") return false;
    services.database().then(
      async (db) => {
        const snapshot = await snapshotDatabase(db);
        res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
        res.end(JSON.stringify(snapshot));
      },
      (error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      },
    );
    return true;
  },
};
export default hooks;
