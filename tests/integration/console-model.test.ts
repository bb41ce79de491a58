// The operator console's queries (issue 34): the overview's day buckets in the market's zone, completion rate and
// median; the user lookup; the signals (a) repeated pairs, (b) quick completions, (c) reviewers sharing an address;
// excluding a review recomputes its reviewee's aggregates in the same transaction and is audited once (409 after).
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { overviewDays, shiftDate } from "~/lib/overview-days";
import { listAuditLog, recordAction } from "~/models/audit-log.server";
import { marketplaceHealth } from "~/models/marketplace-health.server";
import { insertReviewAndRecount } from "~/models/review.server";
import { quickCompletions, repeatedPairs, sharedAddressReviewers } from "~/models/signals.server";
import { searchUsers } from "~/models/user-lookup.server";
import { readAuditCursor } from "~/operations/audit.server";
import { moveBookingIn } from "~/operations/bookings.server";
import { excludeReviewIn } from "~/operations/signals.server";

import { rowsOf, type Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { insertBooking, modelTestDatabase, refusal } from "../support/model-database.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));

const ZONE = "America/New_York";
const minutes = (n: number) => n * 60_000;
const userRow = async (id: string) => (await db.select().from(t.users).where(eq(t.users.id, id)))[0]!;

async function jobAt(seekerId: string, createdAt: Date) {
  const [job] = await db
    .insert(t.jobs)
    .values({ seekerId, categoryId: "repair", title: "Tap", description: "Fix it", latitude: "40.7", longitude: "-74", address: "NY", createdAt })
    .returning();
  return job!;
}

describe("the overview", () => {
  it("counts by calendar day in the market's zone: a job at 23:30 on 8 March (EST) is the 8th's, not the 9th's", () => {
    const range = overviewDays(new Date("2025-03-10T16:00:00Z"), ZONE, 3);
    expect(range.days).toEqual(["2025-03-08", "2025-03-09", "2025-03-10"]);
    expect(range.since.toISOString()).toBe("2025-03-08T05:00:00.000Z");
    // The night clocks went forward: the 11th begins at 04:00 UTC.
    expect(range.until.toISOString()).toBe("2025-03-11T04:00:00.000Z");
    expect(shiftDate("2024-02-28", 1)).toBe("2024-02-29");
  });

  it("gives jobs posted, bookings accepted and completed, completion rate, booked value and the median minutes to accept", async () => {
    const seeker = await user();
    const pro = await provider();
    const range = overviewDays(new Date("2025-03-10T16:00:00Z"), ZONE, 3);
    await jobAt(seeker.id, new Date("2025-03-09T04:30:00Z")); // 8 March, 23:30 EST
    await jobAt(seeker.id, new Date("2025-03-08T04:59:00Z")); // 7 March: before the range
    await jobAt(seeker.id, new Date("2025-03-11T04:00:00Z")); // 11 March: after it
    const bookingOf = (job: { id: string }, booking: Omit<typeof t.bookings.$inferInsert, "jobId" | "seekerId" | "providerId" | "paymentMethod">) =>
      db.insert(t.bookings).values({ jobId: job.id, seekerId: seeker.id, providerId: pro.id, paymentMethod: "cash", ...booking });
    // Three acceptances on the 9th, 10, 20 and 60 minutes after posting; one completed on the 10th.
    const posted = new Date("2025-03-09T15:00:00Z");
    for (const [after, price, status] of [
      [10, "100", "completed"],
      [20, "50.50", "accepted"],
      [60, "25", "cancelled"],
    ] as const) {
      await bookingOf(await jobAt(seeker.id, posted), {
        agreedPrice: price,
        status,
        createdAt: new Date(posted.getTime() + minutes(after)),
        acceptedAt: new Date(posted.getTime() + minutes(after)),
        jobPostedAt: posted,
        completedAt: status === "completed" ? new Date("2025-03-10T14:00:00Z") : null,
      });
    }
    // A request asked on the 8th (22:00 EST) and accepted on the 9th counts on the 9th, 750 minutes after posting.
    const askedOnTheEighth = new Date("2025-03-09T03:00:00Z");
    await bookingOf(await jobAt(seeker.id, askedOnTheEighth), {
      agreedPrice: "10",
      status: "accepted",
      createdAt: askedOnTheEighth,
      acceptedAt: new Date(askedOnTheEighth.getTime() + minutes(750)),
      jobPostedAt: askedOnTheEighth,
    });
    // A request still pending and one declined were never accepted.
    for (const status of ["pending", "cancelled"] as const) {
      await bookingOf(await jobAt(seeker.id, posted), {
        agreedPrice: "999",
        status,
        expiresAt: new Date("2025-03-10T15:00:00Z"),
        createdAt: new Date(posted.getTime() + minutes(5)),
      });
    }
    const health = await marketplaceHealth(db, range, ZONE);
    const [eighth, ninth, tenth] = health.days;
    expect(eighth).toMatchObject({ day: "2025-03-08", jobsPosted: 2, accepted: 0, completed: 0, bookedValue: 0, medianMinutesToAccept: null });
    expect(ninth).toMatchObject({
      day: "2025-03-09",
      jobsPosted: 5,
      accepted: 4,
      acceptedCompleted: 1,
      completed: 0,
      bookedValue: 185.5,
      medianMinutesToAccept: 40,
    });
    expect(tenth).toMatchObject({ day: "2025-03-10", jobsPosted: 0, accepted: 0, completed: 1 });
    expect(health.providersOnline).toBeGreaterThanOrEqual(1);
  });

  it("counts a settled day once and keeps it, counts today live, and follows later completions of a kept day", async () => {
    const seeker = await user();
    const pro = await provider();
    const now = new Date("2025-04-10T16:00:00Z"); // noon on the 10th in New York
    const range = overviewDays(now, ZONE, 3);
    const ninth = new Date("2025-04-09T15:00:00Z");
    const accepted = await insertBooking(db, seeker.id, pro.id, { status: "accepted", createdAt: ninth, acceptedAt: ninth });
    await jobAt(seeker.id, new Date("2025-04-10T13:00:00Z"));
    const first = await marketplaceHealth(db, range, ZONE, now);
    expect(first.days.map((d) => [d.day, d.accepted, d.acceptedCompleted])).toEqual([
      ["2025-04-08", 0, 0],
      ["2025-04-09", 1, 0],
      ["2025-04-10", 0, 0],
    ]);
    const kept = await db.select().from(t.marketplaceDays).where(eq(t.marketplaceDays.timeZone, ZONE));
    expect(kept.map((row) => row.day).filter((day) => day.startsWith("2025-04"))).toEqual(["2025-04-08", "2025-04-09"]);

    // Read from the kept row from now on: a row slipped into the settled day is not counted again. Today is live,
    // and the completion rate follows the kept day's booking completing later.
    await jobAt(seeker.id, new Date("2025-04-09T15:00:00Z"));
    await jobAt(seeker.id, new Date("2025-04-10T15:00:00Z"));
    await db.update(t.bookings).set({ status: "completed", completedAt: now }).where(eq(t.bookings.id, accepted.id));
    const second = await marketplaceHealth(db, range, ZONE, now);
    expect(second.days.map((d) => [d.day, d.jobsPosted, d.accepted, d.acceptedCompleted, d.completed])).toEqual([
      ["2025-04-08", 0, 0, 0, 0],
      ["2025-04-09", first.days[1]!.jobsPosted, 1, 1, 0],
      ["2025-04-10", 2, 0, 0, 1],
    ]);
  });
});

describe("the user lookup", () => {
  it("finds a part of an email or a name in any case, or an id; LIKE's wildcards are plain letters", async () => {
    const ada = await user({ email: `ada.lovelace-${Date.now()}@example.com`, firstName: "Ada", lastName: "Lovelace" });
    await user({ email: `grace-${Date.now()}@example.com`, firstName: "Grace", lastName: "Hopper" });
    expect((await searchUsers(db, "LOVELACE")).map((u) => u.id)).toContain(ada.id);
    expect((await searchUsers(db, "ada lov")).map((u) => u.id)).toEqual([ada.id]);
    expect((await searchUsers(db, ada.id)).map((u) => u.email)).toEqual([ada.email]);
    expect(await searchUsers(db, "%")).toEqual([]);
    expect(await searchUsers(db, "  ")).toEqual([]);
  });
});

describe("signals", () => {
  const since = () => new Date(Date.now() - 30 * 24 * 3_600_000);

  it("(a) flag one seeker and one provider completing 3 bookings in 30 days, not 2", async () => {
    const [seeker, pro, other] = [await user(), await provider(), await provider()];
    const done = { status: "completed" as const, completedAt: new Date(), createdAt: new Date(Date.now() - 3_600_000) };
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await insertBooking(db, seeker.id, pro.id, done)).id);
    for (let i = 0; i < 2; i++) await insertBooking(db, seeker.id, other.id, done);
    // An old one does not count.
    await insertBooking(db, seeker.id, other.id, { ...done, completedAt: new Date(Date.now() - 40 * 24 * 3_600_000) });
    const pairs = await repeatedPairs(db, since());
    expect(pairs.find((p) => p.providerId === pro.id)?.bookingIds.sort()).toEqual(ids.sort());
    expect(pairs.find((p) => p.providerId === other.id)).toBeUndefined();
  });

  it("(b) flag a booking completed within 10 minutes of its acceptance (a request asked hours before too), not one after 3 hours", async () => {
    const [seeker, pro] = [await user(), await provider()];
    const quick = await insertBooking(db, seeker.id, pro.id, {
      status: "completed",
      createdAt: new Date(Date.now() - minutes(4)),
      acceptedAt: new Date(Date.now() - minutes(4)),
      completedAt: new Date(),
    });
    const quickRequest = await insertBooking(db, seeker.id, pro.id, {
      status: "completed",
      createdAt: new Date(Date.now() - minutes(300)),
      acceptedAt: new Date(Date.now() - minutes(3)),
      completedAt: new Date(),
    });
    const slow = await insertBooking(db, seeker.id, pro.id, {
      status: "completed",
      createdAt: new Date(Date.now() - minutes(180)),
      acceptedAt: new Date(Date.now() - minutes(180)),
      completedAt: new Date(),
    });
    const flagged = await quickCompletions(db, since());
    expect(flagged).toEqual(expect.arrayContaining([quick.id, quickRequest.id]));
    expect(flagged).not.toContain(slow.id);
  });

  it("(c) flag 3 distinct reviewers of one user who signed in from one address, with their reviews", async () => {
    const pro = await provider();
    const reviewers = [await user(), await user(), await user()];
    const reviewIds: string[] = [];
    for (const reviewer of reviewers) {
      const booking = await insertBooking(db, reviewer.id, pro.id, { status: "completed", completedAt: new Date() });
      reviewIds.push((await insertReviewAndRecount(db, { bookingId: booking.id, reviewerId: reviewer.id, revieweeId: pro.id, rating: 5 }))!.id);
      await db.insert(t.signIns).values({ userId: reviewer.id, addressHash: "same-address" });
    }
    const flag = (await sharedAddressReviewers(db, since())).find((f) => f.revieweeId === pro.id);
    expect(flag?.reviewerIds.sort()).toEqual(reviewers.map((r) => r.id).sort());
    expect(flag?.reviewIds.sort()).toEqual(reviewIds.sort());
  });

  it("(c) leaves alone two reviewers sharing an address and three on different addresses", async () => {
    const pro = await provider();
    const trio = [await user(), await user(), await user()];
    for (const [i, reviewer] of trio.entries()) {
      const booking = await insertBooking(db, reviewer.id, pro.id, { status: "completed", completedAt: new Date() });
      await insertReviewAndRecount(db, { bookingId: booking.id, reviewerId: reviewer.id, revieweeId: pro.id, rating: 5 });
      await db.insert(t.signIns).values({ userId: reviewer.id, addressHash: i < 2 ? `pair-${pro.id}` : `alone-${reviewer.id}` });
    }
    expect((await sharedAddressReviewers(db, since())).find((f) => f.revieweeId === pro.id)).toBeUndefined();
  });
});

describe("the kept state of the console's counts (decision 0083)", () => {
  const keptPair = async (seekerId: string, providerId: string) =>
    (
      await db
        .select()
        .from(t.completedPairs)
        .where(and(eq(t.completedPairs.seekerId, seekerId), eq(t.completedPairs.providerId, providerId)))
    )[0];
  const quarter = async (at: Date) =>
    (
      await db
        .select({ completed: t.acceptedCompletions.completed })
        .from(t.acceptedCompletions)
        .where(eq(t.acceptedCompletions.acceptedIn, new Date(Math.floor(at.getTime() / 900_000) * 900_000)))
    )[0]?.completed ?? 0;
  /** A booking in progress between the two, accepted at `acceptedAt`. */
  const working = (seekerId: string, providerId: string, acceptedAt = new Date(Date.now() - 3_600_000)) =>
    insertBooking(db, seekerId, providerId, { status: "in_progress", createdAt: acceptedAt, acceptedAt, startedAt: acceptedAt });

  it("a completion through the booking process keeps the pair's latest completions and its acceptance's quarter hour", async () => {
    const [seeker, pro] = [await user(), await provider()];
    const acceptedAt = new Date("2025-06-01T10:07:00Z");
    const before = await quarter(acceptedAt);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const booking = await working(seeker.id, pro.id, acceptedAt);
      ids.push(booking.id);
      await moveBookingIn(db, booking.id, pro.id, "completed");
      const kept = await keptPair(seeker.id, pro.id);
      expect(kept?.latestCompletedAt).toHaveLength(i + 1);
      // Fewer than three completions: in no window's flags yet.
      expect(kept?.repeatedSince === null).toBe(i < 2);
    }
    expect(await quarter(acceptedAt)).toBe(before + 3);
    const completed = await db
      .select({ at: t.bookings.completedAt })
      .from(t.bookings)
      .where(and(eq(t.bookings.seekerId, seeker.id), eq(t.bookings.providerId, pro.id)));
    const times = completed.map((row) => row.at!.getTime()).sort((a, b) => b - a);
    const kept = await keptPair(seeker.id, pro.id);
    expect(kept!.latestCompletedAt.map((at) => new Date(at).getTime())).toEqual(times);
    expect(new Date(kept!.repeatedSince!).getTime()).toBe(times[2]);
    expect((await repeatedPairs(db, new Date(Date.now() - 3_600_000))).find((p) => p.providerId === pro.id)?.bookingIds.sort()).toEqual(ids.sort());
    // A fourth keeps only the latest three; the window starting after the oldest of those no longer flags the pair.
    await moveBookingIn(db, (await working(seeker.id, pro.id, acceptedAt)).id, pro.id, "completed");
    const four = await keptPair(seeker.id, pro.id);
    expect(four!.latestCompletedAt).toHaveLength(3);
    const after = new Date(new Date(four!.repeatedSince!).getTime() + 1);
    expect((await repeatedPairs(db, after)).find((p) => p.providerId === pro.id)).toBeUndefined();
  });

  it("two completions of one pair at once both count (the upsert's row lock)", async () => {
    const [seeker, pro] = [await user(), await provider()];
    const acceptedAt = new Date("2025-06-02T11:00:00Z");
    const before = await quarter(acceptedAt);
    const bookings = await Promise.all([1, 2, 3].map(() => working(seeker.id, pro.id, acceptedAt)));
    await Promise.all(bookings.map((booking) => moveBookingIn(db, booking.id, pro.id, "completed")));
    expect((await keptPair(seeker.id, pro.id))!.latestCompletedAt).toHaveLength(3);
    expect(await quarter(acceptedAt)).toBe(before + 3);
    expect((await repeatedPairs(db, new Date(Date.now() - 3_600_000))).find((p) => p.providerId === pro.id)?.bookingIds).toHaveLength(3);
  });

  it("a completed booking changed or deleted has its pair recounted and its quarter hour taken back", async () => {
    const [seeker, pro] = [await user(), await provider()];
    const acceptedAt = new Date("2025-06-03T12:20:00Z");
    const before = await quarter(acceptedAt);
    const done = { status: "completed" as const, acceptedAt, completedAt: new Date() };
    const [a, b] = [await insertBooking(db, seeker.id, pro.id, done), await insertBooking(db, seeker.id, pro.id, done)];
    expect(await quarter(acceptedAt)).toBe(before + 2);
    const older = new Date(Date.now() - 50 * 24 * 3_600_000);
    await db.update(t.bookings).set({ completedAt: older }).where(eq(t.bookings.id, a.id));
    expect((await keptPair(seeker.id, pro.id))!.latestCompletedAt.map((at) => new Date(at).getTime())).toEqual([
      b.completedAt!.getTime(),
      older.getTime(),
    ]);
    await db.update(t.bookings).set({ status: "cancelled" }).where(eq(t.bookings.id, b.id));
    expect(await quarter(acceptedAt)).toBe(before + 1);
    await db.delete(t.bookings).where(eq(t.bookings.id, a.id));
    expect(await keptPair(seeker.id, pro.id)).toBeUndefined();
    expect(await quarter(acceptedAt)).toBe(before);
  });

  it("the overview's completion rate from the kept quarter hours equals the count from the bookings, in a zone half an hour off", async () => {
    const [seeker, pro] = [await user(), await provider()];
    const zone = "Asia/Kolkata"; // UTC+5:30: its days begin at 18:30 UTC
    const range = overviewDays(new Date("2025-07-10T06:00:00Z"), zone, 3);
    for (const acceptedAt of ["2025-07-08T18:29:00Z", "2025-07-08T18:30:00Z", "2025-07-09T18:29:59Z", "2025-07-09T18:45:00Z"])
      await insertBooking(db, seeker.id, pro.id, { status: "completed", acceptedAt: new Date(acceptedAt), completedAt: new Date(acceptedAt) });
    const health = await marketplaceHealth(db, range, zone, new Date("2025-07-10T06:00:00Z"));
    const counted = await db.execute<{ day: string; n: number }>(sql`
      select to_char((accepted_at at time zone ${zone})::date, 'YYYY-MM-DD') as day, count(*)::int as n from bookings
      where status = 'completed' and accepted_at >= ${range.since.toISOString()}::timestamptz and accepted_at < ${range.until.toISOString()}::timestamptz group by 1`);
    const rows = rowsOf<{ day: string; n: number }>(counted);
    const byDay = new Map(rows.map((row) => [row.day, Number(row.n)]));
    expect(health.days.map((d) => [d.day, d.acceptedCompleted])).toEqual(health.days.map((d) => [d.day, byDay.get(d.day) ?? 0]));
    expect(health.days.map((d) => d.acceptedCompleted)).toEqual([1, 2, 1]);
  });
});

describe("today's counts kept per quarter hour (decision 0092)", () => {
  it("equal the day counted from the rows, in a zone half an hour off, as rows are posted, accepted, repriced, completed, moved and deleted", async () => {
    const [seeker, pro] = [await user(), await provider()];
    const zone = "Asia/Kolkata"; // UTC+5:30: 10 August begins at 18:30 UTC on the 9th
    const today = new Date("2025-08-10T12:00:00Z");
    const range = overviewDays(today, zone, 1);
    const at = (iso: string) => new Date(iso);
    // Just outside the day on both sides, and inside it.
    for (const createdAt of ["2025-08-09T18:29:59Z", "2025-08-09T18:30:00Z", "2025-08-10T09:00:00Z", "2025-08-10T18:29:59Z", "2025-08-10T18:30:00Z"])
      await jobAt(seeker.id, at(createdAt));
    const accepted = (acceptedAt: string, minutesWaited: number, price: string, more: Partial<typeof t.bookings.$inferInsert> = {}) =>
      insertBooking(db, seeker.id, pro.id, {
        status: "accepted",
        agreedPrice: price,
        acceptedAt: at(acceptedAt),
        jobPostedAt: new Date(at(acceptedAt).getTime() - minutes(minutesWaited)),
        ...more,
      });
    const early = await accepted("2025-08-09T18:30:00Z", 10, "40");
    const late = await accepted("2025-08-10T18:29:00Z", 30, "60.25");
    await accepted("2025-08-09T18:29:00Z", 5, "999"); // the 9th's
    const done = await accepted("2025-08-10T08:00:00Z", 20, "15", { status: "completed", completedAt: at("2025-08-10T09:00:00Z") });
    // Repriced, completed later, moved out of the day, cancelled after completing, deleted.
    await db.update(t.bookings).set({ agreedPrice: "45.50" }).where(eq(t.bookings.id, early.id));
    await db
      .update(t.bookings)
      .set({ status: "completed", completedAt: at("2025-08-10T10:00:00Z") })
      .where(eq(t.bookings.id, late.id));
    const moved = await accepted("2025-08-10T07:00:00Z", 50, "70");
    await db
      .update(t.bookings)
      .set({ acceptedAt: at("2025-08-11T07:00:00Z") })
      .where(eq(t.bookings.id, moved.id));
    await db.update(t.bookings).set({ status: "cancelled" }).where(eq(t.bookings.id, done.id));
    const gone = await accepted("2025-08-10T07:30:00Z", 1, "5", { status: "completed", completedAt: at("2025-08-10T08:00:00Z") });
    await db.delete(t.bookings).where(eq(t.bookings.id, gone.id));

    const live = (await marketplaceHealth(db, range, zone, today)).days[0]!;
    // The day settled (a week later): counted from its rows once and kept.
    const counted = (await marketplaceHealth(db, range, zone, new Date("2025-08-17T12:00:00Z"))).days[0]!;
    expect(live).toEqual(counted);
    // 3 of the 5 jobs above are the day's (insertBooking's own are posted now). Waits of its acceptances: 10, 30, 20 min.
    expect(live).toMatchObject({ day: "2025-08-10", jobsPosted: 3, accepted: 3, completed: 1, bookedValue: 120.75, medianMinutesToAccept: 20 });
  });

  it("two jobs posted at once in one quarter hour both count (the upsert's row lock)", async () => {
    const seeker = await user();
    const now = new Date("2025-09-01T12:05:00Z");
    await Promise.all([1, 2, 3].map(() => jobAt(seeker.id, new Date("2025-09-01T12:01:00Z"))));
    const [today] = (await marketplaceHealth(db, overviewDays(now, "UTC", 1), "UTC", now)).days;
    expect(today).toMatchObject({ day: "2025-09-01", jobsPosted: 3, accepted: 0, medianMinutesToAccept: null });
  });
});

describe("excluding a review", () => {
  it("recomputes the reviewee's average and count without it in the same transaction, audited; again is 409", async () => {
    const operator = await user({ isOperator: true });
    const pro = await provider();
    const ids: string[] = [];
    for (const rating of [4, 4, 5]) {
      const seeker = await user();
      const booking = await insertBooking(db, seeker.id, pro.id, { status: "completed" });
      ids.push((await insertReviewAndRecount(db, { bookingId: booking.id, reviewerId: seeker.id, revieweeId: pro.id, rating }))!.id);
    }
    expect(await userRow(pro.id)).toMatchObject({ averageRating: "4.33", totalReviews: 3 });

    // Rolled back with its transaction: neither the review nor the aggregates nor the log changed.
    await db
      .transaction(async (tx) => {
        await excludeReviewIn(tx, operator, ids[2]!, "sock puppet");
        throw new Error("rollback");
      })
      .catch(() => undefined);
    expect(await userRow(pro.id)).toMatchObject({ averageRating: "4.33", totalReviews: 3 });
    expect(await listAuditLog(db, { targetId: ids[2] })).toEqual([]);

    const excluded = await excludeReviewIn(db, operator, ids[2]!, "sock puppet");
    expect(excluded.excludedAt).not.toBeNull();
    expect(await userRow(pro.id)).toMatchObject({ averageRating: "4.00", totalReviews: 2 });
    const [entry] = await listAuditLog(db, { targetId: ids[2] });
    expect(entry).toMatchObject({ action: "review.exclude", operatorId: operator.id, targetType: "review", reason: "sock puppet" });

    expect((await refusal(excludeReviewIn(db, operator, ids[2]!, "again"))).kind).toBe("conflict");
    expect(await listAuditLog(db, { targetId: ids[2] })).toHaveLength(1);
    expect((await refusal(excludeReviewIn(db, operator, "00000000-0000-4000-8000-000000000000", "x"))).kind).toBe("not_found");

    // A new review recounts without the excluded one too.
    const seeker = await user();
    const booking = await insertBooking(db, seeker.id, pro.id, { status: "completed" });
    await insertReviewAndRecount(db, { bookingId: booking.id, reviewerId: seeker.id, revieweeId: pro.id, rating: 1 });
    expect(await userRow(pro.id)).toMatchObject({ averageRating: "3.00", totalReviews: 3 });
  });
});

describe("the audit log", () => {
  it("filters by operator and by a target or its user, newest first, and pages on by (time, id)", async () => {
    const [op1, op2, someone] = [await user({ isOperator: true }), await user({ isOperator: true }), await user()];
    const target = "11111111-1111-4111-8111-111111111111";
    const entries = [];
    for (const [operator, targetId] of [
      [op1, someone.id],
      [op2, target],
      [op1, target],
    ] as const) {
      // Entries stamped in one clock tick would order by id alone; a tick apart, they order by time.
      await new Promise((resolve) => setTimeout(resolve, 2));
      entries.push(
        await recordAction(db, {
          operatorId: operator.id,
          action: "review.hide",
          targetType: "review",
          targetId,
          targetUserId: someone.id,
          reason: "r",
        }),
      );
    }
    expect((await listAuditLog(db, { operatorId: op2.id })).map((e) => e.id)).toEqual([entries[1]!.id]);
    expect((await listAuditLog(db, { about: target })).map((e) => e.id)).toEqual([entries[2]!.id, entries[1]!.id]);
    // About the user: the entries whose target is theirs, and those on them.
    const aboutSomeone = await listAuditLog(db, { about: someone.id });
    expect(aboutSomeone.map((e) => e.id)).toEqual([entries[2]!.id, entries[1]!.id, entries[0]!.id]);
    const [first, second] = await listAuditLog(db, { about: someone.id }, 2);
    const older = await listAuditLog(db, { about: someone.id, before: second!.id });
    expect([first, second, ...older].map((e) => e!.id)).toEqual(aboutSomeone.map((e) => e.id));
  });

  it("pages through entries of the same millisecond, a microsecond apart, without skipping any", async () => {
    const operator = await user({ isOperator: true });
    const target = "22222222-2222-4222-8222-222222222222";
    const ids: string[] = [];
    // The log is append-only: the entries are written with their times (a Date cannot carry microseconds).
    for (const micros of ["123100", "123200", "123300"]) {
      const rows = await db.execute<{ id: string }>(
        sql`insert into audit_log (operator_id, action, target_type, target_id, reason, created_at)
            values (${operator.id}, 'review.hide', 'review', ${target}, 'r', ${`2026-11-20T10:00:00.${micros}Z`}::timestamptz) returning id`,
      );
      const [row] = rowsOf<{ id: string }>(rows);
      ids.unshift(row!.id);
    }
    const shown: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 5; page++) {
      const [entry] = await listAuditLog(db, { targetId: target, before }, 1);
      if (!entry) break;
      shown.push(entry.id);
      before = entry.id;
    }
    expect(shown).toEqual(ids);
  });

  it("reads a cursor as the entry's id, in the form it has now and in the older '{time}_{id}'; anything else is the first page", () => {
    const id = "33333333-3333-4333-8333-333333333333";
    expect(readAuditCursor(id)).toBe(id);
    expect(readAuditCursor(`2026-11-20T10:00:00.123Z_${id}`)).toBe(id);
    for (const other of [undefined, "", "nope", "2026-11-20T10:00:00.123Z_nope", `${id}x`]) expect(readAuditCursor(other)).toBeUndefined();
  });
});
