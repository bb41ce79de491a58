import "server-only";

import { z } from "zod";

import { getDb, type Executor } from "~/infra/db.server";
import { inTransaction } from "~/infra/events.server";
import { conflict, notFound } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { recordAction } from "~/models/audit-log.server";
import { excludeReview, getReviewById, type Review } from "~/models/review.server";
import { quickCompletions, repeatedPairs, sharedAddressReviewers, signalBookings, signalReviews } from "~/models/signals.server";
import type { User } from "~/models/user.server";
import { operatorReason } from "~/operations/suspensions.server";

export { PAIR_MIN_COMPLETED, QUICK_COMPLETION_MINUTES, SHARED_ADDRESS_MIN_REVIEWERS } from "~/models/signals.server";

export const SIGNAL_WINDOW_DAYS = 30;

type SignalBooking = Awaited<ReturnType<typeof signalBookings>>[number];
export type SignalReview = Awaited<ReturnType<typeof signalReviews>>[number];
export type FlaggedBooking = SignalBooking & { reviews: SignalReview[] };

/** A flag: what looks like manipulation, with the bookings and reviews involved. */
export type Signal =
  | { kind: "repeated-pair"; seeker: SignalBooking["seeker"]; provider: SignalBooking["provider"]; bookings: FlaggedBooking[] }
  | { kind: "quick-completion"; bookings: FlaggedBooking[] }
  | { kind: "shared-address"; revieweeId: string; reviewerCount: number; reviews: SignalReview[] };

/**
 * The console's signals (issue 34) over the last 30 days: (a) one seeker and one provider completing several
 * bookings together, (b) bookings completed minutes after they were accepted, (c) several reviewers of one user
 * signing in from one address. Each flag lists the bookings and reviews involved, for an operator to judge.
 */
export async function signalsReport(now = new Date()): Promise<Signal[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - SIGNAL_WINDOW_DAYS * 24 * 3_600_000);
  const [pairs, quick, shared] = await Promise.all([repeatedPairs(db, since), quickCompletions(db, since), sharedAddressReviewers(db, since)]);
  const bookingIds = [...new Set([...pairs.flatMap((pair) => pair.bookingIds), ...quick])];
  const [bookings, bookingReviews, sharedReviews] = await Promise.all([
    signalBookings(db, bookingIds),
    signalReviews(db, { bookingIds }),
    signalReviews(db, { ids: shared.flatMap((flag) => flag.reviewIds) }),
  ]);
  const byId = new Map(
    bookings.map((booking) => [booking.id, { ...booking, reviews: bookingReviews.filter((review) => review.bookingId === booking.id) }]),
  );
  const flagged = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  return [
    ...pairs.flatMap((pair): Signal[] => {
      const list = flagged(pair.bookingIds);
      return list.length ? [{ kind: "repeated-pair", seeker: list[0]!.seeker, provider: list[0]!.provider, bookings: list }] : [];
    }),
    ...quick.flatMap((id): Signal[] => (byId.has(id) ? [{ kind: "quick-completion", bookings: flagged([id]) }] : [])),
    ...shared.map((flag): Signal => ({
      kind: "shared-address",
      revieweeId: flag.revieweeId,
      reviewerCount: flag.reviewerIds.length,
      reviews: sharedReviews.filter((review) => flag.reviewIds.includes(review.id)),
    })),
  ];
}

export const excludeReviewInput = z.object({ reason: operatorReason });

/**
 * An operator leaves a review out of its reviewee's average and count (issue 34), in one transaction with the
 * recount and the audit entry (`review.exclude`). 404 for no such review; 409 when it is excluded already.
 */
export async function excludeReviewIn(db: Executor, operator: Pick<User, "id">, reviewId: string, reason: string): Promise<Review> {
  if (!isUuid(reviewId)) throw notFound("Review not found");
  return inTransaction(db, async (tx) => {
    const review = await excludeReview(tx, reviewId);
    if (!review) {
      if (!(await getReviewById(tx, reviewId))) throw notFound("Review not found");
      throw conflict("This review is already excluded from the aggregates");
    }
    await recordAction(tx, {
      operatorId: operator.id,
      action: "review.exclude",
      targetType: "review",
      targetId: review.id,
      targetUserId: review.reviewerId,
      reason,
      details: { revieweeId: review.revieweeId, rating: review.rating },
    });
    return review;
  });
}

/** The console's and the API's form of excludeReviewIn, on the app's database. */
export async function excludeReviewFromAggregates(operator: User, reviewId: string, input: z.infer<typeof excludeReviewInput>): Promise<Review> {
  return excludeReviewIn(await getDb(), operator, reviewId, input.reason);
}
