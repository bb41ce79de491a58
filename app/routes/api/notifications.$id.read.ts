import type { Route } from "./+types/notifications.$id.read";
import { markNotificationRead } from "~/models/notification.server";
import { apiError, domainCall, json, requireApiUser, requireMethod } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** PATCH /api/notifications/:id/read (empty body): own notifications only; others are 404. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireMethod(request, "PATCH");
  const user = await requireApiUser(context);
  const db = await getDb();
  return json(await domainCall(() => markNotificationRead(db, user.id, params.id)));
}

export function loader() {
  return apiError(405, "Method not allowed");
}
