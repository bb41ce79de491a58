import { reviewAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { reviewBooking, reviewInput } from "~/operations/bookings.server";

/** POST /api/reviews {bookingId, revieweeId, rating, comment?}: 201 with the review. */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Review the other party of a completed booking",
    body: reviewInput,
    answers: [jsonAnswer(reviewAnswer, "The review; the reviewee's rating follows and they are notified.", 201)],
    refusals: {
      400: "revieweeId is not the other party of the booking.",
      404: "Booking not found: no such booking, or the caller is no party of it.",
      409: "The booking is not completed, or the caller reviewed it already.",
    },
    handle: ({ user, body }) => reviewBooking(user, body),
  }),
});
