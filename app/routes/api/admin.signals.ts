import { signalsAnswer } from "~/http/admin-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { signalsReport } from "~/operations/signals.server";
import { NOT_AN_OPERATOR } from "~/routes/api/admin.users";

/** GET /api/admin/signals: what looks like rating or earnings manipulation (operators only). */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "Signals of rating or earnings manipulation over the last 30 days (operators only)",
    description:
      "One seeker and one provider completing 3 or more bookings together; bookings completed within 10 minutes of being accepted; 3 or more reviewers of one user signing in from one address.",
    operatorsOnly: true,
    answers: [jsonAnswer(signalsAnswer, "The flags, each with the bookings and reviews involved.")],
    refusals: { 404: NOT_AN_OPERATOR },
    handle: () => signalsReport(),
  }),
});
