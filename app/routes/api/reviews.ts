import type { Route } from "./+types/reviews";
import { reviewBooking, reviewInput } from "~/operations/bookings.server";
import { apiError, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { answerJson } from "~/services/operation-answers.server";

/** POST /api/reviews {bookingId, revieweeId, rating, comment?}: 201 with the review. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, reviewInput);
  return answerJson(() => reviewBooking(user, input), { status: 201 });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
