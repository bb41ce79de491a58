import type { Route } from "./+types/users.toggle-online";
import { availabilityInput, setAvailability } from "~/operations/availability.server";
import { apiError, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { answerJson } from "~/services/operation-answers.server";

/** POST /api/users/toggle-online {isOnline} */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, availabilityInput);
  return answerJson(() => setAvailability(user, input));
}

export function loader() {
  return apiError(405, "Method not allowed");
}
