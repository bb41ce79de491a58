import "server-only";

import { eq, inArray, sql } from "drizzle-orm";

import { calendarFeeds, users } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import type { BookingStatus } from "~/lib/booking-process";
import { fullName } from "~/lib/user-display";
import { listMyBookings, type BookingListItem } from "~/models/booking.server";

// A provider's private calendar feed (issue 33 §3, decision 0073): at most one row per user, whose version and
// creation time are signed into the feed's URL; a new version or no row ends every URL given out before.

export type CalendarFeed = typeof calendarFeeds.$inferSelect;

/** A provider's bookings that belong in their calendar: agreed to, under way or done. Pending and cancelled ones leave it. */
export const FEED_BOOKING_STATUSES = ["accepted", "in_progress", "completed"] as const satisfies readonly BookingStatus[];

/** The most bookings a feed lists, the newest first. */
export const FEED_MAX_BOOKINGS = 500;

export async function getCalendarFeed(db: Executor, userId: string): Promise<CalendarFeed | null> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** The user's feed, made at version 1 if they had none (a second create keeps the first: its URL stays valid). */
export async function createCalendarFeed(db: Executor, userId: string): Promise<CalendarFeed> {
  // A no-op update on conflict, so the one statement returns the row either way.
  const [feed] = await db
    .insert(calendarFeeds)
    .values({ userId })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { version: sql`${calendarFeeds.version}` } })
    .returning();
  return feed;
}

/** The next version of the user's feed (every earlier URL stops working), or null when they have none. */
export async function rotateCalendarFeed(db: Executor, userId: string): Promise<CalendarFeed | null> {
  const [rotated] = await db
    .update(calendarFeeds)
    .set({ version: sql`${calendarFeeds.version} + 1` })
    .where(eq(calendarFeeds.userId, userId))
    .returning();
  return rotated ?? null;
}

/** Removes the user's feed; whether there was one. */
export async function removeCalendarFeed(db: Executor, userId: string): Promise<boolean> {
  const removed = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
  return removed.length > 0;
}

/** A booking of the feed, as its provider sees it (decision 0039), with the seeker's name. */
export type FeedBooking = BookingListItem & { seekerName: string };

/**
 * The provider's bookings for their feed, newest first: the booking list of the provider (which gives them the
 * job's address while the booking is active, its area afterwards) with each seeker's name.
 */
export async function listFeedBookings(db: Executor, providerId: string): Promise<FeedBooking[]> {
  const bookings = await listMyBookings(db, providerId, { asProvider: true, statuses: [...FEED_BOOKING_STATUSES], limit: FEED_MAX_BOOKINGS });
  const seekerIds = [...new Set(bookings.map((b) => b.seekerId))];
  const seekers = seekerIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, seekerIds))
    : [];
  const names = new Map(seekers.map((s) => [s.id, fullName(s)]));
  return bookings.map((b) => ({ ...b, seekerName: names.get(b.seekerId) ?? "Someone" }));
}
