import { z } from "zod";

import { conversationAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { conversations } from "~/operations/messages.server";

/** GET /api/messages/conversations: [{bookingId, otherUser, lastMessage, unreadCount}], newest first. */
export const endpoints: Endpoints = {
  get: endpoint({
    summary: "The caller's conversations",
    signedIn: true,
    answers: [jsonAnswer(z.array(conversationAnswer), "Newest activity first (at most 100).")],
    handle: ({ user }) => conversations(user),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
