import "server-only";

import { aliasedTable, and, desc, eq, gte, inArray, sql } from "drizzle-orm";

import { bookings, jobs, reviews, signIns, users } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import { consolePerson, consoleReviewColumns } from "~/models/user-lookup.server";

// What looks like rating or earnings manipulation (issue 34's signals), flagged for an operator to review. Each
// query reads the last 30 days through a created_at or completed_at index, and returns at most SIGNAL_LIMIT flags.

/** The same seeker and provider completing this many bookings together in the window. */
export const PAIR_MIN_COMPLETED = 3;
/** A booking completed sooner than this after it was accepted. */
export const QUICK_COMPLETION_MINUTES = 10;
/** This many distinct reviewers of one user signing in from one address in the window. */
export const SHARED_ADDRESS_MIN_REVIEWERS = 3;
export const SIGNAL_LIMIT = 50;

/** Completed bookings between one seeker and one provider, PAIR_MIN_COMPLETED or more since `since`: their ids. */
export async function repeatedPairs(db: Executor, since: Date) {
  return db
    .select({
      seekerId: bookings.seekerId,
      providerId: bookings.providerId,
      bookingIds: sql<string[]>`array_agg(${bookings.id} order by ${bookings.completedAt} desc)`,
    })
    .from(bookings)
    .where(and(gte(bookings.completedAt, since), eq(bookings.status, "completed")))
    .groupBy(bookings.seekerId, bookings.providerId)
    .having(sql`count(*) >= ${PAIR_MIN_COMPLETED}`)
    .orderBy(sql`count(*) desc`)
    .limit(SIGNAL_LIMIT);
}

/** Bookings completed since `since` within QUICK_COMPLETION_MINUTES of being accepted: their ids, newest first. */
export async function quickCompletions(db: Executor, since: Date): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        gte(bookings.completedAt, since),
        eq(bookings.status, "completed"),
        sql`${bookings.completedAt} - ${bookings.acceptedAt} < make_interval(mins => ${QUICK_COMPLETION_MINUTES})`,
      ),
    )
    .orderBy(desc(bookings.completedAt))
    .limit(SIGNAL_LIMIT);
  return rows.map((row) => row.id);
}

/**
 * Users reviewed since `since` by SHARED_ADDRESS_MIN_REVIEWERS or more distinct reviewers who signed in from one
 * address (its hash) since then: the reviewee, the reviewers, and the ids of those reviews.
 */
export async function sharedAddressReviewers(db: Executor, since: Date) {
  const at = sql`${since.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with recent as (
      select ${reviews.id} as id, ${reviews.reviewerId} as reviewer_id, ${reviews.revieweeId} as reviewee_id
      from ${reviews}
      where ${reviews.createdAt} >= ${at} and ${reviews.hiddenAt} is null
    ), places as (
      select distinct recent.reviewee_id, ${signIns.addressHash} as address_hash, recent.reviewer_id
      from recent join ${signIns} on ${signIns.userId} = recent.reviewer_id and ${signIns.createdAt} >= ${at}
    ), shared as (
      select reviewee_id, address_hash, array_agg(reviewer_id) as reviewer_ids
      from places
      group by reviewee_id, address_hash
      having count(*) >= ${SHARED_ADDRESS_MIN_REVIEWERS}
      limit ${SIGNAL_LIMIT}
    )
    select shared.reviewee_id, shared.reviewer_ids,
      array(select recent.id from recent where recent.reviewee_id = shared.reviewee_id and recent.reviewer_id = any(shared.reviewer_ids)) as review_ids
    from shared`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Array<{
    reviewee_id: string;
    reviewer_ids: string[];
    review_ids: string[];
  }>;
  return rows.map((row) => ({ revieweeId: row.reviewee_id, reviewerIds: row.reviewer_ids, reviewIds: row.review_ids }));
}

const seeker = aliasedTable(users, "seeker");
const provider = aliasedTable(users, "provider");

/** The bookings of these ids with their job, parties and price. */
export async function signalBookings(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: bookings.id,
      jobTitle: jobs.title,
      agreedPrice: bookings.agreedPrice,
      createdAt: bookings.createdAt,
      acceptedAt: bookings.acceptedAt,
      completedAt: bookings.completedAt,
      seeker: consolePerson(seeker),
      provider: consolePerson(provider),
    })
    .from(bookings)
    .innerJoin(jobs, eq(jobs.id, bookings.jobId))
    .innerJoin(seeker, eq(seeker.id, bookings.seekerId))
    .innerJoin(provider, eq(provider.id, bookings.providerId))
    .where(inArray(bookings.id, ids));
}

const reviewer = aliasedTable(users, "reviewer");
const reviewee = aliasedTable(users, "reviewee");

/** The reviews of these ids, or of these bookings, with both users; hidden and excluded ones marked. */
export async function signalReviews(db: Executor, of: { ids?: string[]; bookingIds?: string[] }) {
  const condition = of.ids ? inArray(reviews.id, of.ids) : of.bookingIds ? inArray(reviews.bookingId, of.bookingIds) : undefined;
  if (!condition || (of.ids ?? of.bookingIds)!.length === 0) return [];
  return db
    .select({
      ...consoleReviewColumns,
      reviewer: consolePerson(reviewer),
      reviewee: consolePerson(reviewee),
    })
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .where(condition)
    .orderBy(desc(reviews.createdAt));
}

/** Notes a sign-in and the hash of the address it came from. */
export async function insertSignIn(db: Executor, userId: string, addressHash: string): Promise<void> {
  await db.insert(signIns).values({ userId, addressHash });
}
