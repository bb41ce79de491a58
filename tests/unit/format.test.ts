import { describe, expect, it } from "vitest";

import { dateTimeFormat, formatBudget, formatHourlyRate, formatPrice, formatRating, formatRelativeTime, statusLabel } from "~/lib/format";

describe("display formats", () => {
  it("shows budgets without decimals, prices with two, ratings with one", () => {
    const shown: Array<[(value: string | null) => string | null, Record<string, string>]> = [
      [formatBudget, { "150.00": "$150", "1234.56": "$1,235" }],
      [formatPrice, { "45": "$45.00", "0": "$0.00" }],
      [formatRating, { "4.67": "4.7", "0": "0.0" }],
      [formatHourlyRate, { "45.00": "$45/hr", "62.50": "$62.50/hr" }],
    ];
    for (const [format, values] of shown) {
      for (const [value, text] of Object.entries(values)) expect(format(value), `${format.name}(${value})`).toBe(text);
    }
    expect(formatBudget(null)).toBeNull();
  });

  it("shows relative times", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(formatRelativeTime(new Date("2026-11-22T11:59:30Z"), now)).toBe("just now");
    expect(formatRelativeTime(new Date("2026-11-22T11:55:00Z"), now)).toBe("5 minutes ago");
    expect(formatRelativeTime(new Date("2026-11-21T12:00:00Z"), now)).toBe("yesterday");
  });

  it("shows statuses with spaces for underscores", () => {
    expect(statusLabel("in_progress")).toBe("in progress");
  });
});

describe("dateTimeFormat", () => {
  it("formats as Intl does in the zone it is given, and reuses one formatter per locale and options", () => {
    const options: Intl.DateTimeFormatOptions = { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "short" };
    const moment = new Date("2026-03-05T20:04:00Z");
    expect(dateTimeFormat("en-US", options).format(moment)).toBe("Mar 5, 2026, 3:04 PM");
    expect(dateTimeFormat("en-US", { ...options })).toBe(dateTimeFormat("en-US", options));
    expect(dateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(moment)).toBe("Mar 5, 2026, 8:04 PM");
  });
});
