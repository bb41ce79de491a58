// A JSON answer's time rewritten from PostgreSQL's text (app/lib/iso-timestamp.ts) must read as the Date it replaced:
// what `new Date(text).toJSON()` gives, for any time PostgreSQL writes, in any session time zone.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { isoTimeOf, isoTimestamp } from "~/lib/iso-timestamp";

const pad = (value: number, width: number) => String(Math.abs(value)).padStart(width, "0");

/** A timestamptz as PostgreSQL writes it with DateStyle ISO: microseconds without trailing zeros, the offset shortest. */
function postgresText(epochMs: number, micros: number, offsetMinutes: number): string {
  const local = new Date(epochMs + offsetMinutes * 60_000);
  const fraction = pad(local.getUTCMilliseconds() * 1000 + micros, 6).replace(/0+$/, "");
  const sign = offsetMinutes < 0 ? "-" : "+";
  const offset = `${sign}${pad(Math.trunc(offsetMinutes / 60), 2)}${offsetMinutes % 60 ? `:${pad(offsetMinutes % 60, 2)}` : ""}`;
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1, 2)}-${pad(local.getUTCDate(), 2)} ` +
    `${pad(local.getUTCHours(), 2)}:${pad(local.getUTCMinutes(), 2)}:${pad(local.getUTCSeconds(), 2)}${fraction ? `.${fraction}` : ""}${offset}`
  );
}

const YEAR_1000 = Date.UTC(1000, 0, 1);
const YEAR_10000 = Date.UTC(10000, 0, 1);

describe("isoTimestamp", () => {
  it("writes PostgreSQL's UTC text as Date#toJSON writes the time it names", () => {
    fc.assert(
      fc.property(fc.integer({ min: YEAR_1000, max: YEAR_10000 - 1 }), fc.integer({ min: 0, max: 999 }), (epochMs, micros) => {
        const text = postgresText(epochMs, micros, 0);
        expect(isoTimestamp(text)).toBe(new Date(text).toJSON());
        expect(isoTimestamp(text)).toBe(new Date(epochMs).toJSON());
      }),
      { numRuns: 2000 },
    );
  });

  it("reads another session time zone's text, and a Date, through a Date", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: YEAR_1000, max: YEAR_10000 - 1 - 86_400_000 }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }).filter((minutes) => minutes !== 0),
        (epochMs, offsetMinutes) => {
          const text = postgresText(epochMs, 0, offsetMinutes);
          expect(isoTimestamp(text)).toBe(new Date(epochMs).toJSON());
          expect(isoTimestamp(new Date(epochMs))).toBe(new Date(epochMs).toJSON());
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps milliseconds and cuts further digits, as a Date does", () => {
    expect(isoTimestamp("2026-11-29 03:04:05+00")).toBe("2026-11-29T03:04:05.000Z");
    expect(isoTimestamp("2026-11-29 03:04:05.5+00")).toBe("2026-11-29T03:04:05.500Z");
    expect(isoTimestamp("2026-11-29 03:04:05.123999+00")).toBe("2026-11-29T03:04:05.123Z");
    expect(isoTimestamp("2026-11-29 03:04:05.12+00")).toBe("2026-11-29T03:04:05.120Z");
  });

  it("keeps a year before 100 as PostgreSQL wrote it (V8's parser reads 0099 as 1999)", () => {
    expect(isoTimestamp("0099-01-01 00:00:00+00")).toBe("0099-01-01T00:00:00.000Z");
  });

  it("reads text that is not PostgreSQL's UTC layout through a Date", () => {
    expect(isoTimestamp("2026-11-29T03:04:05Z")).toBe("2026-11-29T03:04:05.000Z");
    expect(isoTimestamp("2026-11-29 03:04:05.1234567+00")).toBe(new Date("2026-11-29 03:04:05.1234567+00").toISOString());
  });
});

describe("isoTimeOf", () => {
  it("writes what toISOString writes, for clock readings in any order and any millisecond Date can hold", () => {
    const anyTime = fc.integer({ min: -8.64e15, max: 8.64e15 });
    const nearby = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 0, 1) + 5_000 });
    fc.assert(
      fc.property(fc.array(fc.oneof(anyTime, nearby), { minLength: 1, maxLength: 30 }), (readings) => {
        for (const epochMs of readings) expect(isoTimeOf(epochMs)).toBe(new Date(epochMs).toISOString());
      }),
      { numRuns: 2000 },
    );
  });
});
