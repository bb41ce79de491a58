// When a booking is for (issue 33 §2, §3): "as soon as possible", or a date and a time window in the market's time
// zone. Pure: the request schema reads the window, the operations the expiry, the pages the words.

import { TZDate } from "@date-fns/tz";

/** An ASAP request nobody answers lapses after this many minutes. */
export const ASAP_REQUEST_MINUTES = 30;
/** A scheduled request lapses after this many hours, or REQUEST_LEAD_HOURS before its time, whichever is sooner. */
export const SCHEDULED_REQUEST_HOURS = 24;
export const REQUEST_LEAD_HOURS = 2;
/** A scheduled window starts at least this long ahead and at most this many days ahead, and lasts at most this long. */
export const MIN_LEAD_MINUTES = 60;
export const MAX_DAYS_AHEAD = 90;
export const MAX_WINDOW_HOURS = 12;
/** Accepting warns when the provider has another booking this close to the time asked for. */
export const CLASH_HOURS = 2;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A time window: its start and end, or the start alone for "as soon as possible". */
export interface Window {
  start: Date;
  end: Date | null;
}

/**
 * When an unanswered request lapses: ASAP after ASAP_REQUEST_MINUTES; scheduled after SCHEDULED_REQUEST_HOURS or
 * REQUEST_LEAD_HOURS before the window, whichever is sooner, but never sooner than an ASAP request would (a window
 * asked for less than REQUEST_LEAD_HOURS ahead still gets half an hour of answer time).
 */
export function requestExpiry(window: Window, now: Date): Date {
  const asap = now.getTime() + ASAP_REQUEST_MINUTES * MINUTE;
  if (!window.end) return new Date(asap);
  const scheduled = Math.min(now.getTime() + SCHEDULED_REQUEST_HOURS * HOUR, window.start.getTime() - REQUEST_LEAD_HOURS * HOUR);
  return new Date(Math.max(asap, scheduled));
}

/** The instant a wall-clock date ("2026-05-12") and time ("15:00") name in `timeZone`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime());
}

/** The wall-clock date ("2026-05-12") of an instant in `timeZone`. */
export function zonedDate(at: Date, timeZone: string): string {
  const d = new TZDate(at.getTime(), timeZone);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** Why a scheduled window is refused, or null when it may be asked for. */
export function windowProblem(window: Window, now: Date): string | null {
  if (!window.end) return null;
  if (window.end.getTime() <= window.start.getTime()) return "The window must end after it starts";
  if (window.end.getTime() - window.start.getTime() > MAX_WINDOW_HOURS * HOUR) return `A window may last at most ${MAX_WINDOW_HOURS} hours`;
  if (window.start.getTime() < now.getTime() + MIN_LEAD_MINUTES * MINUTE) return `Pick a time at least ${MIN_LEAD_MINUTES} minutes from now`;
  if (window.start.getTime() > now.getTime() + MAX_DAYS_AHEAD * 24 * HOUR) return `Pick a day within the next ${MAX_DAYS_AHEAD} days`;
  return null;
}

/** "3 pm", "3:30 pm"; the meridiem left off when the caller adds it once for the window ("3–5 pm"). */
function clock(d: TZDate, withMeridiem: boolean): string {
  const hour12 = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  const minutes = d.getMinutes() ? `:${String(d.getMinutes()).padStart(2, "0")}` : "";
  return `${hour12}${minutes}${withMeridiem ? ` ${meridiem(d)}` : ""}`;
}

function meridiem(d: TZDate): "am" | "pm" {
  return d.getHours() < 12 ? "am" : "pm";
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Today", "Tomorrow", or "Tue 12 May" for the day of `at` in `timeZone`, seen at `now`. */
export function dayLabel(at: Date, timeZone: string, now: Date): string {
  const day = zonedDate(at, timeZone);
  if (day === zonedDate(now, timeZone)) return "Today";
  if (day === zonedDate(new Date(now.getTime() + 24 * HOUR), timeZone)) return "Tomorrow";
  const d = new TZDate(at.getTime(), timeZone);
  return `${WEEKDAYS[d.getDay()]} ${d.getDate()} ${MONTHS[d.getMonth()]}`;
}

/**
 * A booking's time in words: "As soon as possible", "Today 3–5 pm", "Tue 12 May, 9–11 am", "Tomorrow 11 am–1 pm".
 * A window that ends on another day names both ends.
 */
export function formatWindow(window: Window | { start: Date | null; end: Date | null }, timeZone: string, now: Date): string {
  if (!window.start || !window.end) return "As soon as possible";
  const start = new TZDate(window.start.getTime(), timeZone);
  const end = new TZDate(window.end.getTime(), timeZone);
  const day = dayLabel(window.start, timeZone, now);
  const separator = day === "Today" || day === "Tomorrow" ? " " : ", ";
  if (zonedDate(window.start, timeZone) !== zonedDate(window.end, timeZone)) {
    return `${day}${separator}${clock(start, true)} – ${dayLabel(window.end, timeZone, now)} ${clock(end, true)}`;
  }
  const sameMeridiem = meridiem(start) === meridiem(end);
  return `${day}${separator}${clock(start, !sameMeridiem)}–${clock(end, true)}`;
}

/** A moment in words: "Today 3:30 pm", "Tomorrow 9 am", "Tue 1 Dec, 9 am". */
export function formatMoment(at: Date, timeZone: string, now: Date): string {
  const day = dayLabel(at, timeZone, now);
  return `${day}${day === "Today" || day === "Tomorrow" ? " " : ", "}${clock(new TZDate(at.getTime(), timeZone), true)}`;
}

/** Whether two bookings' times lie within CLASH_HOURS of each other (an ASAP booking is at its start). */
export function clashes(a: Window, b: Window): boolean {
  const margin = CLASH_HOURS * HOUR;
  const aEnd = (a.end ?? a.start).getTime();
  const bEnd = (b.end ?? b.start).getTime();
  return a.start.getTime() - margin < bEnd && b.start.getTime() - margin < aEnd;
}
