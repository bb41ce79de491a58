import { requireUser } from "~/http/request-session.server";
import { bookingCalendarFile } from "~/operations/calendar.server";

import type { Route } from "./+types/booking-calendar";

/**
 * GET /bookings/{id}/calendar.ics: the booking as an iCalendar file to add to a calendar, for its two parties
 * (a signed-out visitor goes to sign-in, anyone else gets 404, as on the booking page).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const file = await bookingCalendarFile(user, params.id);
  if (!file)
    return new Response("Booking not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(file.text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      // The address in it is the party's to see: kept by no cache, not even the browser's.
      "Cache-Control": "private, no-store",
    },
  });
}
