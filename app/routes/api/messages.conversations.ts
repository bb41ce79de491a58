import type { Route } from "./+types/messages.conversations";
import { listConversations } from "~/models/message.server";
import { json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/messages/conversations: [{bookingId, otherUser, lastMessage, unreadCount}], newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await listConversations(await getDb(), user.id));
}
