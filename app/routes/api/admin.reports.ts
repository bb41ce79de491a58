import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { NOT_AN_OPERATOR, reportQueueAnswer } from "~/http/report-queue-answers.server";
import { reportQueue } from "~/operations/moderation.server";

/** GET /api/admin/reports: the open reports grouped by target, newest activity first (operators only). */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "The reports queue (operators only)",
    description: "Open reports grouped by target, the group reported last first, each with the content in context and its author's history.",
    operatorsOnly: true,
    answers: [jsonAnswer(reportQueueAnswer, "The groups of open reports (at most 25).")],
    refusals: { 404: NOT_AN_OPERATOR },
    handle: () => reportQueue(),
  }),
});
