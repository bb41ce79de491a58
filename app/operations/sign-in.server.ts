import "server-only";

import { getConfig } from "~/infra/config.server";
import { getDb, type Executor } from "~/infra/db.server";
import { inTransaction } from "~/infra/events.server";
import type { VerifiedIdentity } from "~/infra/identity-claims.server";
import { signature } from "~/infra/signature.server";
import { SignInRefused } from "~/lib/sign-in-refusals";
import { isSuspended } from "~/lib/trust-safety";
import { bindSubject, hasSubject, userIdOfSubject } from "~/models/identity.server";
import { insertSignIn } from "~/models/signals.server";
import { fillEmptyProfile, getUserIdByEmail, normalizedEmail, setOperator, upsertUserFromClaims, type User } from "~/models/user.server";

/**
 * The user a verified identity signs in as (decision 0059). A subject seen before is its user, whatever email it
 * now has. A new subject takes the account of its email (creating it) and is bound to it, unless that account is
 * bound to another subject of the issuer: then SignInRefused("other-account"), and nothing is written. Two sign-ins
 * binding at once are settled by the table's keys.
 */
export async function signInIdentity(db: Executor, identity: VerifiedIdentity): Promise<User> {
  return inTransaction(db, async (tx) => admitted(tx, await accountOf(tx, identity)));
}

/**
 * The account, as it signs in (issue 34): an operator exactly while ADMIN_EMAILS names its email; a suspended one
 * is refused (SignInRefused("suspended"), its page saying why and until when).
 */
async function admitted(tx: Executor, user: User): Promise<User> {
  if (isSuspended(user)) throw new SignInRefused("suspended", user.id);
  return setOperator(tx, user, getConfig().adminEmails.has(normalizedEmail(user.email)));
}

/** The account a verified identity is (see signInIdentity). */
async function accountOf(tx: Executor, { issuer, subject, claims }: VerifiedIdentity): Promise<User> {
  const boundUserId = await userIdOfSubject(tx, issuer, subject);
  if (boundUserId) {
    const user = await fillEmptyProfile(tx, boundUserId, claims);
    if (user) return user;
  }
  const owner = await getUserIdByEmail(tx, claims.email);
  if (owner && (await hasSubject(tx, owner, issuer))) throw new SignInRefused("other-account");
  const user = await upsertUserFromClaims(tx, claims);
  // A sign-in running at the same time bound the subject, or another subject to this user, first.
  if (!(await bindSubject(tx, { issuer, subject, userId: user.id })) && (await userIdOfSubject(tx, issuer, subject)) !== user.id) {
    throw new SignInRefused("other-account");
  }
  return user;
}

/**
 * Notes where a sign-in came from, for the console's signals (issue 34): the keyed hash of the address's rate-limit
 * identity (`addressKey`), so equal addresses compare equal while the table alone gives no address back.
 */
export async function recordSignInAddress(userId: string, addressKey: string): Promise<void> {
  await insertSignIn(await getDb(), userId, signature("sign-in-address", addressKey));
}
