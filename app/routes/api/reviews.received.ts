import type { Route } from "./+types/reviews.received";
import { listReceivedReviews } from "~/models/review.server";
import { json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/reviews/received: reviews of the signed-in user, newest first, with the reviewer. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await listReceivedReviews(await getDb(), user.id));
}
