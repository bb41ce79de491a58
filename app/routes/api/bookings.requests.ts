import { bookingAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { requestInput, requestProvider } from "~/operations/requests.server";

/** POST /api/bookings/requests: a job asked of one provider, for as soon as possible or a time window; 201 with its pending booking. */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Request a provider directly",
    description:
      "The job's fields as for POST /api/jobs, plus `providerId` and `when`: `asap` (the default) or `scheduled` with `date` (YYYY-MM-DD), `startTime` and `endTime` (HH:MM, 24-hour) in the market's time zone (APP_TIME_ZONE): at least an hour ahead, within 90 days, at most 12 hours long. The job is seen only by the caller and that provider; the booking is `pending` until the provider accepts or declines it (PATCH /api/bookings/{id}/status) or it lapses: as soon as possible after 30 minutes, scheduled after 24 hours or 2 hours before its time, whichever is sooner.",
    body: requestInput,
    answers: [
      jsonAnswer(bookingAnswer, "The pending booking (with `scheduledAt`, `scheduledEndAt` and `expiresAt`); the provider is notified.", 201),
    ],
    refusals: {
      400: "A field is missing or wrong, the window cannot be asked for, or the provider does not offer the category.",
      403: "The caller asked themselves.",
      404: "No such provider (or they offer no service).",
      429: "Too many jobs posted or requested: try again after Retry-After seconds.",
    },
    handle: ({ user, body }) => requestProvider(user, body),
  }),
});
