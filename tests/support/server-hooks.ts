// Loaded by server.ts in tests (SERVER_HOOKS, tests/support/app-server.ts): the database fingerprint
// that out-of-process tests compare, read inside the server (the embedded PGlite lives there).
import type { IncomingMessage, ServerResponse } from "node:http";

import type { NodeServices } from "../../app/http/node-services.server.ts";
import { snapshotDatabase } from "../../db/snapshot.ts";
import type { ServerHooks } from "../../server-hooks.ts";

export const SNAPSHOT_PATH = "/__test/db-snapshot";
/** GET: the embedded mail catcher's messages as JSON, newest first; POST ?refusing=true|false: make it refuse. */
export const MAIL_PATH = "/__test/mail";

const hooks: ServerHooks = {
  route(req, res, services) {
    if (process.env.NODE_ENV !== "test") return false;
    if (req.url?.startsWith(MAIL_PATH)) return answerMail(req, res, services);
    if (req.url !== SNAPSHOT_PATH) return false;
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

function answerMail(req: IncomingMessage, res: ServerResponse, services: NodeServices): boolean {
  services.mailCatcher().then(
    (catcher) => {
      if (!catcher) {
        res.writeHead(404).end();
        return;
      }
      if (req.method === "POST") catcher.setRefusing(new URL(req.url!, "http://x").searchParams.get("refusing") === "true");
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify(catcher.messages()));
    },
    (error: unknown) => {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    },
  );
  return true;
}

export default hooks;
