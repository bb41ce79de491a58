import { SeekerBookingRows } from "~/components/seeker/seeker-booking-rows-view";
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
      <SeekerBookingRows
        rows={bookings.map((booking) => ({
          id: booking.id,
          title: booking.job.title,
          when: formatWindow({ start: booking.scheduledAt, end: booking.scheduledEndAt }, timeZone, now),
          standing: standing(booking, timeZone, now),
        }))}
      />
    </section>
  );
}
