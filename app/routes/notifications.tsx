import { replace } from "react-router";

import { NotificationsBoard } from "~/components/notifications/notifications-board";
import type { NotificationItem } from "~/components/notifications/shared";
import { runForPage } from "~/http/operation-answers.server";
import { requireUser } from "~/http/request-session.server";
import { FAILURE_TOASTS } from "~/lib/failure-toasts";
import { formatRelativeTime } from "~/lib/format";
import { notificationHref } from "~/lib/notifications";
import { markRead, myNotifications, notificationsForm } from "~/operations/notifications.server";
import { parseInput } from "~/operations/parse-input.server";

import type { Route } from "./+types/notifications";

const MARK_READ_FAILED = FAILURE_TOASTS.markRead;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const notifications = await myNotifications(user);
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
  const form = Object.fromEntries(await request.formData());
  await runForPage(context, () => markRead(user, parseInput(notificationsForm, form)), { failure: MARK_READ_FAILED });
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
