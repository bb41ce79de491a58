import type { Route } from "./+types/auth-user";
import { json, requireApiUser } from "~/services/api.server";
import { readOnly } from "~/services/operation-answers.server";

/** GET /api/auth/user: the signed-in user (their own full record), 401 when signed out. */
export async function loader({ context }: Route.LoaderArgs) {
  return json(await requireApiUser(context));
}

export const action = readOnly;
