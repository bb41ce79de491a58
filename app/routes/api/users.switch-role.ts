import { userAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { switchRole, switchRoleInput } from "~/operations/roles.server";

/** POST /api/users/switch-role {newRole, userType} */
export const endpoints: Endpoints = {
  post: endpoint({
    summary: "Switch between seeking help and offering services",
    description: "Sets the role together with the user type; leaving the provider role goes offline.",
    signedIn: true,
    body: switchRoleInput,
    answers: [jsonAnswer(userAnswer, "The updated user.")],
    handle: ({ user, body }) => switchRole(user, body),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
