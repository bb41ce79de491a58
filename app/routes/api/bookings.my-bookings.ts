import { bookingWithJobAnswer } from "~/http/api-answers.server";
import { apiRoute, callersList } from "~/http/api-route.server";
import { myBookings } from "~/operations/bookings.server";

/** GET /api/bookings/my-bookings: the user's bookings as seeker or provider, each with every column and its job. */
export const { endpoints, loader, action } = apiRoute({
  get: callersList({
    summary: "The caller's bookings",
    item: bookingWithJobAnswer,
    list: "The caller's bookings as seeker or provider, newest first, each with its job (at most 200).",
    handle: myBookings,
  }),
});
