import "server-only";

import { and, eq, gte, lt, sql } from "drizzle-orm";

import { bookings, jobs, users } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";

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

/** The calendar date of a timestamp column in `timeZone`, as "YYYY-MM-DD". */
const dayOf = (column: unknown, timeZone: string) => sql<string>`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

/**
 * The marketplace's health per day of `days`, from `since` (the start of the first in `timeZone`) to `until`: each query a range
 * scan of one created_at, accepted_at or completed_at index, grouped by the day in the zone. Days with nothing are zeros.
 */
export async function marketplaceHealth(
  db: Executor,
  range: { days: string[]; since: Date; until: Date },
  timeZone: string,
): Promise<MarketplaceHealth> {
  const { days, since, until } = range;
  const [posted, accepted, completed, online] = await Promise.all([
    db
      .select({ day: dayOf(jobs.createdAt, timeZone), count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(gte(jobs.createdAt, since), lt(jobs.createdAt, until)))
      .groupBy(sql`1`),
    db
      .select({
        day: dayOf(bookings.acceptedAt, timeZone),
        count: sql<number>`count(*)::int`,
        completed: sql<number>`(count(*) filter (where ${bookings.status} = 'completed'))::int`,
        value: sql<string>`coalesce(sum(${bookings.agreedPrice}), 0)`,
        median: sql<string | null>`percentile_cont(0.5) within group (order by extract(epoch from ${bookings.acceptedAt} - ${jobs.createdAt}) / 60)`,
      })
      .from(bookings)
      .innerJoin(jobs, eq(jobs.id, bookings.jobId))
      .where(and(gte(bookings.acceptedAt, since), lt(bookings.acceptedAt, until)))
      .groupBy(sql`1`),
    db
      .select({ day: dayOf(bookings.completedAt, timeZone), count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(gte(bookings.completedAt, since), lt(bookings.completedAt, until)))
      .groupBy(sql`1`),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.isProviderOnline} and ${users.currentRole} = 'provider' and ${users.suspendedAt} is null`),
  ]);
  const postedBy = new Map(posted.map((row) => [row.day, row.count]));
  const acceptedBy = new Map(accepted.map((row) => [row.day, row]));
  const completedBy = new Map(completed.map((row) => [row.day, row.count]));
  return {
    providersOnline: online[0]?.count ?? 0,
    days: days.map((day) => {
      const a = acceptedBy.get(day);
      return {
        day,
        jobsPosted: postedBy.get(day) ?? 0,
        accepted: a?.count ?? 0,
        acceptedCompleted: a?.completed ?? 0,
        completed: completedBy.get(day) ?? 0,
        bookedValue: a ? Number(a.value) : 0,
        medianMinutesToAccept: a?.median == null ? null : Math.round(Number(a.median)),
      };
    }),
  };
}
