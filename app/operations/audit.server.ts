import "server-only";

import { z } from "zod";

import { getDb } from "~/infra/db.server";
import { isUuid } from "~/lib/ids";
import { AUDIT_PAGE_SIZE, listAuditLog } from "~/models/audit-log.server";
import { peopleByIds } from "~/models/user-lookup.server";

/** The audit log's filters and page (GET /admin/audit, /api/admin/audit): an operator, a target or user, a cursor. */
export const auditQuery = z.object({
  operator: z.uuid().optional().describe("Only this operator's actions"),
  target: z.uuid().optional().describe("Only actions on this target (a job, message, review or report) or about this user"),
  before: z.string().optional().describe("The `next` cursor of the previous page: entries older than its last"),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** A cursor names the last entry shown by its id (a cursor of before session 31, "{time}_{id}", still reads). */
const cursorOf = (entry: { id: string }) => entry.id;

export function readAuditCursor(cursor: string | undefined): string | undefined {
  const id = cursor?.slice(cursor.lastIndexOf("_") + 1);
  return id && isUuid(id) ? id : undefined;
}

/** A page of the audit log, newest first, each entry with its operator's and its user's names; `next` for the older page. */
export async function auditPage(query: AuditQuery) {
  const db = await getDb();
  const rows = await listAuditLog(
    db,
    { operatorId: query.operator, about: query.target, before: readAuditCursor(query.before) },
    AUDIT_PAGE_SIZE + 1,
  );
  const entries = rows.slice(0, AUDIT_PAGE_SIZE);
  const people = await peopleByIds(
    db,
    entries.flatMap((e) => [e.operatorId ?? "", e.targetUserId ?? ""]),
  );
  return {
    entries: entries.map((entry) => ({
      ...entry,
      operator: entry.operatorId ? (people.get(entry.operatorId) ?? null) : null,
      targetUser: entry.targetUserId ? (people.get(entry.targetUserId) ?? null) : null,
    })),
    next: rows.length > AUDIT_PAGE_SIZE ? cursorOf(entries.at(-1)!) : null,
  };
}
export type AuditPage = Awaited<ReturnType<typeof auditPage>>;
