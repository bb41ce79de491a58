import { userAnswer } from "~/http/admin-answers.server";
import { apiRoute, endpoint, idParam, jsonAnswer } from "~/http/api-route.server";
import { reinstateInput, reinstateUser } from "~/operations/user-lookup.server";
import { NOT_AN_OPERATOR } from "~/routes/api/admin.users";

/** POST /api/admin/users/:id/reinstate {reason}: lift a user's suspension (operators only). */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Reinstate a suspended user (operators only)",
    description: "The user may sign in again and the jobs the suspension hid are listed again; audited (`user.reinstate`) and emailed.",
    operatorsOnly: true,
    params: idParam("user"),
    body: reinstateInput,
    answers: [jsonAnswer(userAnswer, "The user, no longer suspended.")],
    refusals: { 400: "No reason.", 404: NOT_AN_OPERATOR, 409: "The user is not suspended." },
    handle: ({ user, params, body }) => reinstateUser(user, params.id, body),
  }),
});
