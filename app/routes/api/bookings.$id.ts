import type { Route } from "./+types/bookings.$id";
import { getBookingForParty } from "~/models/booking.server";
import { apiError, json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/bookings/:id: the booking with its job and both parties (public fields); 404 to anyone else. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  const booking = await getBookingForParty(await getDb(), params.id, user.id);
  if (!booking) return apiError(404, "Booking not found");
  return json(booking);
}
