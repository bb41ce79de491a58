import "server-only";

import { z } from "zod";

import { getDb, type Executor } from "~/infra/db.server";
import { inTransaction, publishEvent } from "~/infra/events.server";
import { conflict, notFound } from "~/lib/errors";
import { REPORT_TARGETS, type ReportTarget } from "~/lib/trust-safety";
import { recordAction } from "~/models/audit-log.server";
import { publishJobUpdate } from "~/models/job.server";
import {
  contentAuthor,
  deleteMessageNotice,
  hideJob,
  hideMessage,
  hideReview,
  jobTitleOfBooking,
  resolveOpenReports,
} from "~/models/moderation.server";
import {
  actionsAbout,
  listOpenReportGroups,
  openReportsOf,
  pastReportsAbout,
  reportedJob,
  reportedMessage,
  reportedReview,
  reportedUser,
  type ReportGroup,
} from "~/models/report-queue.server";
import { recountReviewee } from "~/models/review.server";
import type { User } from "~/models/user.server";
import { endRequestsIn } from "~/operations/requests.server";
import { operatorReason, reinstateUserIn, suspendInput, suspendUserIn } from "~/operations/suspensions.server";

// The reports queue and hiding (issue 34): an operator dismisses a target's open reports, hides the content (a job,
// a message, a review) or suspends its author; each in one transaction with its audit entry.

const HIDEABLE = ["job", "message", "review"] as const;
export type Hideable = (typeof HIDEABLE)[number];

const targetId = z.uuid({ error: "targetId must be an id" });

/** POST /api/admin/reports/dismiss and the queue's Dismiss: the target whose open reports go, and why. */
export const dismissInput = z.object({
  targetType: z.enum(REPORT_TARGETS, { error: `targetType must be one of ${REPORT_TARGETS.join(", ")}` }),
  targetId,
  reason: operatorReason,
});
export type DismissInput = z.infer<typeof dismissInput>;

/** POST /api/admin/hide and the queue's Hide: a job, message or review, and why. */
export const hideInput = z.object({
  targetType: z.enum(HIDEABLE, { error: `targetType must be one of ${HIDEABLE.join(", ")}` }),
  targetId,
  reason: operatorReason,
});
export type HideInput = z.infer<typeof hideInput>;

/** The queue's Suspend: the author of a reported target, for days or indefinitely. */
export const suspendAuthorInput = suspendInput.extend({ targetType: dismissInput.shape.targetType, targetId });
export type SuspendAuthorInput = z.infer<typeof suspendAuthorInput>;

/** What the other party of a request ended with its hidden job reads: never the operator's reason. */
export const JOB_REMOVED_REASON = "This job was removed by Nearhand";

export const ALREADY_HIDDEN: Record<Hideable, string> = {
  job: "This job is already hidden",
  message: "This message is already hidden",
  review: "This review is already hidden",
};
const NOT_FOUND: Record<ReportTarget, string> = {
  job: "Job not found",
  message: "Message not found",
  review: "Review not found",
  user: "User not found",
};
export const NO_OPEN_REPORTS = "There are no open reports on this: another operator may have resolved them";

/**
 * Dismisses the target's open reports (nothing to act on): each closed as dismissed by the operator, audited as
 * `report.dismiss`. 409 when none is open (dismissed twice, or resolved by another operator meanwhile).
 */
export async function dismissReportsIn(db: Executor, operator: Pick<User, "id">, input: DismissInput): Promise<{ dismissed: number }> {
  return inTransaction(db, async (tx) => {
    const closed = await resolveOpenReports(tx, { type: input.targetType, id: input.targetId }, "dismissed", operator.id);
    if (closed.length === 0) throw conflict(NO_OPEN_REPORTS);
    await recordAction(tx, {
      operatorId: operator.id,
      action: "report.dismiss",
      targetType: input.targetType,
      targetId: input.targetId,
      targetUserId: closed[0].targetUserId,
      reason: input.reason,
      details: { reports: closed.map((r) => r.id) },
    });
    return { dismissed: closed.length };
  });
}

export async function dismissReports(operator: Pick<User, "id">, input: DismissInput) {
  return dismissReportsIn(await getDb(), operator, input);
}

/**
 * Hides a job, message or review (gone for everyone but operators), in one transaction with its consequences, its
 * open reports closed as actioned and its audit entry (`job.hide`, `message.hide`, `review.hide`):
 * - a job still posted is cancelled for matching, and its open request ends (the provider told, never the reason);
 * - a message leaves both parties' thread, conversations and unread counts, with the notice that quoted it;
 * - a review leaves every list and the reviewee's average and count, recomputed here.
 * 404 for no such content; 409 when it is hidden already.
 */
export async function hideContentIn(db: Executor, operator: Pick<User, "id">, input: HideInput): Promise<{ targetUserId: string; actioned: number }> {
  return inTransaction(db, async (tx) => {
    const found = await contentAuthor(tx, input.targetType, input.targetId);
    if (!found) throw notFound(NOT_FOUND[input.targetType]);
    const hidden = await HIDE[input.targetType](tx, input.targetId);
    if (!hidden) throw conflict(ALREADY_HIDDEN[input.targetType]);
    const closed = await resolveOpenReports(tx, { type: input.targetType, id: input.targetId }, "actioned", operator.id);
    await recordAction(tx, {
      operatorId: operator.id,
      action: `${input.targetType}.hide`,
      targetType: input.targetType,
      targetId: input.targetId,
      targetUserId: found.authorId,
      reason: input.reason,
      details: { reports: closed.map((r) => r.id) },
    });
    return { targetUserId: found.authorId, actioned: closed.length };
  });
}

export async function hideContent(operator: Pick<User, "id">, input: HideInput) {
  return hideContentIn(await getDb(), operator, input);
}

/** Each kind's hiding and its consequences, in the caller's transaction; false when it was hidden already. */
const HIDE: Record<Hideable, (tx: Executor, id: string) => Promise<boolean>> = {
  async job(tx, id) {
    const job = await hideJob(tx, id);
    if (!job) return false;
    await publishJobUpdate(tx, job);
    await endRequestsIn(tx, { jobId: job.id }, job.seekerId, JOB_REMOVED_REASON);
    return true;
  },
  async message(tx, id) {
    const message = await hideMessage(tx, id);
    if (!message) return false;
    await deleteMessageNotice(tx, message, await jobTitleOfBooking(tx, message.bookingId));
    // Both parties' open threads and badges read again (the message is gone from them).
    await publishEvent(tx, { type: "message", userIds: [message.senderId, message.receiverId], data: { bookingId: message.bookingId } });
    await publishEvent(tx, { type: "notification", userIds: [message.receiverId], data: {} });
    return true;
  },
  async review(tx, id) {
    const review = await hideReview(tx, id);
    if (!review) return false;
    await recountReviewee(tx, review.revieweeId);
    return true;
  },
};

/**
 * Suspends the author of a reported target (`suspendUserIn`: sessions ended, jobs hidden, requests ended, audited
 * `user.suspend`, emailed) and closes the target's open reports as actioned, in one transaction. 409 when none is
 * open.
 */
export async function suspendAuthorIn(db: Executor, operator: Pick<User, "id">, input: SuspendAuthorInput): Promise<User> {
  return inTransaction(db, async (tx) => {
    const open = await openReportsOf(tx, { type: input.targetType, id: input.targetId });
    if (open.length === 0) throw conflict(NO_OPEN_REPORTS);
    const user = await suspendUserIn(tx, operator, open[0].targetUserId, { reason: input.reason, days: input.days });
    await resolveOpenReports(tx, { type: input.targetType, id: input.targetId }, "actioned", operator.id);
    return user;
  });
}

export async function suspendAuthor(operator: Pick<User, "id">, input: SuspendAuthorInput) {
  return suspendAuthorIn(await getDb(), operator, input);
}

/** The queue's Reinstate: the suspended author of a group, and why. */
export const reinstateInput = z.object({ userId: z.uuid({ error: "userId must be a user id" }), reason: operatorReason });

/** Lifts the suspension of a group's author from the queue (`reinstateUserIn`: audited `user.reinstate`, emailed). */
export async function reinstateFromQueue(operator: Pick<User, "id">, input: z.infer<typeof reinstateInput>): Promise<User> {
  return reinstateUserIn(await getDb(), operator, input.userId, input.reason);
}

/** One group of the queue with the reported content in context and its author's standing and history. */
export type QueueItem = Awaited<ReturnType<typeof withContext>>;

async function withContext(db: Executor, group: ReportGroup) {
  const target = { type: group.targetType, id: group.targetId };
  const [job, message, review, author, pastReports, actions] = await Promise.all([
    group.targetType === "job" ? reportedJob(db, group.targetId) : null,
    group.targetType === "message" ? reportedMessage(db, group.targetId) : null,
    group.targetType === "review" ? reportedReview(db, group.targetId) : null,
    reportedUser(db, group.targetUserId),
    pastReportsAbout(db, group.targetUserId, target),
    actionsAbout(db, group.targetUserId),
  ]);
  return { ...group, job, message, review, author, pastReports, actions };
}

/** GET /api/admin/reports and /admin/reports: the open reports by target, newest activity first, each in context. */
export async function reportQueueIn(db: Executor): Promise<QueueItem[]> {
  const groups = await listOpenReportGroups(db);
  return Promise.all(groups.map((group) => withContext(db, group)));
}

export async function reportQueue(): Promise<QueueItem[]> {
  return reportQueueIn(await getDb());
}
