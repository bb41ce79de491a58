import type { Route } from "./+types/users.switch-role";
import { switchRole, switchRoleSchema } from "~/models/user.server";
import { apiError, json, parseJson, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** POST /api/users/switch-role {newRole, userType} */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed");
  const user = await requireApiUser(context);
  const input = await parseJson(request, switchRoleSchema);
  return json(await switchRole(await getDb(), user.id, input));
}

export function loader() {
  return apiError(405, "Method not allowed");
}
