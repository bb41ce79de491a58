import "server-only";

import { getDb } from "~/infra/db.server";
import { listReceivedReviews, type ReceivedReview } from "~/models/review.server";

/** The reviews a user received, newest first, each with its reviewer: the profile pages and GET /api/reviews/received. */
export async function receivedReviews(userId: string, limit?: number): Promise<ReceivedReview[]> {
  return listReceivedReviews(await getDb(), userId, limit);
}
