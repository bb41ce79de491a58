import type { Route } from "./+types/messages.$bookingId";
import { readThread } from "~/operations/messages.server";
import { requireApiUser } from "~/services/api.server";
import { answerJson, readOnly } from "~/services/operation-answers.server";
import { fromAnotherSite } from "~/services/origin.server";

/** GET /api/messages/:bookingId: the thread, oldest first (marks received messages read, unless another site sent the browser). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return answerJson(() => readThread(user, params.bookingId, { markRead: !fromAnotherSite(request) }));
}

export const action = readOnly;
