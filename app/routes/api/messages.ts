import type { Route } from "./+types/messages";
import { messageInput, readThread, sendMessage, threadQuery } from "~/operations/messages.server";
import { answerJson, jsonWrite } from "~/services/operation-answers.server";
import { parseQuery, requireApiUser } from "~/services/api.server";
import { fromAnotherSite } from "~/services/origin.server";

/** GET /api/messages?bookingId=: the thread, oldest first (marks received messages read, unless another site sent the browser). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  const { bookingId } = parseQuery(request, threadQuery);
  return answerJson(() => readThread(user, bookingId, { markRead: !fromAnotherSite(request) }));
}

/** POST /api/messages {bookingId, content, receiverId}: 201 with the message. */
export const action = jsonWrite(messageInput, sendMessage, { status: 201 });
