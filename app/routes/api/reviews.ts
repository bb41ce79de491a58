import { reviewBooking, reviewInput } from "~/operations/bookings.server";
import { jsonWrite, writeOnly } from "~/services/operation-answers.server";

/** POST /api/reviews {bookingId, revieweeId, rating, comment?}: 201 with the review. */
export const action = jsonWrite(reviewInput, reviewBooking, { status: 201 });

export const loader = writeOnly;
