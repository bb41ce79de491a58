import type { Route } from "./+types/notifications.read-all";
import { markAllNotificationsRead } from "~/models/notification.server";
import { apiError, json, requireApiUser, requireMethod } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** PATCH /api/notifications/read-all: marks every notification of the user read. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "PATCH", "POST");
  const user = await requireApiUser(context);
  return json({ updated: await markAllNotificationsRead(await getDb(), user.id) });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
