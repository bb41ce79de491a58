import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { bookings, jobColumns, jobs, messages, notifications, reports, reviews, type Job, type Message, type Review } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import { isUuid } from "~/lib/ids";
import type { ReportTarget } from "~/lib/trust-safety";
import { messageNotificationText } from "~/models/message.server";

// An operator's hiding of content (issue 34): each write is one conditional update, so hiding twice changes nothing
// the second time (null) and the operation answers 409.

/**
 * Hides a job by an operator: gone for everyone but operators, and cancelled for matching when still posted. A job
 * hidden for its seeker's suspension becomes the operator's (reinstating then leaves it hidden). Null when there is
 * no such job or an operator hid it already.
 */
export async function hideJob(tx: Executor, jobId: string): Promise<Job | null> {
  if (!isUuid(jobId)) return null;
  const [job] = await tx
    .update(jobs)
    .set({
      hiddenAt: sql`coalesce(${jobs.hiddenAt}, now())`,
      hiddenFor: "operator",
      status: sql`case when ${jobs.status} = 'posted' then 'cancelled'::job_status else ${jobs.status} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, jobId), sql`${jobs.hiddenFor} is distinct from 'operator'`))
    .returning(jobColumns);
  return job ?? null;
}

/** Hides a message from both parties; null when there is no such message or it is hidden already. */
export async function hideMessage(tx: Executor, messageId: string): Promise<Message | null> {
  if (!isUuid(messageId)) return null;
  const [message] = await tx
    .update(messages)
    .set({ hiddenAt: sql`now()` })
    .where(and(eq(messages.id, messageId), sql`${messages.hiddenAt} is null`))
    .returning();
  return message ?? null;
}

/**
 * The receiver's notification that quoted the hidden message goes too: its text would otherwise stay in their
 * notifications and in the message email still waiting to be sent.
 */
export async function deleteMessageNotice(tx: Executor, message: Message, jobTitle: string): Promise<void> {
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, message.receiverId),
        eq(notifications.type, "message"),
        eq(notifications.relatedId, message.bookingId),
        eq(notifications.message, messageNotificationText(jobTitle, message.content)),
      ),
    );
}

/** Hides a review from every list; null when there is no such review or it is hidden already. The caller recounts. */
export async function hideReview(tx: Executor, reviewId: string): Promise<Review | null> {
  if (!isUuid(reviewId)) return null;
  const [review] = await tx
    .update(reviews)
    .set({ hiddenAt: sql`now()` })
    .where(and(eq(reviews.id, reviewId), sql`${reviews.hiddenAt} is null`))
    .returning();
  return review ?? null;
}

/** Who wrote the content, whether it exists at all and whether it is hidden: for the refusals and the audit entry. */
export async function contentAuthor(db: Executor, type: ReportTarget, id: string): Promise<{ authorId: string; hidden: boolean } | null> {
  if (!isUuid(id)) return null;
  const rows =
    type === "job"
      ? await db
          .select({ authorId: jobs.seekerId, hidden: sql<boolean>`${jobs.hiddenFor} = 'operator'` })
          .from(jobs)
          .where(eq(jobs.id, id))
      : type === "message"
        ? await db
            .select({ authorId: messages.senderId, hidden: sql<boolean>`${messages.hiddenAt} is not null` })
            .from(messages)
            .where(eq(messages.id, id))
        : type === "review"
          ? await db
              .select({ authorId: reviews.reviewerId, hidden: sql<boolean>`${reviews.hiddenAt} is not null` })
              .from(reviews)
              .where(eq(reviews.id, id))
          : [{ authorId: id, hidden: false }];
  const [row] = rows;
  return row ? { authorId: row.authorId, hidden: Boolean(row.hidden) } : null;
}

/** The job title of a message's booking (the notice quoting it names it). */
export async function jobTitleOfBooking(db: Executor, bookingId: string): Promise<string> {
  const [row] = await db.select({ title: jobs.title }).from(bookings).innerJoin(jobs, eq(jobs.id, bookings.jobId)).where(eq(bookings.id, bookingId));
  return row?.title ?? "";
}

/**
 * Closes the target's open reports as dismissed or actioned by the operator, now; the reports closed (none: they
 * were closed already, or there were none).
 */
export async function resolveOpenReports(
  tx: Executor,
  target: { type: ReportTarget; id: string },
  outcome: "dismissed" | "actioned",
  operatorId: string,
): Promise<{ id: string; targetUserId: string }[]> {
  if (!isUuid(target.id)) return [];
  return tx
    .update(reports)
    .set({ status: outcome, resolvedAt: sql`now()`, resolvedBy: operatorId })
    .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), eq(reports.status, "open")))
    .returning({ id: reports.id, targetUserId: reports.targetUserId });
}
