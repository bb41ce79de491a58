import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { dismissAnswer, NOT_AN_OPERATOR } from "~/http/report-queue-answers.server";
import { dismissInput, dismissReports } from "~/operations/moderation.server";

/** POST /api/admin/reports/dismiss {targetType, targetId, reason}: the target's open reports dismissed (operators only). */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Dismiss a target's open reports (operators only)",
    operatorsOnly: true,
    body: dismissInput,
    answers: [jsonAnswer(dismissAnswer, "The reports were dismissed; the action is in the audit log.")],
    refusals: { 400: "targetType, targetId or the reason is missing or invalid.", 404: NOT_AN_OPERATOR, 409: "No report on the target is open." },
    handle: ({ user, body }) => dismissReports(user, body),
  }),
});
