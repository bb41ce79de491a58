import "server-only";
import { z } from "zod";
import {
  listConversations,
  openThread,
  sendMessage as storeMessage,
  sendMessageSchema,
  type ConversationSummary,
  type Message,
  type SendMessageInput,
} from "~/models/message.server";
import { DomainError } from "~/models/errors";
import type { User } from "~/models/user.server";
import { getDb } from "~/services/db.server";
import { spendRateLimit, userKey } from "~/services/rate-limit.server";

/** POST /api/messages' body (spec §7: bookingId, content, receiverId). */
export const messageInput = sendMessageSchema;

/** GET /api/messages' query (spec §7: the booking is part of the key). */
export const threadQuery = z.object({ bookingId: z.uuid({ error: "bookingId must be a booking id" }) });

/**
 * Sends a message in a booking the actor is a party of (404 otherwise), to the other party, who is notified; a
 * cancelled booking takes none (409). Counted against the messages limit.
 */
export async function sendMessage(actor: Pick<User, "id">, input: SendMessageInput): Promise<Message> {
  await spendRateLimit("messages", userKey(actor.id));
  return storeMessage(await getDb(), actor.id, input);
}

/** The actor's conversations (spec §3: bookingId, otherUser, lastMessage, unreadCount), newest first. */
export async function conversations(actor: Pick<User, "id">): Promise<ConversationSummary[]> {
  return listConversations(await getDb(), actor.id);
}

/**
 * A booking's thread, oldest first, for one of its parties (404 otherwise). Reading it marks what the actor
 * received as read, unless `markRead` is false (a read the actor did not ask for, such as a link from another site).
 */
export async function readThread(actor: Pick<User, "id">, bookingId: string, options: { markRead?: boolean } = {}): Promise<Message[]> {
  return openThread(await getDb(), bookingId, actor.id, options);
}

/** The same for a page that shows 'Booking not found' itself: null when the actor is no party of the booking. */
export async function findThread(actor: Pick<User, "id">, bookingId: string): Promise<Message[] | null> {
  try {
    return await readThread(actor, bookingId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  }
}
