import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { jobColumns, jobs, sessions, userColumns, users, type Job, type User } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import { isUuid } from "~/lib/ids";

/** Suspends the user from now until `until` (null: indefinitely), for `reason`; the user as now suspended, or null. */
export async function suspendAccount(tx: Executor, userId: string, suspension: { until: Date | null; reason: string }): Promise<User | null> {
  if (!isUuid(userId)) return null;
  const [user] = await tx
    .update(users)
    .set({ suspendedAt: sql`now()`, suspendedUntil: suspension.until, suspensionReason: suspension.reason, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return user ?? null;
}

/** Lifts the user's suspension; the user, or null when they were not suspended. */
export async function reinstateAccount(tx: Executor, userId: string): Promise<User | null> {
  if (!isUuid(userId)) return null;
  const [user] = await tx
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.suspendedAt} is not null`))
    .returning(userColumns);
  return user ?? null;
}

/** What a suspended user's sign-in page says: why and until when; null when the user is not suspended now. */
export async function suspensionOf(db: Executor, userId: string): Promise<{ reason: string; until: Date | null } | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select({ reason: users.suspensionReason, until: users.suspendedUntil })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.suspendedAt} is not null and (${users.suspendedUntil} is null or ${users.suspendedUntil} > now())`));
  return row ? { reason: row.reason ?? "", until: row.until } : null;
}

/** Ends every session of the user (the rows go; the caller announces each end to the live sockets). */
export async function deleteSessionsOf(tx: Executor, userId: string): Promise<string[]> {
  const ended = await tx
    .delete(sessions)
    .where(sql`(${sessions.sess} ->> 'userId') = ${userId}`)
    .returning({ sid: sessions.sid });
  return ended.map((row) => row.sid);
}

/** The user's posted jobs leave every list while they are suspended (hidden for the suspension, not by an operator). */
export async function hideJobsOfSuspended(tx: Executor, seekerId: string): Promise<Job[]> {
  return tx
    .update(jobs)
    .set({ hiddenAt: sql`now()`, hiddenFor: "suspension", updatedAt: new Date() })
    .where(and(eq(jobs.seekerId, seekerId), eq(jobs.status, "posted"), sql`${jobs.hiddenAt} is null`))
    .returning(jobColumns);
}

/** Reinstated: the jobs the suspension hid come back (an operator's own hiding stays). */
export async function showJobsOfReinstated(tx: Executor, seekerId: string): Promise<Job[]> {
  return tx
    .update(jobs)
    .set({ hiddenAt: null, hiddenFor: null, updatedAt: new Date() })
    .where(and(eq(jobs.seekerId, seekerId), eq(jobs.hiddenFor, "suspension")))
    .returning(jobColumns);
}
