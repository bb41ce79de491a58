import type { Route } from "./+types/bookings.$id.status";
import { moveBooking, moveInput } from "~/operations/bookings.server";
import { apiError, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { answerJson } from "~/services/operation-answers.server";

/** PATCH /api/bookings/:id/status {status}: one move of the booking lifecycle. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireMethod(request, "PATCH");
  const user = await requireApiUser(context);
  const { status } = await parseJson(request, moveInput);
  return answerJson(() => moveBooking(user, params.id, status));
}

export function loader() {
  return apiError(405, "Method not allowed");
}
