import { Link } from "react-router";

import { Avatar } from "~/components/avatar";
import { MessageSquare } from "~/components/icons";
import { threadHref } from "~/components/messages/shared";
import { formatRelativeTime } from "~/lib/format";
import { badgeCount, fullName } from "~/lib/user-display";
import type { ConversationSummary } from "~/models/message.server";

interface ConversationListProps {
  conversations: ConversationSummary[];
  selectedId: string | null;
  now: Date;
}

/** The left column of /messages: one link per booking, newest activity first. */
export function ConversationList({ conversations, selectedId, now }: ConversationListProps) {
  if (conversations.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center" data-testid="conversations-empty">
        <MessageSquare className="h-10 w-10 text-slate-300" aria-hidden />
        <p className="mt-3 font-medium text-slate-900">No conversations yet</p>
        <p className="mt-1 text-sm text-slate-500">When a job is accepted, you can message the other person here.</p>
      </div>
    );
  }
  return (
    <ul className="relative min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto" data-testid="conversation-list">
      {conversations.map((conversation) => {
        const selected = conversation.bookingId === selectedId;
        const name = fullName(conversation.otherUser);
        const unread = badgeCount(conversation.unreadCount);
        const last = conversation.lastMessage;
        return (
          <li key={conversation.bookingId}>
            <Link
              to={threadHref(conversation.bookingId)}
              aria-current={selected ? "page" : undefined}
              data-testid="conversation"
              className={`flex items-start gap-3 px-4 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
                selected ? "bg-brand-50" : "hover:bg-slate-50"
              }`}
            >
              <Avatar user={conversation.otherUser} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate text-sm text-slate-900 ${unread ? "font-bold" : "font-semibold"}`} data-testid="conversation-name">
                    {name}
                  </span>
                  {last ? (
                    <time dateTime={last.createdAt} className="shrink-0 text-xs text-slate-600">
                      {formatRelativeTime(last.createdAt, now)}
                    </time>
                  ) : null}
                </span>
                <span className="block truncate text-xs text-slate-600">{conversation.jobTitle}</span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span
                    className={`line-clamp-1 wrap-anywhere text-sm ${unread ? "font-medium text-slate-900" : "text-slate-600"}`}
                    data-testid="conversation-last-message"
                  >
                    {last ? last.content : <span className="italic text-slate-500">No messages yet</span>}
                  </span>
                  {unread ? (
                    <span
                      className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] font-bold text-white"
                      data-testid="conversation-unread"
                    >
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
