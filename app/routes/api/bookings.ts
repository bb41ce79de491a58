import { bookingAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { acceptJob, acceptJobInput } from "~/operations/bookings.server";

/** POST /api/bookings: a provider accepts a job (spec §7 payload); 201 with the booking. */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Accept a job (a provider)",
    description:
      "The booking is created accepted, at the job's budget (or 0), card, pending. `agreedPrice` and `scheduledAt` are accepted as the spec's client sends them and ignored: prices are the server's.",
    body: acceptJobInput,
    answers: [jsonAnswer(bookingAnswer, "The booking; the seeker is notified.", 201)],
    refusals: {
      400: "seekerId is not the job's seeker.",
      403: "The caller is not a provider, is offline, the job is their own, or it is farther than the nearby radius.",
      404: "Job not found.",
      409: "This job was already accepted, or the caller cancelled it after accepting it before (decision 0062).",
      429: "The caller's booking moves are over their limit, or they cancelled 3 accepted bookings in the last 24 hours (decision 0062).",
    },
    handle: ({ user, body }) => acceptJob(user, body),
  }),
});
