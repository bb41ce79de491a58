import type { Route } from "./+types/notifications.read-all";
import { readAllNotifications } from "~/operations/notifications.server";
import { apiError, requireApiUser, requireMethod } from "~/services/api.server";
import { answerJson } from "~/services/operation-answers.server";

/** PATCH /api/notifications/read-all: marks every notification of the user read. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "PATCH", "POST");
  const user = await requireApiUser(context);
  return answerJson(async () => ({ updated: await readAllNotifications(user) }));
}

export function loader() {
  return apiError(405, "Method not allowed");
}
