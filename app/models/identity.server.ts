import "server-only";
import { and, eq } from "drizzle-orm";
import { userIdentities } from "../../db/schema.ts";
import { SignInRefused } from "../lib/sign-in-refusals";
import type { VerifiedIdentity } from "../services/identity-claims.server";
import { inTransaction } from "../services/events.server";
import type { Executor, Transaction } from "../services/db.server";
import { fillEmptyProfile, getUserIdByEmail, upsertUserFromClaims, type User } from "./user.server";

/**
 * The user a verified identity signs in as (decision 0059). A subject seen before is its user, whatever email it
 * now has. A new subject takes the account of its email (creating it) and is bound to it, unless that account is
 * bound to another subject of the issuer: then SignInRefused("other-account"), and nothing is written. Two sign-ins
 * binding at once are settled by the table's keys.
 */
export async function signInIdentity(db: Executor, { issuer, subject, claims }: VerifiedIdentity): Promise<User> {
  return inTransaction(db, async (tx) => {
    const boundUserId = await userIdOfSubject(tx, issuer, subject);
    if (boundUserId) {
      const user = await fillEmptyProfile(tx, boundUserId, claims);
      if (user) return user;
    }
    const owner = await getUserIdByEmail(tx, claims.email);
    if (owner && (await hasSubject(tx, owner, issuer))) throw new SignInRefused("other-account");
    const user = await upsertUserFromClaims(tx, claims);
    const [bound] = await tx.insert(userIdentities).values({ issuer, subject, userId: user.id }).onConflictDoNothing().returning();
    // A sign-in running at the same time bound the subject, or another subject to this user, first.
    if (!bound && (await userIdOfSubject(tx, issuer, subject)) !== user.id) throw new SignInRefused("other-account");
    return user;
  });
}

async function userIdOfSubject(tx: Transaction, issuer: string, subject: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.userId ?? null;
}

async function hasSubject(tx: Transaction, userId: string, issuer: string): Promise<boolean> {
  const [row] = await tx
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.issuer, issuer)))
    .limit(1);
  return row !== undefined;
}
