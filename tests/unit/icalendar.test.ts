import { describe, expect, it } from "vitest";

import { calendarFeedUrl, parseCalendarFeedAddress, signedForFeed } from "~/infra/calendar-feed-token.server";
import { calendarText, type CalendarEvent } from "~/infra/icalendar.server";
import { signature } from "~/infra/signature.server";
import { zonedInstant } from "~/lib/schedule";

const NY = "America/New_York";
const place = { appUrl: new URL("https://nearhand.example"), timeZone: NY };
const BOOKING = "4f1c2a3b-1111-4222-8333-944455556666";

function event(values: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    bookingId: BOOKING,
    title: "Fix the tap",
    // Tuesday 1 December 2026, 3–5 pm in New York.
    start: zonedInstant("2026-12-01", "15:00", NY),
    end: zonedInstant("2026-12-01", "17:00", NY),
    location: "350 Jay St, Brooklyn, NY 11201",
    other: { role: "Provider", name: "Pat Provider" },
    status: "confirmed",
    updatedAt: new Date("2026-11-26T15:00:00Z"),
    ...values,
  };
}

/** The content lines, unfolded (RFC 5545 §3.1: a line break followed by a space continues the line). */
function lines(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, "").split("\r\n");
}

/** The value of the one property `name` of the text's single event. */
function property(text: string, name: string): string {
  const found = lines(text).filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
  expect(found, name).toHaveLength(1);
  return found[0].slice(found[0].indexOf(":") + 1);
}

describe("a booking's iCalendar text", () => {
  it("is one VEVENT with its times in UTC and the market's time zone named", () => {
    const text = calendarText([event()], null, place);
    expect(lines(text).filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(property(text, "DTSTART")).toBe("20261201T200000Z");
    expect(property(text, "DTEND")).toBe("20261201T220000Z");
    expect(property(text, "X-WR-TIMEZONE")).toBe(NY);
    // A calendar's properties come before its first component (RFC 5545 §3.4), an empty feed's before its end.
    expect(lines(text).indexOf(`X-WR-TIMEZONE:${NY}`)).toBeLessThan(lines(text).indexOf("BEGIN:VEVENT"));
    const empty = lines(calendarText([], { refreshMinutes: 30 }, place));
    expect(empty.indexOf(`X-WR-TIMEZONE:${NY}`)).toBe(empty.indexOf("END:VCALENDAR") - 1);
    expect(text).not.toMatch(/TZID|BEGIN:VTIMEZONE/);
    expect(property(text, "DTSTAMP")).toBe("20261126T150000Z");
  });

  it("has a UID stable per booking, its title, place, the other party and the booking page", () => {
    const text = calendarText([event()], null, place);
    expect(property(text, "UID")).toBe(`${BOOKING}@nearhand.example`);
    expect(calendarText([event({ title: "Another title", updatedAt: new Date() })], null, place)).toContain(`UID:${BOOKING}@nearhand.example`);
    expect(property(text, "SUMMARY")).toBe("Fix the tap");
    expect(property(text, "LOCATION")).toBe("350 Jay St\\, Brooklyn\\, NY 11201");
    expect(property(text, "DESCRIPTION")).toBe(`Provider: Pat Provider\\nBooking: https://nearhand.example/bookings/${BOOKING}`);
    expect(property(text, "URL")).toBe(`https://nearhand.example/bookings/${BOOKING}`);
    expect(property(text, "STATUS")).toBe("CONFIRMED");
    expect(lines(text)[0]).toBe("BEGIN:VCALENDAR");
    expect(property(text, "METHOD")).toBe("PUBLISH");
    // A file for one booking is no subscribed calendar.
    expect(text).not.toMatch(/X-WR-CALNAME|REFRESH-INTERVAL/);
  });

  it("lasts one hour from its start when booked as soon as possible", () => {
    const text = calendarText([event({ start: new Date("2026-11-26T15:07:00Z"), end: null })], null, place);
    expect(property(text, "DTSTART")).toBe("20261126T150700Z");
    expect(property(text, "DTEND")).toBe("20261126T160700Z");
  });

  it("says a cancelled booking is cancelled and a pending request tentative", () => {
    expect(property(calendarText([event({ status: "cancelled" })], null, place), "STATUS")).toBe("CANCELLED");
    expect(property(calendarText([event({ status: "tentative" })], null, place), "STATUS")).toBe("TENTATIVE");
  });

  it("escapes commas, semicolons, backslashes and line breaks in what users wrote, and folds long lines", () => {
    const title = "Tap, sink; and\nthe \\ drain " + "x".repeat(80);
    const text = calendarText([event({ title, other: { role: "Seeker", name: "Ann; Lee, Jr" } })], null, place);
    expect(property(text, "SUMMARY")).toBe(`Tap\\, sink\\; and\\nthe \\\\ drain ${"x".repeat(80)}`);
    expect(property(text, "DESCRIPTION")).toMatch(/^Seeker: Ann\\; Lee\\, Jr\\nBooking: /);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // No bare line break: every line ends in CRLF.
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("as a feed, names the calendar and how often to fetch it, one VEVENT per booking", () => {
    const second = "5a6b7c8d-2222-4333-8444-a55566667777";
    const text = calendarText(
      [event(), event({ bookingId: second, start: new Date("2026-12-02T14:00:00Z"), end: null })],
      { refreshMinutes: 30 },
      place,
    );
    expect(lines(text).filter((line) => line === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines(text)).toContain("X-WR-CALNAME:Nearhand bookings");
    expect(lines(text)).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT30M");
    expect(lines(text)).toContain(`UID:${second}@nearhand.example`);
  });
});

describe("a calendar feed's URL", () => {
  const feed = { userId: "0b1c2d3e-aaaa-4bbb-8ccc-dddddddddddd", version: 3, createdAt: new Date("2026-11-26T15:00:00.123Z") };
  const parse = (url: string) => {
    const parsed = new URL(url);
    return parseCalendarFeedAddress(parsed.pathname.replace("/calendar/", ""), parsed.searchParams);
  };

  it("names the user in its path and the version and signature in its query (request logs carry paths only)", () => {
    const url = calendarFeedUrl(feed);
    expect(url).toMatch(new RegExp(`/calendar/${feed.userId}\\.ics\\?v=3&sig=[\\w-]{43}$`));
    const named = parse(url)!;
    expect(named).toMatchObject({ userId: feed.userId, version: 3 });
    expect(signedForFeed(feed, named.signature)).toBe(true);
  });

  it("is refused when any part of it was changed, or for another row of the same user and version", () => {
    const { signature: signed } = parse(calendarFeedUrl(feed))!;
    expect(signedForFeed({ ...feed, userId: "0b1c2d3e-aaaa-4bbb-8ccc-eeeeeeeeeeee" }, signed)).toBe(false);
    expect(signedForFeed({ ...feed, version: 4 }, signed)).toBe(false);
    // Turned off and on again: a new row, version 1 again, made later.
    expect(signedForFeed({ ...feed, createdAt: new Date("2026-11-26T15:00:01.123Z") }, signed)).toBe(false);
    const flipped = signed.slice(0, -1) + (signed.endsWith("A") ? "B" : "A");
    expect(signedForFeed(feed, flipped)).toBe(false);
    // The same text signed for another purpose (an unsubscribe link's) is no feed's.
    expect(signedForFeed(feed, signature("unsubscribe", `${feed.userId}.3.${feed.createdAt.getTime()}`))).toBe(false);
  });

  it("is only read from an address shaped like one", () => {
    const url = calendarFeedUrl(feed);
    const sig = new URL(url).searchParams.get("sig")!;
    for (const bad of [
      url.replace(".ics", ""),
      url.replace(feed.userId, "not-a-user"),
      url.replace("v=3", "v=0"),
      url.replace("v=3", "v=three"),
      url.replace(/&sig=.*/, ""),
      url.replace(sig, sig.slice(1)),
      url.split("?")[0],
    ]) {
      expect(parse(bad), bad).toBeNull();
    }
  });
});
