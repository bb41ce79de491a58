import type { Route } from "./+types/notifications.$id.read";
import { readNotification } from "~/operations/notifications.server";
import { apiError, requireApiUser, requireMethod } from "~/services/api.server";
import { answerJson } from "~/services/operation-answers.server";

/** PATCH /api/notifications/:id/read (empty body): own notifications only; others are 404. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireMethod(request, "PATCH");
  const user = await requireApiUser(context);
  return answerJson(() => readNotification(user, params.id));
}

export function loader() {
  return apiError(405, "Method not allowed");
}
