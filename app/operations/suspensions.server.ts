import "server-only";

import type { Job as QueuedJob } from "pg-boss";
import { z } from "zod";

import { QUEUES } from "#db/queue.ts";
import { accountMail } from "~/infra/account-mail.server";
import { getConfig } from "~/infra/config.server";
import { getDb, type Executor } from "~/infra/db.server";
import { inTransaction, publishSessionEnd, sessionTag } from "~/infra/events.server";
import { sendMail } from "~/infra/mail.server";
import { enqueue } from "~/infra/queue.server";
import { conflict, forbidden, notFound } from "~/lib/errors";
import { formatMoment } from "~/lib/schedule";
import { OPERATOR_REASON_MAX } from "~/lib/trust-safety";
import { OPERATOR_NOT_SUSPENDED } from "~/lib/trust-safety-texts";
import { recordAction } from "~/models/audit-log.server";
import { displayName } from "~/models/booking.server";
import { publishJobUpdate } from "~/models/job.server";
import {
  deleteSessionsOf,
  hideJobsOfSuspended,
  reinstateAccount,
  showJobsOfReinstated,
  suspendAccount,
  suspensionOf,
} from "~/models/suspension.server";
import { actsAsOperator, getUserById, type User } from "~/models/user.server";
import { endRequestsIn } from "~/operations/requests.server";

/** An operator's reason: required, shown in the audit log (and, for a suspension, to the user). */
export const operatorReason = z
  .string({ error: "A reason is required" })
  .trim()
  .min(1, "A reason is required")
  .max(OPERATOR_REASON_MAX, `A reason must be at most ${OPERATOR_REASON_MAX} characters`);

/** A suspension: for a number of days, or indefinitely (no `days`). */
export const suspendInput = z.object({
  reason: operatorReason,
  days: z.coerce.number<string | number>({ error: "days must be a number of days" }).int().min(1).max(3650).optional(),
});
export type SuspendInput = z.infer<typeof suspendInput>;

/** What the other party of an ended request reads: never the operator's reason. */
export const ACCOUNT_CLOSED_REASON = "This account is no longer active";

/**
 * An operator suspends a user (issue 34), in one transaction: the account is suspended until the end (or
 * indefinitely), every session of theirs ends (and, once it commits, every live socket of those sessions closes on
 * every instance), their posted jobs leave every list, their open requests end (the other party told), the action
 * is written to the audit log and the user's email queued. 404 for no such user; 403 for suspending oneself or an operator.
 */
export async function suspendUserIn(db: Executor, operator: Pick<User, "id">, userId: string, input: SuspendInput, now = new Date()): Promise<User> {
  if (operator.id === userId) throw forbidden("You cannot suspend yourself");
  const until = input.days ? new Date(now.getTime() + input.days * 24 * 3_600_000) : null;
  return inTransaction(db, async (tx) => {
    const target = await getUserById(tx, userId);
    if (!target) throw notFound("User not found");
    if (actsAsOperator(target)) throw forbidden(OPERATOR_NOT_SUSPENDED);
    const user = await suspendAccount(tx, userId, { until, reason: input.reason });
    if (!user) throw notFound("User not found");
    const sessions = await deleteSessionsOf(tx, userId);
    for (const job of await hideJobsOfSuspended(tx, userId)) await publishJobUpdate(tx, job);
    const name = await displayName(tx, userId);
    await endRequestsIn(tx, { party: userId }, userId, ACCOUNT_CLOSED_REASON, `${name}: ${ACCOUNT_CLOSED_REASON}`);
    await recordAction(tx, {
      operatorId: operator.id,
      action: "user.suspend",
      targetType: "user",
      targetId: userId,
      targetUserId: userId,
      reason: input.reason,
      details: { until: until?.toISOString() ?? null },
    });
    await enqueue(tx, QUEUES.accountEmail, [{ data: { userId, kind: "suspended" }, singletonKey: `account:${userId}:suspended:${now.getTime()}` }]);
    for (const sid of sessions) await publishSessionEnd(tx, { userId, session: sessionTag(sid) });
    return user;
  });
}

/** An operator lifts a suspension: the account signs in again, the jobs the suspension hid come back; audited, emailed. */
export async function reinstateUserIn(db: Executor, operator: Pick<User, "id">, userId: string, reason: string, now = new Date()): Promise<User> {
  return inTransaction(db, async (tx) => {
    const user = await reinstateAccount(tx, userId);
    if (!user) {
      if (!(await getUserById(tx, userId))) throw notFound("User not found");
      throw conflict("This user is not suspended");
    }
    for (const job of await showJobsOfReinstated(tx, userId)) await publishJobUpdate(tx, job);
    await recordAction(tx, { operatorId: operator.id, action: "user.reinstate", targetType: "user", targetId: userId, targetUserId: userId, reason });
    await enqueue(tx, QUEUES.accountEmail, [{ data: { userId, kind: "reinstated" }, singletonKey: `account:${userId}:reinstated:${now.getTime()}` }]);
    return user;
  });
}

/** Why and until when the user is suspended, for their sign-in page; null once they are not. */
export async function suspensionNotice(userId: string) {
  return suspensionOf(await getDb(), userId);
}

/** The worker's handler of the `account-email` queue: tells the user their account was suspended or reinstated. */
export async function sendAccountEmail(job: QueuedJob<{ userId: string; kind: "suspended" | "reinstated" }>): Promise<void> {
  const db = await getDb();
  const user = await getUserById(db, job.data.userId);
  if (!user) return;
  const { appUrl, timeZone } = getConfig();
  const suspended = job.data.kind === "suspended";
  const paragraphs = suspended
    ? [
        `A Nearhand operator suspended your account${user.suspendedUntil ? ` until ${formatMoment(user.suspendedUntil, timeZone, new Date())}` : ""}.`,
        `Reason: ${user.suspensionReason ?? ""}`,
        "You are signed out everywhere and cannot sign in while it lasts. Your open requests were withdrawn and your posted jobs are hidden.",
      ]
    : ["A Nearhand operator lifted the suspension of your account. You can sign in again; your posted jobs are listed again."];
  await sendMail(
    accountMail({
      to: user.email,
      title: suspended ? "Your Nearhand account is suspended" : "Your Nearhand account is active again",
      paragraphs,
      link: new URL("/", appUrl).href,
      linkLabel: "Nearhand",
      messageId: `<${job.id}.account@${appUrl.hostname}>`,
    }),
  );
}
