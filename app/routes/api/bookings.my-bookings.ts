import type { Route } from "./+types/bookings.my-bookings";
import { myBookings } from "~/operations/bookings.server";
import { json, requireApiUser } from "~/services/api.server";
import { readOnly } from "~/services/operation-answers.server";

/** GET /api/bookings/my-bookings: the user's bookings as seeker or provider, each with every column and its job. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await myBookings(user));
}

export const action = readOnly;
