import "server-only";

import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";

import { auditLog } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import type { OperatorAction } from "~/lib/trust-safety";

export type AuditEntry = typeof auditLog.$inferSelect;

/** What an operator did: who, what, on which target (and whose it is), why; written in the action's transaction. */
export interface AuditRecord {
  operatorId: string;
  action: OperatorAction;
  targetType: "job" | "user" | "message" | "review" | "report";
  targetId: string;
  targetUserId: string | null;
  reason: string;
  details?: Record<string, unknown>;
}

/** Appends one entry (the table refuses every update and delete: migration 0012). */
export async function recordAction(tx: Executor, record: AuditRecord): Promise<AuditEntry> {
  const [entry] = await tx
    .insert(auditLog)
    .values({ ...record, details: record.details ?? null })
    .returning();
  return entry;
}

export const AUDIT_PAGE_SIZE = 50;

/**
 * The log, newest first, optionally of one operator, about one target or about one user; `before` (an entry's id)
 * pages on from that entry by its own (created_at, id), read in the statement: a time carried through a JavaScript
 * Date would lose its microseconds and skip the entries of the same millisecond.
 */
export async function listAuditLog(
  db: Executor,
  filter: {
    operatorId?: string;
    targetId?: string;
    targetUserId?: string;
    /** An entry on this target, or about this user: the console's one "target" filter. */
    about?: string;
    before?: string;
  } = {},
  limit = AUDIT_PAGE_SIZE,
): Promise<AuditEntry[]> {
  const conditions: (SQL | undefined)[] = [
    filter.operatorId ? eq(auditLog.operatorId, filter.operatorId) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.targetUserId ? eq(auditLog.targetUserId, filter.targetUserId) : undefined,
    filter.about ? or(eq(auditLog.targetId, filter.about), eq(auditLog.targetUserId, filter.about)) : undefined,
    filter.before
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (select a.created_at, a.id from audit_log a where a.id = ${filter.before})`
      : undefined,
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
