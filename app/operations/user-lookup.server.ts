import "server-only";

import { z } from "zod";

import { getDb } from "~/infra/db.server";
import { listAuditLog } from "~/models/audit-log.server";
import { bookingsOf, jobsOf, reportsOf, reviewsOf, searchUsers } from "~/models/user-lookup.server";
import { getUserById, type User } from "~/models/user.server";
import { operatorReason, reinstateUserIn, suspendInput, suspendUserIn } from "~/operations/suspensions.server";

/** The console's user lookup (issue 34): users whose email or name contains `q`, or of that id. */
export async function lookupUsers(q: string) {
  return searchUsers(await getDb(), q.slice(0, 200));
}

/** A user's page in the console: the account, and everything by and about them; null for no such user. */
export async function userDossier(userId: string) {
  const db = await getDb();
  const user = await getUserById(db, userId);
  if (!user) return null;
  const [jobs, bookings, reviewsGiven, reviewsReceived, reportsBy, reportsAbout, actions] = await Promise.all([
    jobsOf(db, userId),
    bookingsOf(db, userId),
    reviewsOf(db, userId, "by"),
    reviewsOf(db, userId, "of"),
    reportsOf(db, userId, "by"),
    reportsOf(db, userId, "about"),
    listAuditLog(db, { targetUserId: userId }),
  ]);
  return { user, jobs, bookings, reviewsGiven, reviewsReceived, reportsBy, reportsAbout, actions };
}
export type UserDossier = NonNullable<Awaited<ReturnType<typeof userDossier>>>;

export { suspendInput };
export const reinstateInput = z.object({ reason: operatorReason });

/** An operator suspends a user from the console or the API (see suspendUserIn). */
export async function suspendUser(operator: User, userId: string, input: z.infer<typeof suspendInput>) {
  return suspendUserIn(await getDb(), operator, userId, input);
}

/** An operator reinstates a user from the console or the API (see reinstateUserIn). */
export async function reinstateUser(operator: User, userId: string, input: z.infer<typeof reinstateInput>) {
  return reinstateUserIn(await getDb(), operator, userId, input.reason);
}
