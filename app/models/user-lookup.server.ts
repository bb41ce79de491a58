import "server-only";

import { aliasedTable, desc, eq, inArray, or, sql } from "drizzle-orm";

import { bookings, jobs, reports, reviews, USER_LOOKUP_TEXT, users } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import { isUuid } from "~/lib/ids";

/** A user as the console names them: id, name and email. */
export const consolePerson = (u: typeof users) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email });

/** A review as the console lists it, hidden and excluded ones marked. */
export const consoleReviewColumns = {
  id: reviews.id,
  bookingId: reviews.bookingId,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  hiddenAt: reviews.hiddenAt,
  excludedAt: reviews.excludedAt,
};

export const LOOKUP_LIMIT = 20;
/** How many of each list a user's page shows: the newest. */
export const RECORD_LIMIT = 50;

export interface FoundUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isOperator: boolean;
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
  createdAt: Date;
}

const foundColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isOperator: users.isOperator,
  suspendedAt: users.suspendedAt,
  suspendedUntil: users.suspendedUntil,
  createdAt: users.createdAt,
};

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users whose email or name contains `q` (any case; the trigram index of USER_LOOKUP_TEXT answers three letters or
 * more), or whose id it is; the exact email first, then the newest, at most `limit`.
 */
export async function searchUsers(db: Executor, q: string, limit = LOOKUP_LIMIT): Promise<FoundUser[]> {
  const text = q.trim();
  if (!text) return [];
  const id: unknown = text;
  if (isUuid(id)) return db.select(foundColumns).from(users).where(eq(users.id, id));
  return db
    .select(foundColumns)
    .from(users)
    .where(sql`${USER_LOOKUP_TEXT} like ${containing(text)}`)
    .orderBy(sql`${users.email} = ${text.toLowerCase()} desc`, desc(users.createdAt))
    .limit(limit);
}

/** The jobs the user posted, newest first, hidden ones too. */
export async function jobsOf(db: Executor, userId: string) {
  return db
    .select({ id: jobs.id, title: jobs.title, status: jobs.status, hiddenAt: jobs.hiddenAt, hiddenFor: jobs.hiddenFor, createdAt: jobs.createdAt })
    .from(jobs)
    .where(eq(jobs.seekerId, userId))
    .orderBy(desc(jobs.createdAt))
    .limit(RECORD_LIMIT);
}

const otherUser = aliasedTable(users, "other_user");

/** The user's bookings on either side, newest first, with the job's title and the other party. */
export async function bookingsOf(db: Executor, userId: string) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      agreedPrice: bookings.agreedPrice,
      createdAt: bookings.createdAt,
      completedAt: bookings.completedAt,
      side: sql<"seeker" | "provider">`case when ${bookings.seekerId} = ${userId} then 'seeker' else 'provider' end`,
      jobTitle: jobs.title,
      other: consolePerson(otherUser),
    })
    .from(bookings)
    .innerJoin(jobs, eq(jobs.id, bookings.jobId))
    .innerJoin(otherUser, sql`${otherUser.id} = case when ${bookings.seekerId} = ${userId} then ${bookings.providerId} else ${bookings.seekerId} end`)
    .where(or(eq(bookings.seekerId, userId), eq(bookings.providerId, userId)))
    .orderBy(desc(bookings.createdAt))
    .limit(RECORD_LIMIT);
}

/** The reviews the user gave (`by`) or received (`of`), newest first, hidden and excluded ones marked, with the other user. */
export async function reviewsOf(db: Executor, userId: string, side: "by" | "of") {
  const mine = side === "by" ? reviews.reviewerId : reviews.revieweeId;
  const theirs = side === "by" ? reviews.revieweeId : reviews.reviewerId;
  return db
    .select({ ...consoleReviewColumns, other: consolePerson(otherUser) })
    .from(reviews)
    .innerJoin(otherUser, eq(otherUser.id, theirs))
    .where(eq(mine, userId))
    .orderBy(desc(reviews.createdAt))
    .limit(RECORD_LIMIT);
}

/** The reports the user made (`by`) or that are about them (`about`), newest first. */
export async function reportsOf(db: Executor, userId: string, side: "by" | "about") {
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reporterId: reports.reporterId,
      targetUserId: reports.targetUserId,
      reason: reports.reason,
      note: reports.note,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(eq(side === "by" ? reports.reporterId : reports.targetUserId, userId))
    .orderBy(desc(reports.createdAt))
    .limit(RECORD_LIMIT);
}

/** The names and emails of these users, by id (for lists that name operators and targets). */
export async function peopleByIds(db: Executor, ids: string[]) {
  const unique = [...new Set(ids.filter(isUuid))];
  if (unique.length === 0) return new Map<string, { id: string; firstName: string | null; lastName: string | null; email: string }>();
  const rows = await db.select(consolePerson(users)).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
