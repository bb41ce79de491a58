import type { JobStatus } from "./statuses.ts";

// Display formats (spec §9): job budget 0 decimals; prices and earnings 2; ratings 1.

// Marked pure so a browser bundle that formats no money or time drops them (issue 36 §5: the JavaScript budget).
const usd0 = /* @__PURE__ */ new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const usd2 = /* @__PURE__ */ new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 2,
  minimumFractionDigits: 2,
});

export function formatBudget(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  return usd0.format(Number(value));
}

export function formatPrice(value: string | number | null | undefined): string {
  return usd2.format(Number(value ?? 0));
}

export function formatRating(value: string | number | null | undefined): string {
  return Number(value ?? 0).toFixed(1);
}

export function formatHourlyRate(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const rate = Number(value);
  return `$${Number.isInteger(rate) ? rate.toFixed(0) : rate.toFixed(2)}/hr`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat built once per locale and options, then reused: building one costs more than formatting a
 * whole page of dates with it (a tenth of a millisecond and up, issue 19). The options come from code and the
 * configured time zone, so the map stays small.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

const relative = /* @__PURE__ */ new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "5 minutes ago", "yesterday", "just now". */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(date).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

export type JobStatusName = JobStatus;

/** The colours of the statuses jobs and bookings share. */
export const SHARED_STATUS_STYLES = {
  in_progress: "bg-orange-100 text-orange-800",
  completed: "bg-green-100 text-green-800",
  cancelled: "bg-gray-100 text-gray-700",
} as const;

/** Status badge colours (spec §4): blue, yellow, orange, green, gray; underscores shown as spaces. */
export const JOB_STATUS_STYLES: Record<JobStatusName, string> = {
  posted: "bg-blue-100 text-blue-800",
  matched: "bg-yellow-100 text-yellow-800",
  ...SHARED_STATUS_STYLES,
};

export function statusLabel(status: string): string {
  return status.replaceAll("_", " ");
}

/** "1 review", "3 reviews": a count with its noun, plural unless one. */
export function countOf(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
