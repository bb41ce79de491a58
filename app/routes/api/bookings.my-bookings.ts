import type { Route } from "./+types/bookings.my-bookings";
import { listMyBookings } from "~/models/booking.server";
import { json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/bookings/my-bookings: the user's bookings as seeker or provider, with the job and price. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await listMyBookings(await getDb(), user.id));
}
