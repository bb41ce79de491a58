import { switchRole, switchRoleInput } from "~/operations/roles.server";
import { jsonWrite, writeOnly } from "~/services/operation-answers.server";

/** POST /api/users/switch-role {newRole, userType} */
export const action = jsonWrite(switchRoleInput, switchRole);

export const loader = writeOnly;
