import "server-only";

import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

import { getConfig } from "~/infra/config.server";

// The iCalendar text (RFC 5545) of bookings: one file per booking and a provider's feed. Times are written in UTC
// (DTSTART:…Z), which every calendar app places right; the market's zone is named (X-WR-TIMEZONE) for the apps
// that show a subscribed calendar in it. A TZID would need a VTIMEZONE block of the zone's rules, which
// ical-generator does not make by itself, and a TZID without one is read as floating time by some apps.

/** A booking "as soon as possible" has no end: in a calendar it lasts this long from its start. */
export const ASAP_EVENT_MINUTES = 60;

export const FEED_NAME = "Nearhand bookings";

/** One booking as a calendar event, as one of its parties may see it. */
export interface CalendarEvent {
  bookingId: string;
  title: string;
  start: Date;
  /** Null: as soon as possible. */
  end: Date | null;
  /** The job's address, or its area (decision 0039). */
  location: string;
  /** The other party: "Provider", "Ann Lee". */
  other: { role: "Seeker" | "Provider"; name: string };
  status: "confirmed" | "tentative" | "cancelled";
  updatedAt: Date;
}

/** Where the events point and which zone they are named in (the app's configuration unless given). */
export interface CalendarPlace {
  appUrl: URL;
  timeZone: string;
}

const STATUS = {
  confirmed: ICalEventStatus.CONFIRMED,
  tentative: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
} as const;

/**
 * A VCALENDAR of the events. `feed` names a subscribed calendar and how often apps should fetch it again; a file
 * for one booking has neither.
 */
export function calendarText(events: CalendarEvent[], feed: { refreshMinutes: number } | null = null, place: CalendarPlace = getConfig()): string {
  const calendar = ical({
    prodId: { company: "Nearhand", product: "Bookings", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ...(feed ? { name: FEED_NAME, ttl: feed.refreshMinutes * 60 } : {}),
  });
  for (const event of events) {
    const page = new URL(`/bookings/${event.bookingId}`, place.appUrl).href;
    calendar.createEvent({
      id: `${event.bookingId}@${place.appUrl.hostname}`,
      summary: event.title,
      start: event.start,
      end: event.end ?? new Date(event.start.getTime() + ASAP_EVENT_MINUTES * 60_000),
      stamp: event.updatedAt,
      lastModified: event.updatedAt,
      location: event.location,
      description: `${event.other.role}: ${event.other.name}\nBooking: ${page}`,
      url: page,
      status: STATUS[event.status],
    });
  }
  return withZoneNamed(calendar.toString(), place.timeZone);
}

/**
 * ical-generator writes a calendar's own X- properties after its events, and RFC 5545 puts every calendar property
 * before the first component: the zone's name goes there. (An IANA name, checked by the configuration, needs no
 * escaping.)
 */
function withZoneNamed(text: string, timeZone: string): string {
  return text.replace(/\r\n(?=BEGIN:VEVENT\r\n|END:VCALENDAR(?:\r\n)?$)/, `\r\nX-WR-TIMEZONE:${timeZone}\r\n`);
}
