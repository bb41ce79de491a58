import { bookingDetailAnswer } from "~/http/api-answers.server";
import { apiRoute, byId, jsonAnswer } from "~/http/api-route.server";
import { bookingFor } from "~/operations/bookings.server";

/** GET /api/bookings/:id: the booking with its job and both parties (public fields); 404 to anyone else. */
export const { endpoints, loader, action } = apiRoute({
  get: byId("booking", {
    summary: "A booking with its job and both parties",
    answer: jsonAnswer(bookingDetailAnswer, "The booking, for one of its parties."),
    notFound: "Booking not found: no such booking, or the caller is no party of it.",
    handle: bookingFor,
  }),
});
