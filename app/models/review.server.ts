import "server-only";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { bookings, jobs, reviews, users, type Review } from "../../db/schema.ts";
import { fullName } from "../lib/user-display";
import { notify } from "./notification.server";
import { reviewFieldRules } from "../lib/schemas/review";
import type { Executor } from "../services/db.server";
import { inTransaction } from "../services/events.server";
import { conflict, invalid, notFound } from "./errors";

export type { Review };

export const createReviewSchema = z.object({
  bookingId: z.uuid({ error: "bookingId must be a booking id" }),
  revieweeId: z.uuid({ error: "revieweeId must be a user id" }),
  rating: reviewFieldRules.rating,
  comment: reviewFieldRules.comment,
});
export type CreateReviewInput = { bookingId: string; revieweeId: string; rating: number; comment?: string };

export const ALREADY_REVIEWED = "You have already reviewed this booking";

/**
 * Either party reviews the other once per completed booking. The reviewee's
 * row is locked first, so concurrent reviews of one user queue up and each
 * recomputes averageRating and totalReviews exactly from the reviews table.
 */
export async function createReview(db: Executor, reviewerId: string, input: CreateReviewInput): Promise<Review> {
  return inTransaction(db, async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), or(eq(bookings.seekerId, reviewerId), eq(bookings.providerId, reviewerId))));
    if (!booking) throw notFound("Booking not found");
    if (booking.status !== "completed") throw conflict(`You can review a booking once it is completed; this one is ${booking.status.replace("_", " ")}`);
    const otherParty = booking.seekerId === reviewerId ? booking.providerId : booking.seekerId;
    if (input.revieweeId !== otherParty) throw invalid("revieweeId must be the other party of the booking");

    await tx.select({ id: users.id }).from(users).where(eq(users.id, otherParty)).for("update");
    const [review] = await tx
      .insert(reviews)
      .values({ bookingId: booking.id, reviewerId, revieweeId: otherParty, rating: input.rating, comment: input.comment ?? null })
      .onConflictDoNothing({ target: [reviews.bookingId, reviews.reviewerId] })
      .returning();
    if (!review) throw conflict(ALREADY_REVIEWED);
    await tx
      .update(users)
      .set({
        totalReviews: sql`(select count(*)::int from ${reviews} where ${reviews.revieweeId} = ${otherParty})`,
        averageRating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.revieweeId} = ${otherParty})`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, otherParty));
    // The notification's reader is another user: the name only, never the email (decision 0018).
    const [reviewer] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, reviewerId));
    const [job] = await tx.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, booking.jobId));
    await notify(tx, [
      {
        userId: otherParty,
        type: "review",
        title: "New review",
        message: `${fullName(reviewer)} rated you ${input.rating} of 5 for "${job.title}"`,
        relatedId: booking.id,
      },
    ]);
    return review;
  });
}

export interface ReceivedReview extends Review {
  reviewer: { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null };
}

/** Reviews a user received, newest first, with the reviewer's public fields. */
export async function listReceivedReviews(db: Executor, userId: string, limit = 100): Promise<ReceivedReview[]> {
  const rows = await db
    .select({
      review: reviews,
      reviewer: { id: users.id, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(eq(reviews.revieweeId, userId))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.review, reviewer: r.reviewer }));
}

/** The review the user wrote for a booking, if any (the booking page shows it instead of the button). */
export async function findReviewBy(db: Executor, bookingId: string, reviewerId: string): Promise<Review | null> {
  const [row] = await db.select().from(reviews).where(and(eq(reviews.bookingId, bookingId), eq(reviews.reviewerId, reviewerId)));
  return row ?? null;
}
