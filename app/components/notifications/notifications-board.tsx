"use client";

import { Form, Link, useFetchers } from "react-router";

import { Bell, Briefcase, CalendarPlus, Check, CheckCheck, CheckCircle2, MessageSquare, Star, XCircle, type IconComponent } from "~/components/icons";
import { MARK_ALL_FETCHER_KEY, markReadFetcherKey, type NotificationItem } from "~/components/notifications/shared";
import type { NotificationKind } from "~/lib/notifications";

const ICONS: Record<NotificationKind, { icon: IconComponent; colours: string }> = {
  job_posted: { icon: Briefcase, colours: "bg-blue-100 text-blue-700" },
  booking_request: { icon: CalendarPlus, colours: "bg-blue-100 text-blue-700" },
  booking_accepted: { icon: CheckCircle2, colours: "bg-green-100 text-green-700" },
  booking_cancelled: { icon: XCircle, colours: "bg-red-100 text-red-700" },
  message: { icon: MessageSquare, colours: "bg-brand-100 text-brand-700" },
  review: { icon: Star, colours: "bg-yellow-100 text-yellow-700" },
};

/**
 * The ids being marked read right now (and whether 'Mark all as read' is on
 * its way), from the pending fetchers: those items move to Earlier at once.
 */
function usePendingReads(): { ids: Set<string>; all: boolean } {
  const ids = new Set<string>();
  let all = false;
  for (const fetcher of useFetchers()) {
    if (fetcher.state === "idle" || !fetcher.formData) continue;
    const intent = fetcher.formData.get("intent");
    if (intent === "read-all") all = true;
    const id = fetcher.formData.get("id");
    if (intent === "read" && typeof id === "string") ids.add(id);
  }
  return { ids, all };
}

/**
 * /notifications: Unread (with the 'N unread' badge, a 'Mark as read' per item
 * and 'Mark all as read') and Earlier. Every button is a real form posting to
 * the page's action; with JavaScript a fetcher posts it and the item moves
 * before the server answers.
 */
export function NotificationsBoard({ items }: { items: NotificationItem[] }) {
  const pending = usePendingReads();
  const isUnread = (item: NotificationItem) => !item.isRead && !pending.all && !pending.ids.has(item.id);
  const unread = items.filter(isUnread);
  const earlier = items.filter((item) => !isUnread(item));

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">Notifications</h1>
        {unread.length > 0 ? <MarkAllAsRead /> : null}
      </div>

      {unread.length > 0 ? (
        <section aria-labelledby="notifications-unread" className="mt-6" data-testid="notifications-unread">
          <h2 id="notifications-unread" className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
            Unread
            <span
              className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold normal-case tracking-normal text-red-700"
              data-testid="unread-badge"
            >
              {unread.length} unread
            </span>
          </h2>
          <ul className="mt-3 grid gap-3">
            {unread.map((item) => (
              <NotificationRow key={item.id} item={item} unread />
            ))}
          </ul>
        </section>
      ) : null}

      {earlier.length > 0 ? (
        <section aria-labelledby="notifications-earlier" className="mt-8" data-testid="notifications-earlier">
          <h2 id="notifications-earlier" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            Earlier
          </h2>
          <ul className="mt-3 grid gap-3">
            {earlier.map((item) => (
              <NotificationRow key={item.id} item={item} unread={false} />
            ))}
          </ul>
        </section>
      ) : null}

      {items.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="notifications-empty">
          <Bell className="mx-auto h-10 w-10 text-slate-300" aria-hidden />
          <p className="mt-3 font-medium text-slate-900">No notifications yet</p>
          <p className="mt-1 text-sm text-slate-500">Job requests, acceptances, messages and reviews will show up here.</p>
        </div>
      ) : null}
    </>
  );
}

function NotificationRow({ item, unread }: { item: NotificationItem; unread: boolean }) {
  const { icon: Icon, colours } = ICONS[item.type] ?? ICONS.booking_request;
  return (
    <li
      className={`notice ${
        unread ? "border-brand-100 bg-brand-50/60" : "border-slate-200 bg-white"
      } ${item.href ? "focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-500" : ""}`}
      data-testid="notification"
      data-type={item.type}
    >
      <span className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${colours}`} aria-hidden>
        <Icon className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className={`text-sm text-slate-900 ${unread ? "font-semibold" : "font-medium"}`}>
          {item.href ? (
            // The link covers the whole card; the mark-read button sits above it.
            <Link to={item.href} className="after:absolute after:inset-0 after:rounded-xl focus:outline-none" data-testid="notification-link">
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </h3>
        <p className="mt-0.5 text-sm text-slate-600 wrap-anywhere">{item.message}</p>
        <time dateTime={item.createdAt} className="mt-1 block text-xs text-slate-600">
          {item.timeAgo}
        </time>
      </div>
      {unread ? <MarkAsRead id={item.id} title={item.title} /> : null}
    </li>
  );
}

/*
 * The mark-read forms submit through fetchers of their own (`navigate={false}`)
 * rather than `useFetcher`: the button disappears as soon as the item moves, and
 * a fetcher whose component unmounted would drop the action's redirect, so the
 * page (and the header badge) would not refresh.
 */

function MarkAsRead({ id, title }: { id: string; title: string }) {
  return (
    <Form
      method="post"
      action="/notifications"
      navigate={false}
      fetcherKey={markReadFetcherKey(id)}
      preventScrollReset
      className="relative z-10 shrink-0 self-center"
    >
      <input type="hidden" name="intent" value="read" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        title="Mark as read"
        className="inline-flex items-center gap-1.5 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-ring"
      >
        <Check className="h-4 w-4" aria-hidden />
        <span className="sr-only sm:not-sr-only">Mark as read</span>
        <span className="sr-only">: {title}</span>
      </button>
    </Form>
  );
}

function MarkAllAsRead() {
  return (
    <Form method="post" action="/notifications" navigate={false} fetcherKey={MARK_ALL_FETCHER_KEY} preventScrollReset>
      <input type="hidden" name="intent" value="read-all" />
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-ring"
      >
        <CheckCheck className="h-4 w-4" aria-hidden />
        Mark all as read
      </button>
    </Form>
  );
}
