import type { Route } from "./+types/bookings";
import { acceptJob, createBookingSchema } from "~/models/booking.server";
import { apiError, domainCall, json, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** POST /api/bookings: a provider accepts a job (spec §7 payload); 201 with the booking. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, createBookingSchema);
  const db = await getDb();
  const booking = await domainCall(() => acceptJob(db, user, input));
  return json(booking, { status: 201 });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
