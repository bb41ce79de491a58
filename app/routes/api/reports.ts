import { reportAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { reportInput, sendReport } from "~/operations/reports.server";

/** POST /api/reports {targetType, targetId, reason, note?}: 201 with the report (issue 34). */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Report a job, user, message or review",
    description:
      "For an operator to review. The reported user is not told, and never learns who reported them. One open report per reporter and target.",
    body: reportInput,
    answers: [jsonAnswer(reportAnswer, "The report, open.", 201)],
    refusals: {
      403: "The target is the caller or the caller's own content.",
      404: "No such target the caller may see: a job they may read, a message of their own conversation, a review, a user.",
      409: "The caller has an open report of this target already.",
      429: "Too many reports: try again after Retry-After seconds.",
    },
    handle: async ({ user, body }) => {
      const report = await sendReport(user, body);
      return {
        id: report.id,
        targetType: report.targetType,
        targetId: report.targetId,
        reason: report.reason,
        note: report.note,
        status: report.status,
        createdAt: report.createdAt,
      };
    },
  }),
});
