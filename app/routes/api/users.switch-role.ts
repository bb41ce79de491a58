import type { Route } from "./+types/users.switch-role";
import { switchRole, switchRoleInput } from "~/operations/roles.server";
import { apiError, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { answerJson } from "~/services/operation-answers.server";

/** POST /api/users/switch-role {newRole, userType} */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, switchRoleInput);
  return answerJson(() => switchRole(user, input));
}

export function loader() {
  return apiError(405, "Method not allowed");
}
