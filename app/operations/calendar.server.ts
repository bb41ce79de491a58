import "server-only";

import { z } from "zod";

import { calendarFeedUrl, parseCalendarFeedAddress, signedForFeed } from "~/infra/calendar-feed-token.server";
import { getDb } from "~/infra/db.server";
import { calendarText, type CalendarEvent } from "~/infra/icalendar.server";
import type { BookingStatus } from "~/lib/booking-process";
import { forbidden, notFound } from "~/lib/errors";
import { fullName } from "~/lib/user-display";
import { getBookingForParty, type Booking, type BookingJob } from "~/models/booking.server";
import { createCalendarFeed, getCalendarFeed, listFeedBookings, removeCalendarFeed, rotateCalendarFeed } from "~/models/calendar-feed.server";
import type { User } from "~/models/user.server";

// "Add to calendar" (issue 33 §3, decision 0073): a booking's .ics file for either party, and a provider's private
// feed of their bookings, which calendar apps fetch by its signed URL alone.

/** How often a subscribed calendar app is asked to fetch the feed again. */
const FEED_REFRESH_MINUTES = 30;

/** A pending request is not agreed yet; a cancelled booking stays in a downloaded file as cancelled. */
function eventStatus(status: BookingStatus): CalendarEvent["status"] {
  if (status === "pending") return "tentative";
  return status === "cancelled" ? "cancelled" : "confirmed";
}

/** A booking as one event, with its job as the party sees it and the other party's name. */
function bookingEvent(booking: Booking & { job: Pick<BookingJob, "title" | "address"> }, other: CalendarEvent["other"]): CalendarEvent {
  return {
    bookingId: booking.id,
    title: booking.job.title,
    start: booking.scheduledAt ?? booking.createdAt,
    end: booking.scheduledEndAt,
    // The models give the seeker the address, the provider the address while the booking is active, else the area.
    location: booking.job.address,
    other,
    status: eventStatus(booking.status),
    updatedAt: booking.updatedAt,
  };
}

/**
 * GET /bookings/{id}/calendar.ics: the booking as one event, for one of its two parties; null (404) for anyone
 * else.
 */
export async function bookingCalendarFile(actor: Pick<User, "id">, bookingId: string): Promise<{ fileName: string; text: string } | null> {
  const booking = await getBookingForParty(await getDb(), bookingId, actor.id);
  if (!booking) return null;
  const other: CalendarEvent["other"] =
    booking.seekerId === actor.id ? { role: "Provider", name: fullName(booking.provider) } : { role: "Seeker", name: fullName(booking.seeker) };
  return { fileName: `nearhand-booking-${booking.id.slice(0, 8)}.ics`, text: calendarText([bookingEvent(booking, other)]) };
}

/** Who may have a feed: a provider, or anyone who offers a service (their bookings as provider go on). */
function offersServices(user: Pick<User, "currentRole" | "providerCategories">): boolean {
  return user.currentRole === "provider" || user.providerCategories.length > 0;
}

/** The profile's calendar section: whether it is offered, and the feed's URL when the user has one. */
export async function calendarFeedSettings(
  user: Pick<User, "id" | "currentRole" | "providerCategories">,
): Promise<{ offered: boolean; url: string | null }> {
  const feed = await getCalendarFeed(await getDb(), user.id);
  return { offered: offersServices(user) || feed !== null, url: feed ? calendarFeedUrl(feed) : null };
}

/** The profile's calendar forms: make the feed, give it a new URL, or turn it off. */
export const calendarFeedForm = z.object({ intent: z.enum(["create", "reset", "off"], { error: "intent must be create, reset or off" }) });

export async function startCalendarFeed(user: Pick<User, "id" | "currentRole" | "providerCategories">): Promise<string> {
  if (!offersServices(user)) throw forbidden("Calendar feeds are for providers");
  const feed = await createCalendarFeed(await getDb(), user.id);
  return calendarFeedUrl(feed);
}

/** A new URL for the feed: calendars subscribed with the old one stop getting it. */
export async function resetCalendarFeed(user: Pick<User, "id">): Promise<string> {
  const feed = await rotateCalendarFeed(await getDb(), user.id);
  if (!feed) throw notFound("You have no calendar feed");
  return calendarFeedUrl(feed);
}

/** Turns the feed off (no error when it was off already). */
export async function stopCalendarFeed(user: Pick<User, "id">): Promise<void> {
  await removeCalendarFeed(await getDb(), user.id);
}

/**
 * GET /calendar/{user id}.ics?v=&sig=: the provider's feed for a URL we signed for their current feed row and
 * version, else null (404): a forged or altered URL, an older version's, one of a feed turned off (even if turned on
 * again since) or of a user deleted.
 */
export async function calendarFeedText(file: string, query: URLSearchParams): Promise<string | null> {
  const named = parseCalendarFeedAddress(file, query);
  if (!named) return null;
  const db = await getDb();
  const feed = await getCalendarFeed(db, named.userId);
  if (!feed || feed.version !== named.version || !signedForFeed(feed, named.signature)) return null;
  const bookings = await listFeedBookings(db, feed.userId);
  const events = bookings.map((booking) => bookingEvent(booking, { role: "Seeker", name: booking.seekerName }));
  return calendarText(events, { refreshMinutes: FEED_REFRESH_MINUTES });
}
