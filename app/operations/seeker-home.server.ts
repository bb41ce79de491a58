import "server-only";

import { getDb } from "~/infra/db.server";
import { listSeekerBookings, type SeekerBookingItem } from "~/models/booking.server";
import type { SavedIds } from "~/models/favorite.server";
import { listSeekerJobs, type JobWithSeeker } from "~/models/job.server";
import { recentAvailableProviderCounts } from "~/models/provider.server";
import type { User } from "~/models/user.server";
import { loadSavedIds } from "~/operations/favorites.server";

/** How many of the seeker's newest jobs the home page shows. */
export const RECENT_REQUESTS = 4;
/** How many of the seeker's open requests and active bookings the home page shows. */
export const YOUR_BOOKINGS = 5;

export interface SeekerHomeData {
  /** Online providers per category, one count for all six cards (reused for a few seconds, decision 0038). */
  providerCounts: Promise<Record<string, number>>;
  /** The seeker's newest jobs and what they saved, for the hearts. */
  recentRequests: Promise<{ jobs: JobWithSeeker[]; saved: SavedIds }>;
  /** Requests waiting for their provider and accepted or started bookings, soonest first. */
  bookings: Promise<SeekerBookingItem[]>;
}

/** The seeker home's data (spec §2), each part started now and awaited where it is shown, so the page streams. */
export function seekerHome(user: Pick<User, "id" | "currentRole">): SeekerHomeData {
  const db = getDb();
  const providerCounts = db.then((d) => recentAvailableProviderCounts(d));
  // Awaited by six cards: never an unhandled rejection, the cards report the error.
  providerCounts.catch(() => undefined);
  return {
    providerCounts,
    recentRequests: db.then(async (d) => {
      const [jobs, saved] = await Promise.all([listSeekerJobs(d, user.id, { limit: RECENT_REQUESTS }), loadSavedIds(d, user)]);
      return { jobs, saved };
    }),
    bookings: db.then((d) => listSeekerBookings(d, user.id, YOUR_BOOKINGS)),
  };
}
