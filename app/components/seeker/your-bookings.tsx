import { Link } from "react-router";

import { CalendarClock, ChevronRight } from "~/components/icons";
import { getConfig } from "~/infra/config.server";
import { formatMoment, formatWindow } from "~/lib/schedule";
import { fullName } from "~/lib/user-display";
import type { SeekerBookingItem } from "~/models/booking.server";
import type { SeekerHomeData } from "~/operations/seeker-home.server";

/** What the seeker reads under a booking: who it waits for and until when, or who is booked and where it stands. */
function standing(booking: SeekerBookingItem, timeZone: string, now: Date): string {
  const provider = fullName(booking.provider);
  if (booking.status === "pending") {
    const answerBy = booking.expiresAt ? ` · answer by ${formatMoment(booking.expiresAt, timeZone, now)}` : "";
    return `Waiting for ${provider} to answer${answerBy}`;
  }
  return booking.status === "in_progress" ? `${provider} is working on it` : `Booked with ${provider}`;
}

/**
 * The seeker's requests waiting for an answer and their accepted or started bookings, soonest first, each with its
 * time in words and linking to its booking page; nothing at all when there are none.
 */
export async function YourBookings({ data }: { data: SeekerHomeData["bookings"] }) {
  const bookings = await data;
  if (bookings.length === 0) return null;
  const { timeZone } = getConfig();
  const now = new Date();
  return (
    <section aria-labelledby="your-bookings-title" className="mt-10">
      <h2 id="your-bookings-title" className="text-xl font-bold text-slate-900">
        Your bookings
      </h2>
      {/* Child variants style every card from the list once, not on each card (decision 0055). */}
      <ul
        className="mt-4 grid gap-3 md:grid-cols-2 *:rounded-xl *:border *:border-slate-200 *:bg-white *:shadow-sm *:hover:border-brand-500"
        data-testid="your-bookings"
      >
        {bookings.map((booking) => (
          <li key={booking.id}>
            <Link to={`/bookings/${booking.id}`} data-testid="your-booking" className="flex items-center gap-3 rounded-xl p-4">
              <div className="min-w-0 flex-1">
                <p className="break-words font-semibold text-slate-900">{booking.job.title}</p>
                <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-slate-900">
                  <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  {formatWindow({ start: booking.scheduledAt, end: booking.scheduledEndAt }, timeZone, now)}
                </p>
                <p className="mt-1 text-sm text-slate-600">{standing(booking, timeZone, now)}</p>
              </div>
              <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
