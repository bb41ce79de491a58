import type { Route } from "./+types/messages.conversations";
import { conversations } from "~/operations/messages.server";
import { json, requireApiUser } from "~/services/api.server";
import { readOnly } from "~/services/operation-answers.server";

/** GET /api/messages/conversations: [{bookingId, otherUser, lastMessage, unreadCount}], newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await conversations(user));
}

export const action = readOnly;
