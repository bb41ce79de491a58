import "server-only";
import { z } from "zod";
import { listNotifications, markAllNotificationsRead, markNotificationRead, type Notification } from "~/models/notification.server";
import type { User } from "~/models/user.server";
import { getDb } from "~/services/db.server";

/** The notifications page's form: one read (with its id), or all. */
export const notificationsForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.string() }),
  z.object({ intent: z.literal("read-all") }),
]);

/** The actor's notifications, newest first. */
export async function myNotifications(actor: Pick<User, "id">): Promise<Notification[]> {
  return listNotifications(await getDb(), actor.id);
}

/** Marks one of the actor's notifications read (404 for anyone else's); the notification. */
export async function readNotification(actor: Pick<User, "id">, id: string): Promise<Notification> {
  return markNotificationRead(await getDb(), actor.id, id);
}

/** Marks all of the actor's notifications read; how many were unread. */
export async function readAllNotifications(actor: Pick<User, "id">): Promise<number> {
  return markAllNotificationsRead(await getDb(), actor.id);
}

/** The page's form: either of the above. */
export async function markRead(actor: Pick<User, "id">, input: z.infer<typeof notificationsForm>): Promise<void> {
  if (input.intent === "read") await readNotification(actor, input.id);
  else await readAllNotifications(actor);
}
