import { z } from "zod";

import { receivedReviewAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { receivedReviews } from "~/operations/reviews.server";

/** GET /api/reviews/received: reviews of the signed-in user, newest first, with the reviewer. */
export const endpoints: Endpoints = {
  get: endpoint({
    summary: "Reviews of the caller",
    signedIn: true,
    answers: [jsonAnswer(z.array(receivedReviewAnswer), "The reviews the caller received, newest first (at most 100).")],
    handle: ({ user }) => receivedReviews(user.id),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
