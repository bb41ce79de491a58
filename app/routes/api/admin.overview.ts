import { healthAnswer } from "~/http/admin-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { consoleOverview } from "~/operations/console-overview.server";
import { NOT_AN_OPERATOR } from "~/routes/api/admin.users";

/** GET /api/admin/overview: the marketplace's last 30 days (operators only). */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "The marketplace's health over the last 30 days (operators only)",
    operatorsOnly: true,
    answers: [
      jsonAnswer(
        healthAnswer,
        "Per day in the market's time zone: jobs posted, bookings accepted and completed, booked value, the median minutes to accept.",
      ),
    ],
    refusals: { 404: NOT_AN_OPERATOR },
    handle: () => consoleOverview(),
  }),
});
