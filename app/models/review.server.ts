import "server-only";

import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";

import { bookings, jobs, reviews, users, type Booking, type Review } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import { reviewFieldRules } from "~/lib/schemas/review";
import { fullName } from "~/lib/user-display";
import type { NewNotification } from "~/models/notification.server";

export type { Review };

export const createReviewSchema = z.object({
  bookingId: z.uuid({ error: "bookingId must be a booking id" }),
  revieweeId: z.uuid({ error: "revieweeId must be a user id" }),
  rating: reviewFieldRules.rating,
  comment: reviewFieldRules.comment,
});
export type CreateReviewInput = { bookingId: string; revieweeId: string; rating: number; comment?: string };

export const ALREADY_REVIEWED = "You have already reviewed this booking";

/** The booking as one of its parties has it, for a review (authorization in the query); null for anyone else. */
export async function bookingToReview(db: Executor, bookingId: string, reviewerId: string): Promise<Booking | null> {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), or(eq(bookings.seekerId, reviewerId), eq(bookings.providerId, reviewerId))));
  return booking ?? null;
}

/**
 * Stores one review and recomputes the reviewee's averageRating and totalReviews (`recountReviewee`), in the
 * caller's transaction. The reviewee's row is locked first, so concurrent reviews of one user queue up; a second
 * review of the booking by the same reviewer is settled by the unique constraint (null).
 */
export async function insertReviewAndRecount(
  tx: Executor,
  review: { bookingId: string; reviewerId: string; revieweeId: string; rating: number; comment?: string },
): Promise<Review | null> {
  await lockReviewee(tx, review.revieweeId);
  const [row] = await tx
    .insert(reviews)
    .values({ ...review, comment: review.comment ?? null })
    .onConflictDoNothing({ target: [reviews.bookingId, reviews.reviewerId] })
    .returning();
  if (!row) return null;
  await recountReviewee(tx, review.revieweeId);
  return row;
}

/** A review that counts: neither hidden nor excluded by an operator (issue 34). */
const counted = sql`${reviews.hiddenAt} is null and ${reviews.excludedAt} is null`;

async function lockReviewee(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/**
 * Recomputes the user's averageRating and totalReviews from the reviews that count (hidden and excluded ones left
 * out), in the caller's transaction, the user's row locked first: after any change to a review's hiddenAt or
 * excludedAt, in that change's transaction.
 */
export async function recountReviewee(tx: Executor, userId: string): Promise<void> {
  await lockReviewee(tx, userId);
  await tx
    .update(users)
    .set({
      totalReviews: sql`(select count(*)::int from ${reviews} where ${reviews.revieweeId} = ${userId} and ${counted})`,
      averageRating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.revieweeId} = ${userId} and ${counted})`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/**
 * An operator leaves a review out of its reviewee's aggregates (issue 34's signals): the review, now excluded, or
 * null when it was already (or is no review). The reviewee's row is locked first, as a new review does.
 */
export async function excludeReview(tx: Executor, reviewId: string): Promise<Review | null> {
  const [current] = await tx.select({ revieweeId: reviews.revieweeId }).from(reviews).where(eq(reviews.id, reviewId));
  if (!current) return null;
  await lockReviewee(tx, current.revieweeId);
  const [row] = await tx
    .update(reviews)
    .set({ excludedAt: sql`now()` })
    .where(and(eq(reviews.id, reviewId), sql`${reviews.excludedAt} is null`))
    .returning();
  if (row) await recountReviewee(tx, row.revieweeId);
  return row ?? null;
}

/** The review of this id (any, hidden or excluded too), for the console. */
export async function getReviewById(db: Executor, reviewId: string): Promise<Review | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  return row ?? null;
}

/** The notice the reviewee gets: the reviewer's name only, never their email (decision 0018). */
export async function reviewNotice(db: Executor, review: Review, jobId: string): Promise<NewNotification> {
  const [reviewer] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, review.reviewerId));
  const [job] = await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, jobId));
  return {
    userId: review.revieweeId,
    type: "review",
    title: "New review",
    message: `${fullName(reviewer)} rated you ${review.rating} of 5 for "${job.title}"`,
    relatedId: review.bookingId,
  };
}

export interface ReceivedReview extends Review {
  reviewer: { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null };
}

/** Reviews a user received, newest first (hidden ones left out), with the reviewer's public fields. */
export async function listReceivedReviews(db: Executor, userId: string, limit = 100): Promise<ReceivedReview[]> {
  const rows = await db
    .select({
      review: reviews,
      reviewer: { id: users.id, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(and(eq(reviews.revieweeId, userId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.review, reviewer: r.reviewer }));
}

/** The review the user wrote for a booking, if any (the booking page shows it instead of the button). */
export async function findReviewBy(db: Executor, bookingId: string, reviewerId: string): Promise<Review | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.bookingId, bookingId), eq(reviews.reviewerId, reviewerId)));
  return row ?? null;
}
