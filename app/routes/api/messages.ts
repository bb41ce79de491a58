import { z } from "zod";
import type { Route } from "./+types/messages";
import { messageInput, readThread, sendMessage } from "~/operations/messages.server";
import { answerJson } from "~/services/operation-answers.server";
import { parseJson, parseQuery, requireApiUser, requireMethod } from "~/services/api.server";
import { fromAnotherSite } from "~/services/origin.server";

/** GET /api/messages?bookingId=: the thread, oldest first (marks received messages read, unless another site sent the browser). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  const { bookingId } = parseQuery(request, z.object({ bookingId: z.uuid({ error: "bookingId must be a booking id" }) }));
  return answerJson(() => readThread(user, bookingId, { markRead: !fromAnotherSite(request) }));
}

/** POST /api/messages {bookingId, content, receiverId}: 201 with the message. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, messageInput);
  return answerJson(() => sendMessage(user, input), { status: 201 });
}
