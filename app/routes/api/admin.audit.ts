import { auditPageAnswer } from "~/http/admin-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { auditPage, auditQuery } from "~/operations/audit.server";
import { parseInput } from "~/operations/parse-input.server";
import { NOT_AN_OPERATOR } from "~/routes/api/admin.users";

/** GET /api/admin/audit?operator=&target=&before=: the audit log, newest first (operators only). */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "The audit log, newest first (operators only)",
    operatorsOnly: true,
    query: auditQuery,
    answers: [jsonAnswer(auditPageAnswer, "A page of operator actions and the cursor of the next.")],
    refusals: { 400: "An operator or target that is no id.", 404: NOT_AN_OPERATOR },
    handle: ({ request }) => auditPage(parseInput(auditQuery, Object.fromEntries(new URL(request.url).searchParams))),
  }),
});
