import { receivedReviewAnswer } from "~/http/api-answers.server";
import { apiRoute, callersList } from "~/http/api-route.server";
import { receivedReviews } from "~/operations/reviews.server";

/** GET /api/reviews/received: reviews of the signed-in user, newest first, with the reviewer. */
export const { endpoints, loader, action } = apiRoute({
  get: callersList({
    summary: "Reviews of the caller",
    item: receivedReviewAnswer,
    list: "The reviews the caller received, newest first (at most 100).",
    handle: (user) => receivedReviews(user.id),
  }),
});
