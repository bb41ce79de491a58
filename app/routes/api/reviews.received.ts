import type { Route } from "./+types/reviews.received";
import { receivedReviews } from "~/operations/reviews.server";
import { json, requireApiUser } from "~/services/api.server";
import { readOnly } from "~/services/operation-answers.server";

/** GET /api/reviews/received: reviews of the signed-in user, newest first, with the reviewer. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await receivedReviews(user.id));
}

export const action = readOnly;
