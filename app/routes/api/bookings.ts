import type { Route } from "./+types/bookings";
import { acceptJob, acceptJobInput } from "~/operations/bookings.server";
import { apiError, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { answerJson } from "~/services/operation-answers.server";

/** POST /api/bookings: a provider accepts a job (spec §7 payload); 201 with the booking. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, acceptJobInput);
  return answerJson(() => acceptJob(user, input), { status: 201 });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
