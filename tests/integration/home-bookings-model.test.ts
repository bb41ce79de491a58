// The two home pages' booking reads (issue 33 §2, §3): the seeker's open requests and active bookings, and the
// provider's active bookings around a span of requests, read once for the dashboard's clash warnings, and the
// dashboard's three lists of bookings read in one statement.
import { describe, expect, it } from "vitest";

import { activeBookingsAround, listProviderDashboardBookings, listSeekerBookings } from "~/models/booking.server";

import type { Database } from "../../db/client.ts";
import { insertBooking, modelTestDatabase } from "../support/model-database.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

describe("the seeker's bookings on their home", () => {
  it("are the open requests and the accepted or started bookings, soonest first, with the provider's name", async () => {
    const seeker = await user();
    const pat = await provider({ firstName: "Pat", lastName: "Fixer" });
    const started = await insertBooking(db, seeker.id, pat.id, { status: "in_progress", scheduledAt: at(-1) });
    const waiting = await insertBooking(db, seeker.id, pat.id, { status: "pending", scheduledAt: at(30), scheduledEndAt: at(32), expiresAt: at(24) });
    const accepted = await insertBooking(db, seeker.id, pat.id, { status: "accepted", scheduledAt: at(5), scheduledEndAt: at(7) });
    // Left out: a request past its time the expiry job has not reached, finished and cancelled bookings, another seeker's.
    await insertBooking(db, seeker.id, pat.id, { status: "pending", scheduledAt: at(3), expiresAt: at(-0.1) });
    await insertBooking(db, seeker.id, pat.id, { status: "completed", scheduledAt: at(-5) });
    await insertBooking(db, seeker.id, pat.id, { status: "cancelled", scheduledAt: at(2) });
    await insertBooking(db, (await user()).id, pat.id, { status: "accepted", scheduledAt: at(1) });

    const listed = await listSeekerBookings(db, seeker.id);
    expect(listed.map((b) => b.id)).toEqual([started.id, accepted.id, waiting.id]);
    expect(listed[0].provider).toMatchObject({ id: pat.id, firstName: "Pat", lastName: "Fixer" });
    expect(listed[0].job).toMatchObject({ title: "Tap", exactLocation: true });
    expect(await listSeekerBookings(db, seeker.id, 2)).toHaveLength(2);
  });
});

describe("the provider's active bookings around a span", () => {
  it("are the accepted or started ones within two hours of it, and no one else's", async () => {
    const seeker = await user();
    const me = await provider();
    const span = { start: at(10), end: at(12) };
    const before = await insertBooking(db, seeker.id, me.id, { status: "accepted", scheduledAt: at(7), scheduledEndAt: at(8.5) });
    const during = await insertBooking(db, seeker.id, me.id, { status: "in_progress", scheduledAt: at(11) });
    const after = await insertBooking(db, seeker.id, me.id, { status: "accepted", scheduledAt: at(13.5), scheduledEndAt: at(15) });
    // Left out: ending two hours or more before, starting two hours or more after, not active, another provider's.
    await insertBooking(db, seeker.id, me.id, { status: "accepted", scheduledAt: at(6), scheduledEndAt: at(7.9) });
    await insertBooking(db, seeker.id, me.id, { status: "accepted", scheduledAt: at(14.1) });
    await insertBooking(db, seeker.id, me.id, { status: "pending", scheduledAt: at(11), expiresAt: at(9) });
    await insertBooking(db, seeker.id, me.id, { status: "cancelled", scheduledAt: at(11) });
    await insertBooking(db, seeker.id, (await provider()).id, { status: "accepted", scheduledAt: at(11) });

    const around = await activeBookingsAround(db, me.id, span);
    expect(around.map((b) => b.id)).toEqual([before.id, during.id, after.id]);
  });
});

describe("the provider dashboard's lists of bookings", () => {
  it("are the open requests newest first, the accepted soonest first and the accepted or started newest first, each limited", async () => {
    const seeker = await user({ firstName: "Sam", lastName: "Seeker" });
    const me = await provider();
    // Inserted one after another, so created in this order (newest last).
    const accepted = await insertBooking(db, seeker.id, me.id, { status: "accepted", scheduledAt: at(8), scheduledEndAt: at(9) });
    const started = await insertBooking(db, seeker.id, me.id, { status: "in_progress", scheduledAt: at(-1) });
    const sooner = await insertBooking(db, seeker.id, me.id, { status: "accepted", scheduledAt: at(2) });
    const older = await insertBooking(db, seeker.id, me.id, { status: "pending", scheduledAt: at(30), expiresAt: at(20) });
    const newer = await insertBooking(db, seeker.id, me.id, { status: "pending", scheduledAt: at(40), expiresAt: at(20) });
    // Left out: a request past its time the expiry job has not reached, finished and cancelled bookings, another provider's.
    await insertBooking(db, seeker.id, me.id, { status: "pending", scheduledAt: at(3), expiresAt: at(-0.1) });
    await insertBooking(db, seeker.id, me.id, { status: "completed", scheduledAt: at(-5) });
    await insertBooking(db, seeker.id, me.id, { status: "cancelled", scheduledAt: at(2) });
    await insertBooking(db, seeker.id, (await provider()).id, { status: "accepted", scheduledAt: at(1) });

    const lists = await listProviderDashboardBookings(db, me.id, { requests: 10, upcoming: 10, active: 10 });
    expect(lists.requests.map((b) => b.id)).toEqual([newer.id, older.id]);
    expect(lists.upcoming.map((b) => b.id)).toEqual([sooner.id, accepted.id]);
    expect(lists.active.map((b) => b.id)).toEqual([sooner.id, started.id, accepted.id]);
    expect(lists.requests[0].seeker).toMatchObject({ id: seeker.id, firstName: "Sam", lastName: "Seeker" });
    // The provider sees an active booking's exact place, a request's area only (decision 0039).
    expect(lists.upcoming[0].job.exactLocation).toBe(true);
    expect(lists.requests[0].job.exactLocation).toBe(false);

    const limited = await listProviderDashboardBookings(db, me.id, { requests: 1, upcoming: 1, active: 2 });
    expect(limited.requests.map((b) => b.id)).toEqual([newer.id]);
    expect(limited.upcoming.map((b) => b.id)).toEqual([sooner.id]);
    expect(limited.active.map((b) => b.id)).toEqual([sooner.id, started.id]);
  });
});
