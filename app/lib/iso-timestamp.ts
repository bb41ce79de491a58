// A timestamp as JSON writes it (Date#toJSON: ISO 8601 in UTC, to the millisecond) from PostgreSQL's text of a
// timestamp with time zone, without a Date in between. JSON.stringify spent about a microsecond on each Date of an
// answer (its toJSON call, then V8's toISOString), and parsing PostgreSQL's text into the Date a third of that: a
// hundred conversations cost more in their dates than in the rest of their JSON (issue 36 §3).

/**
 * PostgreSQL's text of a timestamptz in a UTC session (DateStyle ISO): "2026-11-28 12:34:56.789123+00", from none to
 * six digits of fraction. Tested, never matched: a match's array and captures were 6% of a conversations answer's
 * garbage, where `test` allocates nothing.
 */
const UTC_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?\+00$/;

/**
 * The ISO string `new Date(value).toJSON()` gives, for a Date or PostgreSQL's text of a timestamptz. Text in UTC
 * with a four-digit year is rewritten (years before 100 right too, which V8's parser reads as 19xx); anything else
 * (another session time zone, a year after 9999 or before the era) goes through a Date; text no Date can read
 * ("infinity") throws, as toISOString does, where the Date it replaced became null in JSON.
 */
export function isoTimestamp(value: string | Date): string {
  if (typeof value === "string" && UTC_TEXT.test(value)) {
    // The fraction's digits (none when there is no fraction), padded and cut to the milliseconds a Date keeps.
    const milliseconds = `${value.slice(20, value.length - 3)}000`.slice(0, 3);
    return `${value.slice(0, 10)}T${value.slice(11, 19)}.${milliseconds}Z`;
  }
  return new Date(value).toISOString();
}

let cachedSecond = Number.NaN;
let cachedSecondText = "";

/**
 * `new Date(epochMs).toISOString()` for a whole number of milliseconds, its second's text kept from the call before:
 * every log line writes the time, and V8's toISOString was a microsecond of each request's line.
 */
export function isoTimeOf(epochMs: number): string {
  const second = Math.floor(epochMs / 1000);
  if (second !== cachedSecond) {
    const text = new Date(second * 1000).toISOString();
    // A year of six digits (beyond 9999, or before year 0) is written whole.
    if (text.length !== 24) return new Date(epochMs).toISOString();
    cachedSecond = second;
    cachedSecondText = text.slice(0, 20);
  }
  const ms = epochMs - second * 1000;
  return `${cachedSecondText}${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
}
