// Loaded by server.ts in tests (SERVER_HOOKS, tests/support/app-server.ts): the database fingerprint
// that out-of-process tests compare, read inside the server (the embedded PGlite lives there).
import type { IncomingMessage, ServerResponse } from "node:http";

import type { NodeServices } from "../../app/http/node-services.server.ts";
import { reports } from "../../db/schema.ts";
import { snapshotDatabase } from "../../db/snapshot.ts";
import type { ServerHooks } from "../../server-hooks.ts";

export const SNAPSHOT_PATH = "/__test/db-snapshot";
/** GET: the embedded mail catcher's messages as JSON, newest first; POST ?refusing=true|false: make it refuse. */
export const MAIL_PATH = "/__test/mail";
/**
 * POST {reporterId, targetType, targetId, targetUserId, reason, note?}: a report row, straight into the reports table
 * (the operators' queue needs reports to show; the users' report form is not what those tests are about).
 */
export const REPORT_PATH = "/__test/report";

const hooks: ServerHooks = {
  route(req, res, services) {
    if (process.env.NODE_ENV !== "test") return false;
    if (req.url?.startsWith(MAIL_PATH)) return answerMail(req, res, services);
    if (req.url === REPORT_PATH && req.method === "POST") return insertReport(req, res, services);
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

function insertReport(req: IncomingMessage, res: ServerResponse, services: NodeServices): boolean {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    services
      .database()
      .then(async (db) => {
        const [row] = await db
          .insert(reports)
          .values(JSON.parse(Buffer.concat(chunks).toString("utf8")))
          .returning();
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify(row));
      })
      .catch((error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      });
  });
  return true;
}

export default hooks;
