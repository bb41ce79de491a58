// The calendar feed's rows and its query of a provider's bookings (decision 0073), on a migrated database.
import { describe, expect, it } from "vitest";

import { createCalendarFeed, getCalendarFeed, listFeedBookings, removeCalendarFeed, rotateCalendarFeed } from "~/models/calendar-feed.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { insertBooking, modelTestDatabase } from "../support/model-database.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));

describe("a calendar feed's row", () => {
  it("is made once at version 1, moves to a new version when reset, and is gone when turned off", async () => {
    const me = await provider();
    expect(await getCalendarFeed(db, me.id)).toBeNull();
    expect(await rotateCalendarFeed(db, me.id)).toBeNull();
    expect((await createCalendarFeed(db, me.id)).version).toBe(1);
    expect((await createCalendarFeed(db, me.id)).version).toBe(1);
    const first = (await rotateCalendarFeed(db, me.id))!;
    expect(first.version).toBe(2);
    expect(await getCalendarFeed(db, me.id)).toEqual(first);
    expect(await removeCalendarFeed(db, me.id)).toBe(true);
    expect(await removeCalendarFeed(db, me.id)).toBe(false);
    expect(await getCalendarFeed(db, me.id)).toBeNull();
    // Made again, it is a new row: version 1, made later (the signature of its URLs covers both).
    const again = await createCalendarFeed(db, me.id);
    expect(again.version).toBe(1);
    expect(again.createdAt.getTime()).toBeGreaterThan(first.createdAt.getTime());
  });
});

describe("a feed's bookings", () => {
  it("are the provider's accepted, in-progress and completed ones, newest first, with the seeker's name and the window asked for", async () => {
    const me = await provider();
    const seeker = await user({ firstName: "Ann", lastName: "Lee" });
    const start = new Date("2026-12-01T20:00:00Z");
    const end = new Date("2026-12-01T22:00:00Z");
    const made: Record<string, string> = {};
    for (const status of ["pending", "accepted", "in_progress", "completed", "cancelled"] as const) {
      made[status] = (await insertBooking(db, seeker.id, me.id, { status, scheduledAt: start, scheduledEndAt: end })).id;
    }
    // Another provider's booking, and one where this provider is the seeker.
    await insertBooking(db, seeker.id, (await provider()).id, { status: "accepted" });
    await insertBooking(db, me.id, (await provider()).id, { status: "accepted" });

    const listed = await listFeedBookings(db, me.id);
    expect(listed.map((b) => b.id)).toEqual([made.completed, made.in_progress, made.accepted]);
    for (const booking of listed) {
      expect(booking.seekerName).toBe("Ann Lee");
      expect(booking.scheduledAt).toEqual(start);
      expect(booking.scheduledEndAt).toEqual(end);
    }
    // The provider gets the job's exact address while the booking is active, the area afterwards (decision 0039).
    expect(listed.map((b) => b.job.exactLocation)).toEqual([false, true, true]);
  });

  it("are no more than the newest 500", async () => {
    const me = await provider();
    const seeker = await user();
    const [job] = await db
      .insert(t.jobs)
      .values({ seekerId: seeker.id, categoryId: "repair", title: "Tap", description: "Fix it", latitude: "40.7", longitude: "-74", address: "NY" })
      .returning();
    const base = Date.parse("2026-01-01T00:00:00Z");
    await db.insert(t.bookings).values(
      Array.from({ length: 501 }, (_, i) => ({
        jobId: job.id,
        seekerId: seeker.id,
        providerId: me.id,
        agreedPrice: "50",
        paymentMethod: "cash" as const,
        status: "completed" as const,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const listed = await listFeedBookings(db, me.id);
    expect(listed).toHaveLength(500);
    expect(listed.at(-1)!.createdAt).toEqual(new Date(base + 60_000));
  });
});
