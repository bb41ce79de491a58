import { reviewAnswer } from "~/http/admin-answers.server";
import { apiRoute, endpoint, idParam, jsonAnswer } from "~/http/api-route.server";
import { excludeReviewFromAggregates, excludeReviewInput } from "~/operations/signals.server";
import { NOT_AN_OPERATOR } from "~/routes/api/admin.users";

/** POST /api/admin/reviews/:id/exclude {reason}: leave a review out of its reviewee's aggregates (operators only). */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Exclude a review from its reviewee's average and count (operators only)",
    description:
      "The review stays visible; the reviewee's averageRating and totalReviews are recomputed without it in the same transaction; audited (`review.exclude`).",
    operatorsOnly: true,
    params: idParam("review"),
    body: excludeReviewInput,
    answers: [jsonAnswer(reviewAnswer, "The review, now excluded.")],
    refusals: { 400: "No reason.", 404: NOT_AN_OPERATOR, 409: "The review is excluded already." },
    handle: ({ user, params, body }) => excludeReviewFromAggregates(user, params.id, body),
  }),
});
