import "server-only";

import { aliasedTable, and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";

import { auditLog, bookings, jobs, messages, reports, reviews, users } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import type { ReportReason, ReportStatus, ReportTarget } from "~/lib/trust-safety";

// The operators' reports queue (issue 34): open reports grouped by what they are about, with that content in
// context and the history of its author. Operators see who reported (users never do).

export interface QueuedReport {
  id: string;
  reason: ReportReason;
  note: string | null;
  createdAt: Date;
  reporter: PersonName;
}

export interface PersonName {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

/** One target's open reports: newest activity first in the queue. */
export interface ReportGroup {
  targetType: ReportTarget;
  targetId: string;
  /** The author of the content (the user reported, the job's seeker, the message's sender, the reviewer). */
  targetUserId: string;
  count: number;
  lastReportedAt: Date;
  reports: QueuedReport[];
}

/** How many groups the queue shows at once (each reads its content and history). */
export const QUEUE_LIMIT = 25;

/** The open reports, grouped by target, the group with the newest report first; each group's reports newest first. */
export async function listOpenReportGroups(db: Executor, limit = QUEUE_LIMIT): Promise<ReportGroup[]> {
  const groups = await db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      count: sql<number>`count(*)::int`,
      lastReportedAt: sql<Date>`max(${reports.createdAt})`.mapWith(reports.createdAt),
    })
    .from(reports)
    .where(eq(reports.status, "open"))
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(desc(sql`max(${reports.createdAt})`), reports.targetId)
    .limit(limit);
  if (groups.length === 0) return [];
  const rows = await db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      targetUserId: reports.targetUserId,
      reason: reports.reason,
      note: reports.note,
      createdAt: reports.createdAt,
      reporter: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(reports.status, "open"),
        inArray(
          reports.targetId,
          groups.map((g) => g.targetId),
        ),
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id));
  return groups.map((group) => {
    const own = rows.filter((r) => r.targetId === group.targetId && r.targetType === group.targetType);
    return {
      ...group,
      targetUserId: own[0]?.targetUserId ?? "",
      reports: own.map(({ id, reason, note, createdAt, reporter }) => ({ id, reason, note, createdAt, reporter })),
    };
  });
}

/** The target's open reports, for an action on its group: who they are about (none: nothing open). */
export async function openReportsOf(db: Executor, target: { type: ReportTarget; id: string }): Promise<{ id: string; targetUserId: string }[]> {
  return db
    .select({ id: reports.id, targetUserId: reports.targetUserId })
    .from(reports)
    .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), eq(reports.status, "open")));
}

const seeker = aliasedTable(users, "seeker");
const reviewer = aliasedTable(users, "reviewer");
const reviewee = aliasedTable(users, "reviewee");
const sender = aliasedTable(users, "sender");

/** A reported job as operators see it, hidden or not. */
export async function reportedJob(db: Executor, jobId: string) {
  const [row] = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      description: jobs.description,
      status: jobs.status,
      hiddenAt: jobs.hiddenAt,
      hiddenFor: jobs.hiddenFor,
      createdAt: jobs.createdAt,
      seeker: { id: seeker.id, firstName: seeker.firstName, lastName: seeker.lastName },
    })
    .from(jobs)
    .innerJoin(seeker, eq(seeker.id, jobs.seekerId))
    .where(eq(jobs.id, jobId));
  return row ?? null;
}

/** A reported review: its rating and comment, reviewer → reviewee. */
export async function reportedReview(db: Executor, reviewId: string) {
  const [row] = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      hiddenAt: reviews.hiddenAt,
      excludedAt: reviews.excludedAt,
      reviewer: { id: reviewer.id, firstName: reviewer.firstName, lastName: reviewer.lastName },
      reviewee: { id: reviewee.id, firstName: reviewee.firstName, lastName: reviewee.lastName },
    })
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .where(eq(reviews.id, reviewId));
  return row ?? null;
}

export interface ThreadLine {
  id: string;
  content: string;
  createdAt: Date;
  hiddenAt: Date | null;
  sender: PersonName;
  /** The reported message itself. */
  reported: boolean;
}

/** How many messages either side of a reported one the queue shows. */
export const NEIGHBOURS = 2;

/** A reported message in its booking's thread: the job's title and the message with its neighbours, hidden ones too. */
export async function reportedMessage(db: Executor, messageId: string): Promise<{ bookingId: string; jobTitle: string; lines: ThreadLine[] } | null> {
  const [message] = await db
    .select({ id: messages.id, bookingId: messages.bookingId, createdAt: messages.createdAt, jobTitle: jobs.title })
    .from(messages)
    .innerJoin(bookings, eq(bookings.id, messages.bookingId))
    .innerJoin(jobs, eq(jobs.id, bookings.jobId))
    .where(eq(messages.id, messageId));
  if (!message) return null;
  const line = {
    id: messages.id,
    content: messages.content,
    createdAt: messages.createdAt,
    hiddenAt: messages.hiddenAt,
    sender: { id: sender.id, firstName: sender.firstName, lastName: sender.lastName },
  };
  const sameThread = eq(messages.bookingId, message.bookingId);
  // Compared in SQL: PostgreSQL keeps microseconds that a JavaScript Date would drop, putting the message after itself.
  const reportedKey = sql`(select m.created_at, m.id from ${messages} as m where m.id = ${message.id})`;
  const before = sql`(${messages.createdAt}, ${messages.id}) < ${reportedKey}`;
  const after = sql`(${messages.createdAt}, ${messages.id}) > ${reportedKey}`;
  const [earlier, itself, later] = await Promise.all([
    db
      .select(line)
      .from(messages)
      .innerJoin(sender, eq(sender.id, messages.senderId))
      .where(and(sameThread, before))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(NEIGHBOURS),
    db.select(line).from(messages).innerJoin(sender, eq(sender.id, messages.senderId)).where(eq(messages.id, message.id)),
    db
      .select(line)
      .from(messages)
      .innerJoin(sender, eq(sender.id, messages.senderId))
      .where(and(sameThread, after))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(NEIGHBOURS),
  ]);
  const lines = [...earlier.reverse(), ...itself, ...later].map((l) => ({ ...l, reported: l.id === message.id }));
  return { bookingId: message.bookingId, jobTitle: message.jobTitle, lines };
}

/** A user's profile summary for operators: who they are, their standing and whether they are suspended. */
export async function reportedUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      currentRole: users.currentRole,
      bio: users.bio,
      createdAt: users.createdAt,
      averageRating: users.averageRating,
      totalReviews: users.totalReviews,
      totalJobsCompleted: users.totalJobsCompleted,
      isOperator: users.isOperator,
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
      suspensionReason: users.suspensionReason,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
export type ReportedUser = NonNullable<Awaited<ReturnType<typeof reportedUser>>>;

export interface PastReport {
  id: string;
  targetType: ReportTarget;
  targetId: string;
  reason: ReportReason;
  status: ReportStatus;
  createdAt: Date;
}

/** How many earlier reports and actions about a user the queue shows per group. */
export const HISTORY_LIMIT = 10;

/** Reports about the user other than the open ones of this target, newest first. */
export async function pastReportsAbout(db: Executor, userId: string, except: { type: ReportTarget; id: string }): Promise<PastReport[]> {
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(
      and(eq(reports.targetUserId, userId), or(ne(reports.status, "open"), ne(reports.targetId, except.id), ne(reports.targetType, except.type))),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(HISTORY_LIMIT);
}

/** The operator actions about the user, newest first, with the operator's name. */
export async function actionsAbout(db: Executor, userId: string) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      reason: auditLog.reason,
      createdAt: auditLog.createdAt,
      operator: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.operatorId))
    .where(eq(auditLog.targetUserId, userId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(HISTORY_LIMIT);
}
