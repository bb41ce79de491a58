import { userAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { switchRole, switchRoleInput } from "~/operations/roles.server";

/** POST /api/users/switch-role {newRole, userType} */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Switch between seeking help and offering services",
    description: "Sets the role together with the user type; leaving the provider role goes offline.",
    body: switchRoleInput,
    answers: [jsonAnswer(userAnswer, "The updated user.")],
    handle: ({ user, body }) => switchRole(user, body),
  }),
});
