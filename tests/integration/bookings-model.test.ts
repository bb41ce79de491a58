import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getJobForViewer } from "~/models/job.server";
import { ALREADY_REVIEWED, createReviewSchema, listReceivedReviews } from "~/models/review.server";
import { acceptJobIn as acceptJob, reviewBookingIn as createReview, moveBookingIn as transitionBooking } from "~/operations/bookings.server";
import { postJobIn as createJob } from "~/operations/jobs.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { modelTestDatabase, refusal } from "../support/model-database.ts";

let db: Database;
const { user } = modelTestDatabase((opened) => (db = opened));

async function booked() {
  const seeker = await user();
  const provider = await user({ currentRole: "provider", isProviderOnline: true });
  const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d", budget: 80 });
  const booking = await acceptJob(db, provider, { jobId: job.id });
  return { seeker, provider, job, booking };
}

const userRow = async (id: string) => (await db.select().from(t.users).where(eq(t.users.id, id)))[0];

describe("booking lifecycle", () => {
  it("lets the provider start and complete; the job follows and the provider's count grows", async () => {
    const { seeker, provider, job, booking } = await booked();
    const started = await transitionBooking(db, booking.id, provider.id, "in_progress");
    expect(started.status).toBe("in_progress");
    expect(started.startedAt).toBeInstanceOf(Date);
    expect((await getJobForViewer(db, job.id, seeker.id))?.status).toBe("in_progress");
    const done = await transitionBooking(db, booking.id, provider.id, "completed");
    expect(done.completedAt).toBeInstanceOf(Date);
    expect((await getJobForViewer(db, job.id, seeker.id))?.status).toBe("completed");
    expect((await userRow(provider.id)).totalJobsCompleted).toBe(1);
    expect((await userRow(seeker.id)).totalJobsCompleted).toBe(0);
  });

  it("refuses the seeker's provider moves with 403 and illegal moves with 409 naming the status", async () => {
    const { seeker, provider, booking } = await booked();
    expect((await refusal(transitionBooking(db, booking.id, seeker.id, "in_progress"))).kind).toBe("forbidden");
    const skip = await refusal(transitionBooking(db, booking.id, provider.id, "completed"));
    expect(skip.kind).toBe("conflict");
    expect(skip.message).toContain("is accepted");
    await transitionBooking(db, booking.id, provider.id, "in_progress");
    expect((await refusal(transitionBooking(db, booking.id, provider.id, "cancelled"))).kind).toBe("conflict");
    expect((await refusal(transitionBooking(db, booking.id, provider.id, "accepted"))).kind).toBe("conflict");
  });

  it("hides the booking from strangers (404) and refuses malformed ids", async () => {
    const { booking } = await booked();
    const stranger = await user();
    expect((await refusal(transitionBooking(db, booking.id, stranger.id, "in_progress"))).kind).toBe("not_found");
    expect((await refusal(transitionBooking(db, "nope", stranger.id, "in_progress"))).kind).toBe("not_found");
  });

  it("cancelling: by the provider puts the job back on the market, by the seeker withdraws it", async () => {
    const first = await booked();
    await transitionBooking(db, first.booking.id, first.provider.id, "cancelled");
    expect((await getJobForViewer(db, first.job.id, first.seeker.id))?.status).toBe("posted");
    const second = await booked();
    await transitionBooking(db, second.booking.id, second.seeker.id, "cancelled");
    expect((await getJobForViewer(db, second.job.id, second.seeker.id))?.status).toBe("cancelled");
    expect((await refusal(transitionBooking(db, second.booking.id, second.provider.id, "in_progress"))).kind).toBe("conflict");
  });

  it("lets exactly one of two concurrent starts through", async () => {
    const { provider, booking } = await booked();
    const results = await Promise.allSettled([1, 2, 3].map(() => transitionBooking(db, booking.id, provider.id, "in_progress")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});

describe("reviews", () => {
  async function completed() {
    const setup = await booked();
    await transitionBooking(db, setup.booking.id, setup.provider.id, "in_progress");
    await transitionBooking(db, setup.booking.id, setup.provider.id, "completed");
    return setup;
  }

  it("lets each party review the other once, updating the reviewee's rating", async () => {
    const { seeker, provider, booking } = await completed();
    const review = await createReview(db, seeker.id, { bookingId: booking.id, revieweeId: provider.id, rating: 5, comment: "Great" });
    expect(review).toMatchObject({ reviewerId: seeker.id, revieweeId: provider.id, rating: 5, comment: "Great" });
    await createReview(db, provider.id, { bookingId: booking.id, revieweeId: seeker.id, rating: 4 });
    expect(await userRow(provider.id)).toMatchObject({ averageRating: "5.00", totalReviews: 1 });
    expect(await userRow(seeker.id)).toMatchObject({ averageRating: "4.00", totalReviews: 1 });
    const again = await refusal(createReview(db, seeker.id, { bookingId: booking.id, revieweeId: provider.id, rating: 1 }));
    expect(again.kind).toBe("conflict");
    expect(again.message).toBe(ALREADY_REVIEWED);
    expect((await listReceivedReviews(db, provider.id))[0].reviewer.id).toBe(seeker.id);
  });

  it("refuses reviews before completion, of the wrong person, and by strangers", async () => {
    const { seeker, provider, booking } = await booked();
    expect((await refusal(createReview(db, seeker.id, { bookingId: booking.id, revieweeId: provider.id, rating: 5 }))).kind).toBe("conflict");
    const done = await completed();
    expect((await refusal(createReview(db, done.seeker.id, { bookingId: done.booking.id, revieweeId: done.seeker.id, rating: 5 }))).kind).toBe(
      "invalid",
    );
    const stranger = await user();
    expect((await refusal(createReview(db, stranger.id, { bookingId: done.booking.id, revieweeId: done.provider.id, rating: 5 }))).kind).toBe(
      "not_found",
    );
  });

  it("validates rating and comment", () => {
    const base = { bookingId: "00000000-0000-4000-8000-000000000000", revieweeId: "00000000-0000-4000-8000-000000000001" };
    expect(createReviewSchema.safeParse({ ...base, rating: 0 }).success).toBe(false);
    expect(createReviewSchema.safeParse({ ...base, rating: 6 }).success).toBe(false);
    expect(createReviewSchema.safeParse({ ...base, rating: 4.5 }).success).toBe(false);
    expect(createReviewSchema.safeParse({ ...base, rating: 5, comment: "x".repeat(501) }).success).toBe(false);
    const trimmed = createReviewSchema.parse({ ...base, rating: 5, comment: "   " });
    expect(trimmed.comment).toBeUndefined();
    expect(createReviewSchema.parse({ ...base, rating: 5, comment: "  ok  " }).comment).toBe("ok");
  });

  it("keeps the average exact under 30 concurrent reviews of one user", async () => {
    const provider = await user({ currentRole: "provider", isProviderOnline: true });
    const ratings: number[] = [];
    const bookingsToReview = [];
    for (let i = 0; i < 30; i++) {
      const seeker = await user();
      const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
      const booking = await acceptJob(db, provider, { jobId: job.id });
      await transitionBooking(db, booking.id, provider.id, "in_progress");
      await transitionBooking(db, booking.id, provider.id, "completed");
      const rating = (i % 5) + 1;
      ratings.push(rating);
      bookingsToReview.push({ seeker, booking, rating });
    }
    await Promise.all(
      bookingsToReview.map(({ seeker, booking, rating }) => createReview(db, seeker.id, { bookingId: booking.id, revieweeId: provider.id, rating })),
    );
    const expected = (ratings.reduce((a, b) => a + b, 0) / ratings.length).toFixed(2);
    expect(await userRow(provider.id)).toMatchObject({ totalReviews: 30, averageRating: expected, totalJobsCompleted: 30 });
  });
});
