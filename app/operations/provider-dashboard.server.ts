import "server-only";

import { getConfig } from "~/infra/config.server";
import { getDb } from "~/infra/db.server";
import { ACTIVE_BOOKING_STATUSES } from "~/lib/booking-process";
import { listMyBookings, type BookingListItem } from "~/models/booking.server";
import type { SavedIds } from "~/models/favorite.server";
import { listAvailableJobs, type NearbyJob } from "~/models/job.server";
import { getProviderStats, type ProviderStats } from "~/models/provider.server";
import type { User } from "~/models/user.server";
import { loadSavedIds } from "~/operations/favorites.server";

/** How many active jobs the dashboard lists before "Show all active jobs". */
export const ACTIVE_JOBS_PREVIEW = 20;
/** How many nearby jobs the dashboard lists before "Show more jobs near you". */
export const AVAILABLE_JOBS_PREVIEW = 20;

/** Which of the dashboard's lists are shown whole (?activeJobs=all, ?availableJobs=all). */
export interface DashboardLists {
  activeJobs: boolean;
  availableJobs: boolean;
}

export function expandedLists(url: URL): DashboardLists {
  return { activeJobs: url.searchParams.get("activeJobs") === "all", availableJobs: url.searchParams.get("availableJobs") === "all" };
}

export interface ProviderDashboardData {
  stats: Promise<ProviderStats>;
  /** Accepted and in-progress bookings, newest first; `more` when the preview cut some off. */
  activeJobs: Promise<{ bookings: BookingListItem[]; more: boolean }>;
  /** Posted jobs near the provider, only while online. */
  availableJobs: Promise<{ jobs: NearbyJob[]; more: boolean; saved: SavedIds }> | null;
}

/**
 * The provider dashboard's data (spec §2), each part started now and awaited by its own section, so the page
 * streams as each arrives.
 */
export function providerDashboard(user: User, lists: DashboardLists): ProviderDashboardData {
  const db = getDb();
  return {
    stats: db.then((d) => getProviderStats(d, user, getConfig().timeZone)),
    activeJobs: db.then(async (d) => {
      const listed = await listMyBookings(d, user.id, {
        asProvider: true,
        statuses: [...ACTIVE_BOOKING_STATUSES],
        limit: lists.activeJobs ? undefined : ACTIVE_JOBS_PREVIEW + 1,
      });
      return preview(listed, lists.activeJobs ? undefined : ACTIVE_JOBS_PREVIEW, (bookings, more) => ({ bookings, more }));
    }),
    availableJobs: user.isProviderOnline
      ? db.then(async (d) => {
          const [listed, saved] = await Promise.all([
            listAvailableJobs(d, user, lists.availableJobs ? {} : { limit: AVAILABLE_JOBS_PREVIEW + 1 }),
            loadSavedIds(d, user),
          ]);
          return preview(listed, lists.availableJobs ? undefined : AVAILABLE_JOBS_PREVIEW, (jobs, more) => ({ jobs, more, saved }));
        })
      : null,
  };
}

/** The first `limit` items (all without a limit), and whether more were listed. */
function preview<T, R>(listed: T[], limit: number | undefined, shape: (items: T[], more: boolean) => R): R {
  const more = limit !== undefined && listed.length > limit;
  return shape(more ? listed.slice(0, limit) : listed, more);
}
