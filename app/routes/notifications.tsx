import { replace } from "react-router";
import type { Route } from "./+types/notifications";
import { NotificationsBoard } from "~/components/notifications/notifications-board";
import { notificationHref, type NotificationItem } from "~/components/notifications/shared";
import { formatRelativeTime } from "~/lib/format";
import { DomainError } from "~/models/errors";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "~/models/notification.server";
import { getDb } from "~/services/db.server";
import { flashToast, requireUser } from "~/services/request-session.server";

const MARK_READ_FAILED = { title: "Error", description: "Failed to mark notification as read.", variant: "destructive" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const notifications = await listNotifications(await getDb(), user.id);
  const now = new Date();
  const items: NotificationItem[] = notifications.map((n) => ({
    id: n.id,
    type: n.type,
    title: n.title,
    message: n.message,
    href: notificationHref(n.type, n.relatedId),
    createdAt: n.createdAt.toISOString(),
    timeAgo: formatRelativeTime(n.createdAt, now),
    isRead: n.isRead,
  }));
  return { items };
}

/** intent=read (with id): one of mine read; intent=read-all: all of mine. Always back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const db = await getDb();
  try {
    if (intent === "read") {
      const id = form.get("id");
      await markNotificationRead(db, user.id, typeof id === "string" ? id : "");
    } else if (intent === "read-all") {
      await markAllNotificationsRead(db, user.id);
    } else {
      throw new DomainError(400, "Unknown intent");
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    flashToast(context, MARK_READ_FAILED);
  }
  // Replace, not push: marking items read must not pile up history entries.
  return replace("/notifications");
}

/** /notifications: Unread and Earlier, newest first; fresh on every load and on every live event. */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <title>Notifications | Nearhand</title>
      <NotificationsBoard items={loaderData.items} />
    </main>
  );
}
