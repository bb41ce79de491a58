import "server-only";

import { aliasedTable, and, desc, eq, gte, inArray, sql } from "drizzle-orm";

import { bookings, completedPairs, jobs, QUICK_COMPLETED_WITHIN, reviews, signIns, users } from "#db/schema.ts";
import { rowsOf, type Executor } from "~/infra/db.server";
import { PAIR_MIN_COMPLETED, QUICK_COMPLETION_MINUTES } from "~/lib/trust-safety";
import { consolePerson, consoleReviewColumns } from "~/models/user-lookup.server";

// What looks like rating or earnings manipulation (issue 34's signals), flagged for an operator to review. Each
// returns at most SIGNAL_LIMIT flags of the last 30 days, reading a number of rows that does not grow with the
// marketplace (decision 0083): kept pairs, a partial index of quick completions, reviews by creation time.

export { PAIR_MIN_COMPLETED, QUICK_COMPLETION_MINUTES };
/** This many distinct reviewers of one user signing in from one address in the window. */
export const SHARED_ADDRESS_MIN_REVIEWERS = 3;
export const SIGNAL_LIMIT = 50;

/**
 * Completed bookings between one seeker and one provider, PAIR_MIN_COMPLETED or more since `since`: their ids, the
 * pairs with most first. The kept pairs (completed_pairs) say which pairs have that many since `since`; each of them
 * is recounted from its own completed bookings (bookings_pair_completed_idx).
 */
export async function repeatedPairs(db: Executor, since: Date) {
  const pair = db
    .select({
      bookingIds: sql<string[]>`array_agg(${bookings.id} order by ${bookings.completedAt} desc)`.as("booking_ids"),
      count: sql<number>`count(*)`.as("count"),
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.seekerId, completedPairs.seekerId),
        eq(bookings.providerId, completedPairs.providerId),
        sql`${bookings.status} = 'completed'`,
        gte(bookings.completedAt, since),
      ),
    )
    .as("pair");
  return db
    .select({ seekerId: completedPairs.seekerId, providerId: completedPairs.providerId, bookingIds: pair.bookingIds })
    .from(completedPairs)
    .innerJoinLateral(pair, sql`true`)
    .where(gte(completedPairs.repeatedSince, since))
    .orderBy(desc(pair.count))
    .limit(SIGNAL_LIMIT);
}

/**
 * Bookings completed since `since` within QUICK_COMPLETION_MINUTES of being accepted: their ids, newest first. The
 * condition is spelt as bookings_quick_completed_idx's predicate (constants), so the newest flags are its first entries.
 */
export async function quickCompletions(db: Executor, since: Date): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        sql`${bookings.status} = 'completed' and ${bookings.completedAt} - ${bookings.acceptedAt} < ${QUICK_COMPLETED_WITHIN}`,
        gte(bookings.completedAt, since),
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
  const rows = rowsOf<{ reviewee_id: string; reviewer_ids: string[]; review_ids: string[] }>(result);
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
