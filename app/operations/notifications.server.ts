import "server-only";

import { z } from "zod";

import { getDb, type Executor } from "~/infra/db.server";
import { publishEvent } from "~/infra/events.server";
import { notFound } from "~/lib/errors";
import { countUnreadBadges, listNotifications, setAllNotificationsRead, setNotificationRead, type Notification } from "~/models/notification.server";
import type { User } from "~/models/user.server";

/** The notifications page's form: one read (with its id), or all. */
export const notificationsForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.string() }),
  z.object({ intent: z.literal("read-all") }),
]);

/** The actor's notifications, newest first. */
export async function myNotifications(actor: Pick<User, "id">): Promise<Notification[]> {
  return listNotifications(await getDb(), actor.id);
}

/** The header's two badges, on every signed-in page: the actor's unread notifications and unread messages. */
export async function unreadBadges(actor: Pick<User, "id">): Promise<{ notifications: number; messages: number }> {
  return countUnreadBadges(await getDb(), actor.id);
}

/** Marks one of the actor's notifications read (404 for anyone else's); the notification. */
export async function readNotification(actor: Pick<User, "id">, id: string): Promise<Notification> {
  return markNotificationRead(await getDb(), actor.id, id);
}

/** The same on a given database; the user's other tabs are told. */
export async function markNotificationRead(db: Executor, userId: string, id: string): Promise<Notification> {
  const notification = await setNotificationRead(db, userId, id);
  if (!notification) throw notFound("Notification not found");
  await publishEvent(db, { type: "notification", userIds: [userId], data: {} });
  return notification;
}

/** Marks all of the actor's notifications read; how many were unread. */
export async function readAllNotifications(actor: Pick<User, "id">): Promise<number> {
  return markAllNotificationsRead(await getDb(), actor.id);
}

/** The same on a given database; the user's other tabs are told when any was unread. */
export async function markAllNotificationsRead(db: Executor, userId: string): Promise<number> {
  const read = await setAllNotificationsRead(db, userId);
  if (read) await publishEvent(db, { type: "notification", userIds: [userId], data: {} });
  return read;
}

/** The page's form: either of the above. */
export async function markRead(actor: Pick<User, "id">, input: z.infer<typeof notificationsForm>): Promise<void> {
  if (input.intent === "read") await readNotification(actor, input.id);
  else await readAllNotifications(actor);
}
