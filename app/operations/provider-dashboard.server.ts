import "server-only";

import { getConfig } from "~/infra/config.server";
import { getDb, type Executor } from "~/infra/db.server";
import { clashes, type Window } from "~/lib/schedule";
import {
  activeBookingsAround,
  listProviderDashboardBookings,
  type Booking,
  type BookingListItem,
  type ProviderBookingItem,
} from "~/models/booking.server";
import { savedAmongJobs, type SavedIds } from "~/models/favorite.server";
import { listAvailableJobs, type NearbyJob } from "~/models/job.server";
import { getProviderStats, type ProviderStats } from "~/models/provider.server";
import type { User } from "~/models/user.server";

/** How many active jobs the dashboard lists before "Show all active jobs". */
export const ACTIVE_JOBS_PREVIEW = 20;
/** How many nearby jobs the dashboard lists before "Show more jobs near you". */
export const AVAILABLE_JOBS_PREVIEW = 20;

/** How many active jobs "Show all active jobs" lists (as GET /api/bookings/my-bookings does). */
const ACTIVE_JOBS_ALL = 200;

/** How many open requests the dashboard lists (more are rare: each lapses within a day). */
export const REQUESTS_SHOWN = 10;
/** How many upcoming bookings the dashboard lists before pointing to all active jobs. */
export const UPCOMING_PREVIEW = 5;

/** Which of the dashboard's lists are shown whole (?activeJobs=all, ?availableJobs=all). */
export interface DashboardLists {
  activeJobs: boolean;
  availableJobs: boolean;
}

export function expandedLists(url: URL): DashboardLists {
  return { activeJobs: url.searchParams.get("activeJobs") === "all", availableJobs: url.searchParams.get("availableJobs") === "all" };
}

/** A request with the provider's accepted or started booking it comes within two hours of, if any (a warning only). */
export type RequestItem = ProviderBookingItem & { clash: Window | null };

export interface ProviderDashboardData {
  stats: Promise<ProviderStats>;
  /** Open requests, newest first; `more` when some were left out. */
  requests: Promise<{ requests: RequestItem[]; more: boolean }>;
  /** Accepted bookings, soonest first; `more` when the preview cut some off. */
  upcoming: Promise<{ bookings: ProviderBookingItem[]; more: boolean }>;
  /** Accepted and in-progress bookings, newest first; `more` when the preview cut some off. */
  activeJobs: Promise<{ bookings: BookingListItem[]; more: boolean }>;
  /** Posted jobs near the provider, only while online. */
  availableJobs: Promise<{ jobs: NearbyJob[]; more: boolean; saved: SavedIds }> | null;
}

/** What the seeker home and the dashboard read of the signed-in user (the home loader sends only this in the page's payload). */
export const HOME_VIEWER_FIELDS = [
  "id",
  "currentRole",
  "firstName",
  "lastName",
  "isProviderOnline",
  "latitude",
  "longitude",
  "providerCategories",
  "totalJobsCompleted",
  "averageRating",
  "totalReviews",
] as const satisfies ReadonlyArray<keyof User>;
export type HomeViewer = Pick<User, (typeof HOME_VIEWER_FIELDS)[number]>;

/**
 * The provider dashboard's data (spec §2), each part started now and awaited by its own section, so the page
 * streams as each arrives.
 */
export function providerDashboard(user: HomeViewer, lists: DashboardLists): ProviderDashboardData {
  const db = getDb();
  // Requests, upcoming and active jobs are one statement (issue 36: one round trip for the three lists).
  const bookingLists = db.then((d) =>
    listProviderDashboardBookings(d, user.id, {
      requests: REQUESTS_SHOWN + 1,
      upcoming: UPCOMING_PREVIEW + 1,
      active: lists.activeJobs ? ACTIVE_JOBS_ALL : ACTIVE_JOBS_PREVIEW + 1,
    }),
  );
  return {
    stats: db.then((d) => getProviderStats(d, user, getConfig().timeZone)),
    requests: Promise.all([db, bookingLists]).then(async ([d, { requests: listed }]) => {
      const requests = await withClashes(d, user.id, listed.slice(0, REQUESTS_SHOWN));
      return { requests, more: listed.length > REQUESTS_SHOWN };
    }),
    upcoming: bookingLists.then(({ upcoming }) => preview(upcoming, UPCOMING_PREVIEW, (bookings, more) => ({ bookings, more }))),
    activeJobs: bookingLists.then(({ active }) =>
      preview(active, lists.activeJobs ? undefined : ACTIVE_JOBS_PREVIEW, (bookings, more) => ({ bookings, more })),
    ),
    availableJobs: user.isProviderOnline
      ? db.then(async (d) => {
          // The hearts' saved state comes with the jobs, from the same statement.
          const listed = await listAvailableJobs(d, user, {
            ...(lists.availableJobs ? {} : { limit: AVAILABLE_JOBS_PREVIEW + 1 }),
            savedAs: user.currentRole,
          });
          return preview(listed, lists.availableJobs ? undefined : AVAILABLE_JOBS_PREVIEW, (jobs, more) => ({
            jobs,
            more,
            saved: savedAmongJobs(jobs, user.currentRole),
          }));
        })
      : null,
  };
}

/**
 * Each request with the first of the provider's active bookings near its time: the bookings around all the
 * requests are read in one query and compared here, so the list costs one query whatever its length.
 */
async function withClashes(db: Executor, providerId: string, requests: ProviderBookingItem[]): Promise<RequestItem[]> {
  const windows = requests.map(windowOf);
  const asked = windows.filter((w) => w !== null);
  if (asked.length === 0) return requests.map((r) => ({ ...r, clash: null }));
  const span = {
    start: new Date(Math.min(...asked.map((w) => w.start.getTime()))),
    end: new Date(Math.max(...asked.map((w) => (w.end ?? w.start).getTime()))),
  };
  const booked = (await activeBookingsAround(db, providerId, span)).map(windowOf).filter((w) => w !== null);
  return requests.map((request, i) => {
    const window = windows[i];
    return { ...request, clash: (window && booked.find((other) => clashes(window, other))) ?? null };
  });
}

function windowOf(booking: Pick<Booking, "scheduledAt" | "scheduledEndAt">): Window | null {
  return booking.scheduledAt ? { start: booking.scheduledAt, end: booking.scheduledEndAt } : null;
}

/** The first `limit` items (all without a limit), and whether more were listed. */
function preview<T, R>(listed: T[], limit: number | undefined, shape: (items: T[], more: boolean) => R): R {
  const more = limit !== undefined && listed.length > limit;
  return shape(more ? listed.slice(0, limit) : listed, more);
}
