import type { Route } from "./+types/notifications";
import { myNotifications } from "~/operations/notifications.server";
import { json, requireApiUser } from "~/services/api.server";
import { readOnly } from "~/services/operation-answers.server";

/** GET /api/notifications: the user's own, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await myNotifications(user));
}

export const action = readOnly;
