import "server-only";

import { and, eq } from "drizzle-orm";

import { userIdentities } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";

/** The user an identity provider's subject is bound to (decision 0059), or null for a subject not seen before. */
export async function userIdOfSubject(db: Executor, issuer: string, subject: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.userId ?? null;
}

/** Whether the user is bound to a subject of the issuer. */
export async function hasSubject(db: Executor, userId: string, issuer: string): Promise<boolean> {
  const [row] = await db
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.issuer, issuer)))
    .limit(1);
  return row !== undefined;
}

/**
 * Binds a subject of the issuer to the user; false when the table's keys refuse it (the subject, or another subject
 * of the issuer for this user, was bound first), and then nothing is written.
 */
export async function bindSubject(db: Executor, binding: { issuer: string; subject: string; userId: string }): Promise<boolean> {
  const [bound] = await db.insert(userIdentities).values(binding).onConflictDoNothing().returning();
  return bound !== undefined;
}
