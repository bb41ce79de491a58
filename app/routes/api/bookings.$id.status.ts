import { bookingAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, idParam, jsonAnswer } from "~/http/api-route.server";
import { moveBooking, moveInput } from "~/operations/bookings.server";

/** PATCH /api/bookings/:id/status {status}: one move of the booking lifecycle. */
export const { endpoints, loader, action } = apiRoute({
  patch: endpoint({
    summary: "Move a booking along its lifecycle",
    description:
      "The provider starts an accepted booking and completes one in progress; either party cancels one accepted (decision 0014), with an optional `reason` shown to the other. A direct request (pending): its provider accepts it (`accepted`) or declines it (`cancelled`, with an optional reason); its seeker withdraws it (`cancelled`). A request that lapsed, was withdrawn or answered already is a 409 that says which.",
    params: idParam("booking"),
    body: moveInput,
    answers: [jsonAnswer(bookingAnswer, "The moved booking; the other party is notified.")],
    refusals: {
      403: "Only the other party can make this move.",
      404: "Booking not found: no such booking, or the caller is no party of it.",
      409: "The booking's status does not allow this move (the reason names it).",
      429: "The caller's booking moves are over their limit, or a provider cancelled 3 accepted bookings in the last 24 hours (decision 0062).",
    },
    handle: async ({ user, params, body }) => (await moveBooking(user, params.id, body.status, body.reason)).booking,
  }),
});
