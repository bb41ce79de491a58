// Direct requests (issue 33 §2): a job asked of one provider, its pending booking answered, declined, withdrawn or
// lapsed, and the three-way race between accepting, withdrawing and lapsing settled by the database.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { ANSWER_THE_REQUEST } from "~/lib/job-process";
import { getJobForViewer, listAvailableJobs } from "~/models/job.server";
import { acceptJobIn, moveBookingIn } from "~/operations/bookings.server";
import { cancelJobIn, postRequestToEveryoneIn } from "~/operations/jobs.server";
import { lapseRequestIn, requestProviderIn, type RequestInput } from "~/operations/requests.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { modelTestDatabase, refusal } from "../support/model-database.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));

const ask = (providerId: string, more: Partial<RequestInput> = {}): RequestInput => ({
  providerId,
  categoryId: "repair",
  title: "Fix the tap",
  description: "It drips",
  budget: 60,
  when: "asap",
  ...more,
});

async function requested(more: Partial<RequestInput> = {}) {
  const seeker = await user();
  const asked = await provider();
  const booking = await requestProviderIn(db, seeker.id, ask(asked.id, more));
  return { seeker, asked, booking };
}

const bookingRow = async (id: string) => (await db.select().from(t.bookings).where(eq(t.bookings.id, id)))[0];
const jobRow = async (id: string) => (await db.select().from(t.jobs).where(eq(t.jobs.id, id)))[0];
const noticesOf = (userId: string) => db.select().from(t.notifications).where(eq(t.notifications.userId, userId));
const lapseNow = (bookingId: string) =>
  db
    .update(t.bookings)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(t.bookings.id, bookingId));

describe("a request", () => {
  it("creates a job addressed to the provider and a pending booking that lapses, tells the provider and queues the lapse", async () => {
    const { seeker, asked, booking } = await requested();
    expect(booking.status).toBe("pending");
    expect(booking.scheduledEndAt).toBeNull();
    const minutes = (booking.expiresAt!.getTime() - booking.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThan(31);
    expect((await jobRow(booking.jobId)).requestedProviderId).toBe(asked.id);
    const [notice] = await noticesOf(asked.id);
    expect(notice).toMatchObject({ type: "booking_request", title: "New booking request", relatedId: booking.id });
    expect(notice.message).toContain("As soon as possible");
    const [queued] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`pgboss.job`)
      .where(sql`name = 'request-expiry' and data->>'bookingId' = ${booking.id} and start_after = ${booking.expiresAt!.toISOString()}::timestamptz`);
    expect(queued.count).toBe(1);
    expect(await getJobForViewer(db, booking.jobId, seeker.id)).not.toBeNull();
    expect(await getJobForViewer(db, booking.jobId, asked.id)).not.toBeNull();
  });

  it("is never seen, listed or accepted by another provider; its own provider answers the request instead", async () => {
    const { asked, booking } = await requested();
    const other = await provider();
    expect(await getJobForViewer(db, booking.jobId, other.id)).toBeNull();
    expect((await listAvailableJobs(db, other)).map((j) => j.id)).not.toContain(booking.jobId);
    expect((await listAvailableJobs(db, asked)).map((j) => j.id)).not.toContain(booking.jobId);
    expect((await refusal(acceptJobIn(db, other, { jobId: booking.jobId }))).kind).toBe("not_found");
    const own = await refusal(acceptJobIn(db, asked, { jobId: booking.jobId }));
    expect([own.kind, own.message]).toEqual(["conflict", ANSWER_THE_REQUEST]);
  });

  it("takes a window in the market's time zone and refuses what cannot be asked for", async () => {
    const seeker = await user();
    const asked = await provider({ providerCategories: ["repair"] });
    const tomorrow = new Date(Date.now() + 26 * 3_600_000).toISOString().slice(0, 10);
    const booking = await requestProviderIn(
      db,
      seeker.id,
      ask(asked.id, { when: "scheduled", date: tomorrow, startTime: "15:00", endTime: "17:00" }),
    );
    expect(booking.scheduledEndAt!.getTime() - booking.scheduledAt!.getTime()).toBe(2 * 3_600_000);
    expect(booking.expiresAt!.getTime()).toBeLessThanOrEqual(booking.scheduledAt!.getTime() - 2 * 3_600_000);
    const backwards = await refusal(
      requestProviderIn(db, seeker.id, ask(asked.id, { when: "scheduled", date: tomorrow, startTime: "17:00", endTime: "15:00" })),
    );
    expect([backwards.kind, backwards.message]).toEqual(["invalid", "The window must end after it starts"]);
    const cleaning = await refusal(requestProviderIn(db, seeker.id, ask(asked.id, { categoryId: "cleaning" })));
    expect(cleaning.kind).toBe("invalid");
    expect(cleaning.message).toContain("does not offer Cleaning");
    expect((await refusal(requestProviderIn(db, asked.id, ask(asked.id)))).kind).toBe("forbidden");
    const nobody = await user();
    expect((await refusal(requestProviderIn(db, seeker.id, ask(nobody.id)))).kind).toBe("not_found");
  });
});

describe("answering a request", () => {
  it("accepting: the booking is accepted, the job matched, the seeker told; an offline provider may still accept", async () => {
    const { seeker, asked, booking } = await requested();
    await db.update(t.users).set({ isProviderOnline: false }).where(eq(t.users.id, asked.id));
    const accepted = await moveBookingIn(db, booking.id, asked.id, "accepted");
    expect(accepted.status).toBe("accepted");
    // Accepted now, not when it was asked (the console's day and minutes to accept read it).
    expect(booking.acceptedAt).toBeNull();
    expect(accepted.jobPostedAt).toEqual((await jobRow(booking.jobId)).createdAt);
    expect(accepted.acceptedAt!.getTime()).toBeGreaterThanOrEqual(booking.createdAt.getTime());
    expect((await jobRow(booking.jobId)).status).toBe("matched");
    expect((await noticesOf(seeker.id)).map((n) => [n.type, n.title])).toEqual([["booking_accepted", "Request accepted"]]);
    expect((await refusal(moveBookingIn(db, booking.id, seeker.id, "accepted"))).kind).toBe("conflict");
  });

  it("declining with a reason: the booking is cancelled by the provider, the job ends, the seeker reads why and may post it to everyone once", async () => {
    const { seeker, asked, booking } = await requested();
    const other = await provider();
    await moveBookingIn(db, booking.id, asked.id, "cancelled", "  Booked solid this week  ");
    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ status: "cancelled", cancelledBy: asked.id, cancellationReason: "Booked solid this week" });
    expect((await jobRow(booking.jobId)).status).toBe("cancelled");
    const [notice] = await noticesOf(seeker.id);
    expect(notice).toMatchObject({ type: "booking_cancelled", title: "Request declined" });
    expect(notice.message).toContain('"Booked solid this week"');
    expect((await refusal(moveBookingIn(db, booking.id, asked.id, "accepted"))).message).toBe("This request was declined");

    expect((await refusal(postRequestToEveryoneIn(db, other.id, booking.jobId))).kind).toBe("not_found");
    const posted = await postRequestToEveryoneIn(db, seeker.id, booking.jobId);
    expect(posted).toMatchObject({ status: "posted", requestedProviderId: null });
    expect((await listAvailableJobs(db, other)).map((j) => j.id)).toContain(booking.jobId);
    expect((await refusal(postRequestToEveryoneIn(db, seeker.id, booking.jobId))).kind).toBe("conflict");
  });

  it("withdrawing: the seeker cancels the request (or its job), the provider is told", async () => {
    const first = await requested();
    await moveBookingIn(db, first.booking.id, first.seeker.id, "cancelled");
    expect((await bookingRow(first.booking.id)).cancelledBy).toBe(first.seeker.id);
    expect((await noticesOf(first.asked.id)).map((n) => n.title)).toContain("Request withdrawn");
    expect((await refusal(moveBookingIn(db, first.booking.id, first.asked.id, "accepted"))).message).toBe("The client withdrew this request");

    const second = await requested();
    await cancelJobIn(db, second.seeker.id, second.booking.jobId);
    expect(await bookingRow(second.booking.id)).toMatchObject({ status: "cancelled", cancelledBy: second.seeker.id });
    expect((await noticesOf(second.asked.id)).map((n) => n.title)).toContain("Request withdrawn");
  });

  it("a provider backing out of an accepted request ends its job rather than posting it to everyone", async () => {
    const { asked, booking } = await requested();
    await moveBookingIn(db, booking.id, asked.id, "accepted");
    await moveBookingIn(db, booking.id, asked.id, "cancelled", "Van broke down");
    expect((await jobRow(booking.jobId)).status).toBe("cancelled");
    expect((await bookingRow(booking.id)).cancellationReason).toBe("Van broke down");
  });
});

describe("a request nobody answers", () => {
  it("lapses at its time: cancelled by nobody, its job ended, the seeker told; it is not accepted after its time", async () => {
    const { seeker, asked, booking } = await requested();
    expect(await lapseRequestIn(db, booking.id)).toBeNull();
    await lapseNow(booking.id);
    expect((await refusal(moveBookingIn(db, booking.id, asked.id, "accepted"))).message).toBe("This request has expired");
    const lapsed = await lapseRequestIn(db, booking.id);
    expect(lapsed).toMatchObject({ status: "cancelled", cancelledBy: null });
    expect((await jobRow(booking.jobId)).status).toBe("cancelled");
    expect((await noticesOf(seeker.id)).map((n) => [n.type, n.title])).toEqual([["booking_cancelled", "Request expired"]]);
    expect(await lapseRequestIn(db, booking.id)).toBeNull();
    expect((await postRequestToEveryoneIn(db, seeker.id, booking.jobId)).status).toBe("posted");
  });
});

describe("accepting, withdrawing and lapsing at once", () => {
  it("lets exactly one win, refuses the others with 409, and leaves the job where the winner put it", async () => {
    for (let round = 0; round < 8; round++) {
      const { seeker, asked, booking } = await requested();
      // Due now or a moment from now: the lapse may or may not be due when it runs.
      await db
        .update(t.bookings)
        .set({ expiresAt: sql`clock_timestamp() + ${`${round * 3} milliseconds`}::interval` })
        .where(eq(t.bookings.id, booking.id));
      const outcomes = await Promise.allSettled([
        moveBookingIn(db, booking.id, asked.id, "accepted"),
        cancelJobIn(db, seeker.id, booking.jobId),
        lapseRequestIn(db, booking.id).then((lapsed) => {
          if (!lapsed) throw new Error("not lapsed");
          return lapsed;
        }),
      ]);
      const won = outcomes.filter((o) => o.status === "fulfilled");
      expect(won, `round ${round}`).toHaveLength(1);
      for (const [i, o] of outcomes.entries()) {
        if (o.status === "rejected" && i < 2) expect((o.reason as { kind: string }).kind).toBe("conflict");
      }
      const [final] = await db
        .select({ booking: t.bookings.status, job: t.jobs.status })
        .from(t.bookings)
        .innerJoin(t.jobs, and(eq(t.jobs.id, t.bookings.jobId)))
        .where(eq(t.bookings.id, booking.id));
      expect([
        ["accepted", "matched"],
        ["cancelled", "cancelled"],
      ]).toContainEqual([final.booking, final.job]);
    }
  });
});
