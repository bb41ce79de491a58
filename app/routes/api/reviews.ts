import type { Route } from "./+types/reviews";
import { createReview, createReviewSchema } from "~/models/review.server";
import { apiError, domainCall, json, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** POST /api/reviews {bookingId, revieweeId, rating, comment?}: 201 with the review. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, createReviewSchema);
  const db = await getDb();
  return json(await domainCall(() => createReview(db, user.id, input)), { status: 201 });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
