import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { hideAnswer, NOT_AN_OPERATOR } from "~/http/report-queue-answers.server";
import { hideContent, hideInput } from "~/operations/moderation.server";

/** POST /api/admin/hide {targetType: job|message|review, targetId, reason}: the content hidden from everyone but operators. */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Hide a job, message or review (operators only)",
    description:
      "Gone for everyone but operators: a posted job is cancelled and its open request ended, a message leaves both threads, a review leaves the lists and the reviewee's rating. Its open reports are closed as actioned; audited.",
    operatorsOnly: true,
    body: hideInput,
    answers: [jsonAnswer(hideAnswer, "The content is hidden; the action is in the audit log.")],
    refusals: {
      400: "targetType, targetId or the reason is missing or invalid.",
      404: `${NOT_AN_OPERATOR} Or no such content.`,
      409: "The content is already hidden.",
    },
    handle: ({ user, body }) => hideContent(user, body),
  }),
});
