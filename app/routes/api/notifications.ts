import type { Route } from "./+types/notifications";
import { listNotifications } from "~/models/notification.server";
import { json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/notifications: the user's own, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await listNotifications(await getDb(), user.id));
}
