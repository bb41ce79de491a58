import { conversationAnswer } from "~/http/api-answers.server";
import { apiRoute, callersList } from "~/http/api-route.server";
import { conversations } from "~/operations/messages.server";

/** GET /api/messages/conversations: [{bookingId, otherUser, lastMessage, unreadCount}], newest first. */
export const { endpoints, loader, action } = apiRoute({
  get: callersList({
    summary: "The caller's conversations",
    item: conversationAnswer,
    list: "Newest activity first (at most 100).",
    handle: conversations,
  }),
});
