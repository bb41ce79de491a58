import { userAnswer } from "~/http/admin-answers.server";
import { apiRoute, endpoint, idParam, jsonAnswer } from "~/http/api-route.server";
import { suspendInput, suspendUser } from "~/operations/user-lookup.server";
import { NOT_AN_OPERATOR } from "~/routes/api/admin.users";

/** POST /api/admin/users/:id/suspend {reason, days?}: suspend a user (operators only). */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Suspend a user for days or indefinitely (operators only)",
    description:
      "Every session of the user ends, their posted jobs leave every list, their open requests end, the action is audited (`user.suspend`) and the user is emailed. Without `days`, indefinitely.",
    operatorsOnly: true,
    params: idParam("user"),
    body: suspendInput,
    answers: [jsonAnswer(userAnswer, "The user, now suspended.")],
    refusals: { 400: "No reason, or days out of 1–3650.", 403: "An operator cannot suspend themselves.", 404: NOT_AN_OPERATOR },
    handle: ({ user, params, body }) => suspendUser(user, params.id, body),
  }),
});
