import "server-only";

import { and, eq, gte, lt, lte, sql } from "drizzle-orm";

import { ACCEPTED_COMPLETIONS_SLOT_MINUTES, acceptedCompletions, bookings, jobs, marketplaceDays, users } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import { shiftDate } from "~/lib/overview-days";
import { zonedInstant } from "~/lib/schedule";

/** One day of the console's overview (issue 34), in the market's time zone. */
export interface HealthDay {
  day: string;
  jobsPosted: number;
  /** Bookings accepted that day: a job taken, or a request the provider accepted. */
  accepted: number;
  /** Of those, the ones completed since. */
  acceptedCompleted: number;
  completed: number;
  /** The sum of the agreed prices of the bookings accepted that day, in dollars. */
  bookedValue: number;
  /** The median of the minutes from a job's posting to its booking's acceptance, of the day's acceptances. */
  medianMinutesToAccept: number | null;
}

export interface MarketplaceHealth {
  days: HealthDay[];
  providersOnline: number;
}

/**
 * Consecutive `days` in `timeZone` as buckets of rows: from the first's start to the next day after the last, and a
 * timestamp column's day as its position among the days' first instants (`width_bucket`, a binary search): the
 * bounds the range is cut by, and 3.5× cheaper than a time zone conversion per row (13,640 jobs: 6.9 ms, not 24).
 */
function dayBuckets(days: string[], timeZone: string) {
  const starts = days.map((day) => dayStart(day, timeZone));
  const thresholds = `{${starts.map((at) => at.toISOString()).join(",")}}`;
  return {
    starts,
    since: starts[0]!,
    until: dayStart(shiftDate(days.at(-1)!, 1), timeZone),
    of: (column: unknown) => sql<number>`width_bucket(${column}, ${thresholds}::timestamptz[])`,
    day: (position: number) => days[position - 1]!,
  };
}

/**
 * A day is settled this long after it ends: a row is stamped when its transaction starts (`now()`), so one begun
 * just before midnight may commit just after; none runs this long.
 */
export const SETTLE_MINUTES = 10;

/** What a day's rows say, but its completion rate (which changes as its bookings complete later). */
type DayFigures = Omit<HealthDay, "day" | "acceptedCompleted">;
const NOTHING: DayFigures = { jobsPosted: 0, accepted: 0, completed: 0, bookedValue: 0, medianMinutesToAccept: null };

/**
 * The marketplace's health per day of `days` in `timeZone`, `since` the first begins, `until` the day after the last.
 * A settled day is counted from the rows once and kept in marketplace_days; the days not settled yet (today) are
 * counted live from one day's rows, as are the providers online now; the completion rate of every day is summed from
 * the completions kept per quarter hour of acceptance (accepted_completions, decision 0083). So the overview reads a
 * few rows per day whatever the marketplace's size, but today's.
 */
export async function marketplaceHealth(
  db: Executor,
  range: { days: string[]; since: Date; until: Date },
  timeZone: string,
  now = new Date(),
): Promise<MarketplaceHealth> {
  const { days } = range;
  const settledBefore = new Date(now.getTime() - SETTLE_MINUTES * 60_000);
  const settled = days.filter((day) => dayStart(shiftDate(day, 1), timeZone) <= settledBefore);
  // The days not settled yet (today, and yesterday in its first minutes) are the last ones, counted alongside.
  const open = days.slice(settled.length);
  const [kept, completedSince, online, live] = await Promise.all([
    keptDays(db, settled, timeZone),
    acceptedCompletedByDay(db, days, timeZone),
    providersOnlineNow(db),
    open.length > 0 ? countDays(db, open, timeZone) : new Map<string, DayFigures>(),
  ]);
  const toCount = settled.filter((day) => !kept.has(day));
  if (toCount.length > 0) {
    const counted = await countDays(db, days.slice(days.indexOf(toCount[0]!), days.indexOf(toCount.at(-1)!) + 1), timeZone);
    await keepDays(
      db,
      timeZone,
      toCount.map((day) => [day, counted.get(day) ?? NOTHING] as const),
    );
    for (const day of toCount) kept.set(day, counted.get(day) ?? NOTHING);
  }
  return {
    providersOnline: online,
    days: days.map((day) => ({ day, ...(kept.get(day) ?? live.get(day) ?? NOTHING), acceptedCompleted: completedSince.get(day) ?? 0 })),
  };
}

/** The instant `day` begins in `timeZone`. */
const dayStart = (day: string, timeZone: string) => zonedInstant(day, "00:00", timeZone);

/** The figures of the settled days already counted. */
async function keptDays(db: Executor, days: string[], timeZone: string): Promise<Map<string, DayFigures>> {
  if (days.length === 0) return new Map();
  const rows = await db
    .select()
    .from(marketplaceDays)
    .where(and(eq(marketplaceDays.timeZone, timeZone), gte(marketplaceDays.day, days[0]!), lte(marketplaceDays.day, days.at(-1)!)));
  return new Map(
    rows.map((row) => [
      row.day,
      {
        jobsPosted: row.jobsPosted,
        accepted: row.accepted,
        completed: row.completed,
        bookedValue: Number(row.bookedValue),
        medianMinutesToAccept: row.medianMinutesToAccept,
      },
    ]),
  );
}

/** Keeps settled days' figures; two overviews counting the same day at once keep one row (the same figures). */
async function keepDays(db: Executor, timeZone: string, days: ReadonlyArray<readonly [string, DayFigures]>): Promise<void> {
  await db
    .insert(marketplaceDays)
    .values(days.map(([day, figures]) => ({ timeZone, day, ...figures, bookedValue: figures.bookedValue.toFixed(2) })))
    .onConflictDoNothing();
}

/**
 * Consecutive `days` counted from the rows: each query one range of a created_at, accepted_at or completed_at index.
 * One day (today, counted live on every view) is one aggregate of its range: grouping would sort its rows by day first.
 */
async function countDays(db: Executor, days: string[], timeZone: string): Promise<Map<string, DayFigures>> {
  const { since, until, of: bucketOf, day } = dayBuckets(days, timeZone);
  const oneDay = days.length === 1;
  const dayOf = (column: unknown) => (oneDay ? sql<number>`1` : bucketOf(column));
  const byDay = oneDay ? [] : [sql`1`];
  const [posted, accepted, completed] = await Promise.all([
    db
      .select({ day: dayOf(jobs.createdAt), count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(gte(jobs.createdAt, since), lt(jobs.createdAt, until)))
      .groupBy(...byDay),
    db
      .select({
        day: dayOf(bookings.acceptedAt),
        count: sql<number>`count(*)::int`,
        value: sql<string>`coalesce(sum(${bookings.agreedPrice}), 0)`,
        median: sql<
          string | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${bookings.acceptedAt} - ${bookings.jobPostedAt}) / 60)`,
      })
      .from(bookings)
      .where(and(gte(bookings.acceptedAt, since), lt(bookings.acceptedAt, until)))
      .groupBy(...byDay),
    db
      .select({ day: dayOf(bookings.completedAt), count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.status, "completed"), gte(bookings.completedAt, since), lt(bookings.completedAt, until)))
      .groupBy(...byDay),
  ]);
  const figures = new Map<string, DayFigures>();
  const of = (position: number) => figures.get(day(position)) ?? figures.set(day(position), { ...NOTHING }).get(day(position))!;
  for (const row of posted) of(row.day).jobsPosted = row.count;
  for (const row of accepted)
    Object.assign(of(row.day), {
      accepted: row.count,
      bookedValue: Number(row.value),
      medianMinutesToAccept: row.median == null ? null : Math.round(Number(row.median)),
    });
  for (const row of completed) of(row.day).completed = row.count;
  return figures;
}

/**
 * Of the bookings accepted each of `days`, how many are completed now: the sum of the day's quarter hours kept in
 * accepted_completions, when every day begins on a quarter hour (any zone of today's world); counted from the
 * bookings otherwise (one range of bookings_accepted_completed_idx).
 */
async function acceptedCompletedByDay(db: Executor, days: string[], timeZone: string): Promise<Map<string, number>> {
  const { starts, since, until, of: dayOf, day } = dayBuckets(days, timeZone);
  const slot = ACCEPTED_COMPLETIONS_SLOT_MINUTES * 60_000;
  const rows = [...starts, until].every((at) => at.getTime() % slot === 0)
    ? await db
        .select({ day: dayOf(acceptedCompletions.acceptedIn), count: sql<number>`sum(${acceptedCompletions.completed})::int` })
        .from(acceptedCompletions)
        .where(and(gte(acceptedCompletions.acceptedIn, since), lt(acceptedCompletions.acceptedIn, until)))
        .groupBy(sql`1`)
    : await db
        .select({ day: dayOf(bookings.acceptedAt), count: sql<number>`count(*)::int` })
        .from(bookings)
        .where(and(eq(bookings.status, "completed"), gte(bookings.acceptedAt, since), lt(bookings.acceptedAt, until)))
        .groupBy(sql`1`);
  return new Map(rows.map((row) => [day(row.day), row.count]));
}

async function providersOnlineNow(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.isProviderOnline} and ${users.currentRole} = 'provider' and ${users.suspendedAt} is null`);
  return row?.count ?? 0;
}
