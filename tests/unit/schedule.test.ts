import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { clashes, formatMoment, formatWindow, requestExpiry, windowProblem, zonedDate, zonedInstant } from "../../app/lib/schedule.ts";

const NY = "America/New_York";
// Thursday 26 November 2026, 10:00 in New York.
const now = new Date("2026-11-26T15:00:00Z");

describe("a booking's time in words, in the market's time zone", () => {
  it("names today, tomorrow and later days, with the meridiem once when both ends share it", () => {
    expect(formatWindow({ start: zonedInstant("2026-11-26", "15:00", NY), end: zonedInstant("2026-11-26", "17:00", NY) }, NY, now)).toBe(
      "Today 3–5 pm",
    );
    expect(formatWindow({ start: zonedInstant("2026-11-27", "11:00", NY), end: zonedInstant("2026-11-27", "13:00", NY) }, NY, now)).toBe(
      "Tomorrow 11 am–1 pm",
    );
    expect(formatWindow({ start: zonedInstant("2026-12-01", "09:00", NY), end: zonedInstant("2026-12-01", "11:30", NY) }, NY, now)).toBe(
      "Tue 1 Dec, 9–11:30 am",
    );
    expect(formatWindow({ start: now, end: null }, NY, now)).toBe("As soon as possible");
    expect(formatMoment(new Date("2026-11-26T20:30:00Z"), NY, now)).toBe("Today 3:30 pm");
    expect(formatMoment(zonedInstant("2026-12-01", "09:00", NY), NY, now)).toBe("Tue 1 Dec, 9 am");
  });

  it("reads the wall clock of the zone across a daylight-saving change", () => {
    // 8 March 2026: New York moves from UTC-5 to UTC-4.
    expect(zonedInstant("2026-03-07", "15:00", NY).toISOString()).toBe("2026-03-07T20:00:00.000Z");
    expect(zonedInstant("2026-03-09", "15:00", NY).toISOString()).toBe("2026-03-09T19:00:00.000Z");
    expect(zonedDate(new Date("2026-11-27T04:30:00Z"), NY)).toBe("2026-11-26");
  });
});

describe("when an unanswered request lapses", () => {
  it("after 30 minutes as soon as possible; 24 hours or 2 hours before the time, whichever is sooner", () => {
    expect(requestExpiry({ start: now, end: null }, now).toISOString()).toBe("2026-11-26T15:30:00.000Z");
    const nextWeek = { start: new Date("2026-12-03T15:00:00Z"), end: new Date("2026-12-03T17:00:00Z") };
    expect(requestExpiry(nextWeek, now).toISOString()).toBe("2026-11-27T15:00:00.000Z");
    const tonight = { start: new Date("2026-11-26T23:00:00Z"), end: new Date("2026-11-27T01:00:00Z") };
    expect(requestExpiry(tonight, now).toISOString()).toBe("2026-11-26T21:00:00.000Z");
  });

  it("always leaves between 30 minutes and 24 hours to answer, and lapses before the window starts", () => {
    fc.assert(
      fc.property(fc.integer({ min: 60, max: 90 * 24 * 60 }), (minutesAhead) => {
        const start = new Date(now.getTime() + minutesAhead * 60_000);
        const window = { start, end: new Date(start.getTime() + 2 * 3_600_000) };
        const lapses = requestExpiry(window, now).getTime() - now.getTime();
        expect(lapses).toBeGreaterThanOrEqual(30 * 60_000);
        expect(lapses).toBeLessThanOrEqual(24 * 3_600_000);
        expect(lapses).toBeLessThan(start.getTime() - now.getTime());
      }),
    );
  });
});

describe("which windows may be asked for", () => {
  const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
  it("refuses a window that ends before it starts, is too long, too soon or too far ahead", () => {
    expect(windowProblem({ start: at(5), end: at(4) }, now)).toBe("The window must end after it starts");
    expect(windowProblem({ start: at(5), end: at(18) }, now)).toBe("A window may last at most 12 hours");
    expect(windowProblem({ start: at(0.5), end: at(2) }, now)).toBe("Pick a time at least 60 minutes from now");
    expect(windowProblem({ start: at(91 * 24), end: at(91 * 24 + 2) }, now)).toBe("Pick a day within the next 90 days");
    expect(windowProblem({ start: at(26), end: at(28) }, now)).toBeNull();
  });

  it("calls two bookings a clash when less than two hours lie between them", () => {
    expect(clashes({ start: at(10), end: at(12) }, { start: at(13), end: at(14) })).toBe(true);
    expect(clashes({ start: at(10), end: at(12) }, { start: at(14.5), end: at(15) })).toBe(false);
    expect(clashes({ start: at(10), end: null }, { start: at(11.5), end: at(13) })).toBe(true);
  });
});
