import "server-only";

import { and, desc, eq, sql } from "drizzle-orm";

import { bookings, bookingWithdrawals, providerEarnings, userColumns, users, type User } from "#db/schema.ts";
import { builtOnce } from "~/infra/built-once.server";
import type { Executor } from "~/infra/db.server";
import { CANCELLATION_HISTORY_DAYS } from "~/lib/booking-process";
import { DEFAULT_LOCATION, NEARBY_RADIUS_MILES } from "~/lib/geo";
import { isUuid } from "~/lib/ids";
import { shiftDate } from "~/lib/overview-days";
import { zonedDate, zonedInstant } from "~/lib/schedule";
import { blockedBetween } from "~/models/block.server";

/** Public provider fields (spec §7 providers/available and users/{id}): never email or phone. */
export const publicProviderColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  isProviderOnline: users.isProviderOnline,
  averageRating: users.averageRating,
  totalReviews: users.totalReviews,
  totalJobsCompleted: users.totalJobsCompleted,
  hourlyRate: users.hourlyRate,
};
export type PublicProvider = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isProviderOnline: boolean;
  averageRating: string;
  totalReviews: number;
  totalJobsCompleted: number;
  hourlyRate: string | null;
};

/** Sets whether the user is online; the caller has checked that one going online is a provider. */
export async function updateProviderOnline(db: Executor, userId: string, isOnline: boolean): Promise<User> {
  const [updated] = await db
    .update(users)
    .set({ isProviderOnline: isOnline, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return updated;
}

const onlineProvider = and(eq(users.isProviderOnline, true), eq(users.currentRole, "provider"));

/** Online providers offering a category, best rated first; none blocked either way by the viewer, when given. */
export async function listAvailableProviders(
  db: Executor,
  categoryId: string,
  options: { viewerId?: string; limit?: number } = {},
): Promise<PublicProvider[]> {
  return db
    .select(publicProviderColumns)
    .from(users)
    .where(
      and(
        onlineProvider,
        sql`${users.providerCategories} @> array[${categoryId}]::text[]`,
        options.viewerId ? sql`not ${blockedBetween(users.id, options.viewerId)}` : undefined,
      ),
    )
    .orderBy(desc(users.averageRating), desc(users.totalJobsCompleted), users.id)
    .limit(options.limit ?? 50);
}

/** How many online providers offer each category (the seeker home's "available" counts). */
export async function countAvailableProvidersByCategory(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ categoryId: sql<string>`unnest(${users.providerCategories})`, n: sql<number>`count(*)::int` })
    .from(users)
    .where(onlineProvider)
    .groupBy(sql`1`);
  return Object.fromEntries(rows.map((r) => [r.categoryId, Number(r.n)]));
}

/** How long the seeker home reuses its per-category counts (decision 0038). */
export const PROVIDER_COUNTS_MAX_AGE_MS = 10_000;

let recentCounts: { db: Executor; at: number; counts: Promise<Record<string, number>> } | undefined;

/**
 * The per-category counts of the seeker home's category cards, counted at most once per 10 seconds per instance
 * (a hint, and the heaviest query of that page). Requests meanwhile share the count, even one still running; a
 * failed count is not kept.
 */
export function recentAvailableProviderCounts(db: Executor, now = Date.now()): Promise<Record<string, number>> {
  if (recentCounts && recentCounts.db === db && now - recentCounts.at < PROVIDER_COUNTS_MAX_AGE_MS) return recentCounts.counts;
  const counts = countAvailableProvidersByCategory(db);
  const entry = { db, at: now, counts };
  recentCounts = entry;
  counts.catch(() => {
    if (recentCounts === entry) recentCounts = undefined;
  });
  return counts;
}

export async function getPublicProvider(db: Executor, id: string): Promise<PublicProvider | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(publicProviderColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** A provider as others see them one at a time (GET /api/users/{id}, their public page): with their record of cancelling. */
export type ProviderDetails = PublicProvider & {
  /** Accepted bookings the provider cancelled in the last CANCELLATION_HISTORY_DAYS days (decision 0062). */
  cancelledAfterAcceptingLast90Days: number;
};

export async function getProviderDetails(db: Executor, id: string): Promise<ProviderDetails | null> {
  if (!isUuid(id)) return null;
  // The provider by the id asked for, not by the outer row: drizzle writes a single table's columns unqualified in a
  // select list, where `provider_id = id` would resolve both to booking_withdrawals' own once it had an `id` column.
  const cancelled = sql<number>`(select count(*)::int from ${bookingWithdrawals} where ${bookingWithdrawals.providerId} = ${id}
    and ${bookingWithdrawals.withdrawnAt} > now() - ${sql.raw(`interval '${CANCELLATION_HISTORY_DAYS} days'`)})`;
  const [row] = await db
    .select({ ...publicProviderColumns, cancelledAfterAcceptingLast90Days: cancelled })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? { ...row, cancelledAfterAcceptingLast90Days: Number(row.cancelledAfterAcceptingLast90Days) } : null;
}

export interface ProviderStats {
  todayEarnings: string;
  totalEarnings: string;
  jobsCompleted: number;
  averageRating: string;
  totalReviews: number;
}

/** Earnings from completed bookings: today (in the app's time zone) and all time, two decimals. */
export async function getProviderStats(
  db: Executor,
  provider: Pick<User, "id" | "totalJobsCompleted" | "averageRating" | "totalReviews">,
  timeZone: string,
  now = new Date(),
): Promise<ProviderStats> {
  const startOfToday = startOfDayIn(timeZone, now);
  const startOfTomorrow = startOfDayIn(timeZone, now, 1);
  const [row] = await earningsQuery(db).execute({
    providerId: provider.id,
    startOfToday: startOfToday.toISOString(),
    startOfTomorrow: startOfTomorrow.toISOString(),
  });
  return {
    todayEarnings: row?.today ?? "0.00",
    totalEarnings: row?.total ?? "0.00",
    jobsCompleted: provider.totalJobsCompleted,
    averageRating: provider.averageRating,
    totalReviews: provider.totalReviews,
  };
}

/**
 * The provider's total and today's earnings, built once per database (every dashboard visit reads them): the total
 * kept in provider_earnings, today's summed from the bookings completed since midnight. A provider who never
 * completed a booking has no row (no earnings). drizzle writes a single table's columns unqualified in the select
 * list, so today's subquery names the provider by the placeholder, not by the outer row. The day's bounds are ISO
 * strings: a placeholder gets no column mapping, and postgres.js cannot bind a bare Date here.
 *
 * Today is bounded on both sides. With its start alone, PostgreSQL could not estimate a generic plan for an open
 * range, so at 300,000 bookings it planned the statement afresh on every execution (0.1–0.2 ms of planning for a
 * 0.03 ms execution); with both bounds it keeps one generic plan, as it did at 30,000 (session 35).
 */
const earningsQuery = builtOnce((db) =>
  db
    .select({
      total: sql<string>`${providerEarnings.total}::numeric(12,2)::text`,
      today: sql<string>`coalesce((select sum(${bookings.agreedPrice}) from ${bookings}
        where ${bookings.providerId} = ${sql.placeholder("providerId")} and ${bookings.status} = 'completed'
          and ${bookings.completedAt} >= ${sql.placeholder("startOfToday")}::timestamptz
          and ${bookings.completedAt} < ${sql.placeholder("startOfTomorrow")}::timestamptz), 0)::numeric(12,2)::text`,
    })
    .from(providerEarnings)
    .where(eq(providerEarnings.providerId, sql.placeholder("providerId")))
    .prepare("provider_earnings"),
);

/**
 * Midnight of `now`'s calendar day in `timeZone` (or of the day `days` later: 1 for tomorrow's), as an instant: the
 * zone's offset at that midnight, which on the days the clocks change is not the offset later that day.
 */
export function startOfDayIn(timeZone: string, now = new Date(), days = 0): Date {
  return zonedInstant(shiftDate(zonedDate(now, timeZone), days), "00:00", timeZone);
}

/** Online providers within the radius of a point, nearest first (providers without a location count as New York). */
export async function listNearbyOnlineProviders(
  db: Executor,
  point: { latitude: number; longitude: number },
  options: { categoryId?: string; radiusMiles?: number; limit?: number; excludeUserId?: string } = {},
): Promise<Array<{ id: string; distanceMiles: number }>> {
  const radius = options.radiusMiles ?? NEARBY_RADIUS_MILES;
  const lat = sql`coalesce(${users.latitude}::float8, ${DEFAULT_LOCATION.latitude})`;
  const lng = sql`coalesce(${users.longitude}::float8, ${DEFAULT_LOCATION.longitude})`;
  const distance = sql<number>`(3958.8 * 2 * asin(least(1, sqrt(
      power(sin(radians(${lat} - ${point.latitude}) / 2), 2) +
      cos(radians(${point.latitude})) * cos(radians(${lat})) *
      power(sin(radians(${lng} - ${point.longitude}) / 2), 2)))))`;
  const rows = await db
    .select({ id: users.id, distance })
    .from(users)
    .where(
      and(
        onlineProvider,
        options.categoryId ? sql`${users.providerCategories} @> array[${options.categoryId}]::text[]` : undefined,
        // The job's seeker, and anyone they blocked or who blocked them, hears nothing of it.
        options.excludeUserId ? sql`${users.id} <> ${options.excludeUserId} and not ${blockedBetween(users.id, options.excludeUserId)}` : undefined,
        sql`${distance} <= ${radius}`,
      ),
    )
    .orderBy(sql`${distance} asc`)
    .limit(options.limit ?? 20);
  return rows.map((r) => ({ id: r.id, distanceMiles: Number(r.distance) }));
}

/** A provider a seeker may ask directly: anyone offering a service (the directory's rule, decision 0072), with what they offer. */
export async function requestableProvider(
  db: Executor,
  id: string,
  seekerId: string,
): Promise<Pick<User, "id" | "firstName" | "lastName" | "providerCategories"> | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, providerCategories: users.providerCategories })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        sql`cardinality(${users.providerCategories}) > 0`,
        // Nobody requests a suspended provider (issue 34).
        sql`(${users.suspendedAt} is null or ${users.suspendedUntil} <= now())`,
        // Nor one blocked either way by the seeker.
        sql`not ${blockedBetween(users.id, seekerId)}`,
      ),
    )
    .limit(1);
  return row ?? null;
}
