// The console overview's days (issue 34): the last N calendar days in the market's time zone, oldest first. Pure.

import { zonedDate, zonedInstant } from "./schedule.ts";

export const OVERVIEW_DAYS = 30;

/** The calendar date `offset` days after `date` ("YYYY-MM-DD"): plain date arithmetic, no zone involved. */
export function shiftDate(date: string, offset: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + offset)).toISOString().slice(0, 10);
}

/**
 * The last `count` days ending today in `timeZone` ("YYYY-MM-DD", oldest first), the instant the first begins and
 * the instant the day after the last begins.
 */
export function overviewDays(now: Date, timeZone: string, count = OVERVIEW_DAYS): { days: string[]; since: Date; until: Date } {
  const today = zonedDate(now, timeZone);
  const days = Array.from({ length: count }, (_, i) => shiftDate(today, i - count + 1));
  return { days, since: zonedInstant(days[0]!, "00:00", timeZone), until: zonedInstant(shiftDate(today, 1), "00:00", timeZone) };
}

/** A moment in the console: "2026-11-26 14:05" in `timeZone` (the market's), sortable and unambiguous. */
export function consoleStamp(at: Date, timeZone: string): string {
  const local = new Date(at.toLocaleString("en-US", { timeZone }));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${zonedDate(at, timeZone)} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
}
