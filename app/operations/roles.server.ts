import "server-only";

import { getDb } from "~/infra/db.server";
import { notFound } from "~/lib/errors";
import { switchRoleSchema, type SwitchRoleInput } from "~/lib/schemas/role";
import { switchRole as storeRole, type User } from "~/models/user.server";

/** POST /api/users/switch-role's body and the role-switch form (spec §7: newRole, userType). */
export const switchRoleInput = switchRoleSchema;

/** Switches between seeking help and offering services (a seeker is never online); the updated user. */
export async function switchRole(actor: Pick<User, "id">, input: SwitchRoleInput): Promise<User> {
  const updated = await storeRole(await getDb(), actor.id, input);
  if (!updated) throw notFound("User not found");
  return updated;
}
