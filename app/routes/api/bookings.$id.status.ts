import type { Route } from "./+types/bookings.$id.status";
import { transitionBooking, updateBookingStatusSchema } from "~/models/booking.server";
import { apiError, domainCall, json, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** PATCH /api/bookings/:id/status {status}: one move of the booking lifecycle. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireMethod(request, "PATCH");
  const user = await requireApiUser(context);
  const { status } = await parseJson(request, updateBookingStatusSchema);
  const db = await getDb();
  return json(await domainCall(() => transitionBooking(db, params.id, user.id, status)));
}

export function loader() {
  return apiError(405, "Method not allowed");
}
