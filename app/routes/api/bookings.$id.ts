import { bookingDetailAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, idParam, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { bookingFor } from "~/operations/bookings.server";

/** GET /api/bookings/:id: the booking with its job and both parties (public fields); 404 to anyone else. */
export const endpoints: Endpoints = {
  get: endpoint({
    summary: "A booking with its job and both parties",
    signedIn: true,
    params: idParam("booking"),
    answers: [jsonAnswer(bookingDetailAnswer, "The booking, for one of its parties.")],
    refusals: { 404: "Booking not found: no such booking, or the caller is no party of it." },
    handle: ({ user, params }) => bookingFor(user, params.id),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
