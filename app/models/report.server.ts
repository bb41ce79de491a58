import "server-only";

import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";

import { bookings, jobs, messages, reports, reviews, users } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import { isUuid } from "~/lib/ids";
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGETS, type ReportTarget } from "~/lib/trust-safety";
import { mayReadJob } from "~/models/job.server";

export const reportSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, { error: "targetType must be job, user, message or review" }),
  targetId: z.uuid({ error: "targetId must be an id" }),
  reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, { error: `The note must be at most ${REPORT_NOTE_MAX} characters` })
    .optional()
    .transform((note) => note || undefined),
});
export type ReportInput = Omit<z.infer<typeof reportSchema>, "note"> & { note?: string };

export const REPORT_NOT_FOUND: Record<ReportTarget, string> = {
  job: "Job not found",
  user: "User not found",
  message: "Message not found",
  review: "Review not found",
};

/**
 * The author of what `reporterId` would report, as one SQL value (null when they may not see it): a job they may
 * read (its seeker), a user who exists (themselves), a message of one of their own conversations (its sender), a
 * review that is not hidden (its reviewer).
 */
function authorOf(reporterId: string, targetType: ReportTarget, targetId: string): SQL<string | null> {
  switch (targetType) {
    case "job":
      return sql`(select ${jobs.seekerId} from ${jobs} where ${and(eq(jobs.id, targetId), mayReadJob(reporterId))})`;
    case "user":
      return sql`(select ${users.id} from ${users} where ${eq(users.id, targetId)})`;
    case "message":
      return sql`(select ${messages.senderId} from ${messages} inner join ${bookings} on ${eq(bookings.id, messages.bookingId)}
        where ${and(eq(messages.id, targetId), isNull(messages.hiddenAt), or(eq(bookings.seekerId, reporterId), eq(bookings.providerId, reporterId)))})`;
    case "review":
      return sql`(select ${reviews.reviewerId} from ${reviews} where ${and(eq(reviews.id, targetId), isNull(reviews.hiddenAt))})`;
  }
}

/** Who wrote what the reporter names, if they may see it; else null. */
export async function reportTargetAuthor(db: Executor, reporterId: string, targetType: ReportTarget, targetId: string): Promise<string | null> {
  if (!isUuid(targetId)) return null;
  // Selected on the reporter's own row, so the answer is one row whatever the target.
  const [row] = await db
    .select({ author: authorOf(reporterId, targetType, targetId) })
    .from(users)
    .where(eq(users.id, reporterId));
  return row?.author ?? null;
}

export type Report = typeof reports.$inferSelect;

/**
 * Stores an open report, its author resolved in the same statement; undefined when the reporter has an open report
 * of that target already (the partial unique index settles two at once). The caller has checked that the target is
 * there for the reporter and not their own.
 */
export async function insertReport(db: Executor, reporterId: string, input: ReportInput): Promise<Report | undefined> {
  const [report] = await db
    .insert(reports)
    .values({
      reporterId,
      targetType: input.targetType,
      targetId: input.targetId,
      targetUserId: authorOf(reporterId, input.targetType, input.targetId),
      reason: input.reason,
      note: input.note ?? null,
    })
    .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId], where: sql`${reports.status} = 'open'` })
    .returning();
  return report;
}
