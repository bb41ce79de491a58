import type { ReactNode } from "react";

import { FOCUS_RING, INPUT_CLASS, LABEL_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { statusLabel } from "~/lib/format";
import { OPERATOR_REASON_MAX, REPORT_REASON_LABELS, type ReportTarget } from "~/lib/trust-safety";
import { fullName } from "~/lib/user-display";
import type { QueueItem } from "~/operations/moderation.server";

// The reports queue (issue 34), drawn on the server: each target's open reports, the content in context, its
// author's history, and the three actions as plain forms (they post without JavaScript).

/** How the page writes a moment: given by the route (it knows the time zone). */
export type FormatTime = (at: Date) => string;

const TARGET_WORDS: Record<ReportTarget, string> = { job: "Job", message: "Message", review: "Review", user: "User" };

/** The suspension lengths an operator picks from; "" is indefinitely. */
const SUSPENSION_DAYS = [
  { value: "1", label: "1 day" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "", label: "Indefinitely" },
];

const DANGER_BUTTON_CLASS = `rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 ${FOCUS_RING}`;

export function ReportQueue({ items, formatTime }: { items: QueueItem[]; formatTime: FormatTime }) {
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="reports-empty">
        <p className="font-medium text-slate-900">No open reports</p>
        <p className="mt-1 text-sm text-slate-600">Reports users send about jobs, messages, reviews and people appear here.</p>
      </div>
    );
  }
  return (
    <>
      <p className="text-sm text-slate-600">
        {items.length === 1 ? "1 reported item" : `${items.length} reported items`}, the one reported last first.
      </p>
      <ol className="mt-4 space-y-6">
        {items.map((item) => (
          <li key={`${item.targetType}:${item.targetId}`}>
            <ReportGroupCard item={item} formatTime={formatTime} />
          </li>
        ))}
      </ol>
    </>
  );
}

function groupTitle(item: QueueItem): string {
  if (item.job) return `Job: ${item.job.title}`;
  if (item.message) return `Message about “${item.message.jobTitle}”`;
  if (item.review) return `Review of ${fullName(item.review.reviewee)} by ${fullName(item.review.reviewer)}`;
  if (item.targetType === "user") return `User: ${fullName(item.author)}`;
  return `${TARGET_WORDS[item.targetType]} (no longer there)`;
}

function ReportGroupCard({ item, formatTime }: { item: QueueItem; formatTime: FormatTime }) {
  const id = `group-${item.targetId}`;
  return (
    <article aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="report-group">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-200 px-4 py-3 md:px-5">
        <h2 id={id} className="min-w-0 break-words text-lg font-semibold text-slate-900">
          {groupTitle(item)}
        </h2>
        <p className="shrink-0 rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-medium text-red-800">
          {item.count === 1 ? "1 report" : `${item.count} reports`}
        </p>
      </header>
      <div className="grid gap-5 px-4 py-4 md:grid-cols-2 md:px-5">
        <Section title="Reports">
          <ul className="space-y-3">
            {item.reports.map((report) => (
              <li key={report.id} className="text-sm">
                <p>
                  <span className="font-medium text-slate-900">{REPORT_REASON_LABELS[report.reason]}</span>
                  <span className="text-slate-600">
                    {" "}
                    · {fullName(report.reporter)} · {formatTime(report.createdAt)}
                  </span>
                </p>
                {report.note ? <p className="mt-1 whitespace-pre-line break-words text-slate-700">“{report.note}”</p> : null}
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Reported content">
          <ReportedContent item={item} formatTime={formatTime} />
        </Section>
        <Section title={`About ${fullName(item.author)}`}>
          <AuthorSummary item={item} formatTime={formatTime} />
        </Section>
        <Section title="Actions">
          <GroupActions item={item} />
        </Section>
      </div>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function HiddenMark({ children = "Hidden" }: { children?: string }) {
  return <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">{children}</span>;
}

function ReportedContent({ item, formatTime }: { item: QueueItem; formatTime: FormatTime }) {
  if (item.job) {
    const { job } = item;
    return (
      <div className="text-sm">
        <p className="font-medium text-slate-900">
          {job.title}
          {job.hiddenAt ? <HiddenMark>{job.hiddenFor === "suspension" ? "Hidden: suspension" : "Hidden"}</HiddenMark> : null}
        </p>
        <p className="mt-1 text-slate-600">
          Posted by {fullName(job.seeker)} · {formatTime(job.createdAt)} · {statusLabel(job.status)}
        </p>
        <p className="mt-2 whitespace-pre-line break-words text-slate-700">{job.description}</p>
      </div>
    );
  }
  if (item.message) {
    return (
      <ol className="space-y-2 text-sm" aria-label="The reported message and its neighbours in the thread">
        {item.message.lines.map((line) => (
          <li
            key={line.id}
            className={`rounded-lg px-3 py-2 ${line.reported ? "border-2 border-red-300 bg-red-50" : "border border-slate-200 bg-slate-50"}`}
            data-testid={line.reported ? "reported-message" : undefined}
          >
            <p className="text-xs text-slate-600">
              <span className="font-medium text-slate-900">{fullName(line.sender)}</span> · {formatTime(line.createdAt)}
              {line.reported ? <span className="font-medium text-red-800"> · Reported</span> : null}
              {line.hiddenAt ? <HiddenMark /> : null}
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-slate-800">{line.content}</p>
          </li>
        ))}
      </ol>
    );
  }
  if (item.review) {
    const { review } = item;
    return (
      <div className="text-sm">
        <p className="font-medium text-slate-900">
          {review.rating} of 5 stars
          {review.hiddenAt ? <HiddenMark /> : null}
          {review.excludedAt ? <HiddenMark>Excluded from rating</HiddenMark> : null}
        </p>
        <p className="mt-1 text-slate-600">
          {fullName(review.reviewer)} → {fullName(review.reviewee)} · {formatTime(review.createdAt)}
        </p>
        {review.comment ? (
          <p className="mt-2 whitespace-pre-line break-words text-slate-700">“{review.comment}”</p>
        ) : (
          <p className="mt-2 text-slate-600">No comment.</p>
        )}
      </div>
    );
  }
  if (item.targetType === "user") return <p className="text-sm text-slate-700">The account itself: see its summary.</p>;
  return <p className="text-sm text-slate-600">This content is no longer there.</p>;
}

function AuthorSummary({ item, formatTime }: { item: QueueItem; formatTime: FormatTime }) {
  const { author } = item;
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Role</dt>
        <dd className="text-slate-900">{author.currentRole === "provider" ? "Provider" : "Seeker"}</dd>
        <dt className="text-slate-600">Joined</dt>
        <dd className="text-slate-900">{formatTime(author.createdAt)}</dd>
        <dt className="text-slate-600">Rating</dt>
        <dd className="text-slate-900">
          {author.totalReviews > 0 ? `${Number(author.averageRating).toFixed(1)} (${author.totalReviews} reviews)` : "No reviews"} ·{" "}
          {author.totalJobsCompleted} jobs completed
        </dd>
        <dt className="text-slate-600">Account</dt>
        <dd className={author.suspendedAt ? "font-medium text-red-800" : "text-slate-900"} data-testid="author-standing">
          {author.suspendedAt
            ? `Suspended ${author.suspendedUntil ? `until ${formatTime(author.suspendedUntil)}` : "indefinitely"}: ${author.suspensionReason ?? ""}`
            : "Active"}
        </dd>
      </dl>
      <div>
        <h4 className="font-medium text-slate-900">Earlier reports about them</h4>
        {item.pastReports.length === 0 ? (
          <p className="text-slate-600">None.</p>
        ) : (
          <ul className="mt-1 space-y-0.5 text-slate-700">
            {item.pastReports.map((report) => (
              <li key={report.id}>
                {TARGET_WORDS[report.targetType]}, {REPORT_REASON_LABELS[report.reason].toLowerCase()} · {report.status} ·{" "}
                {formatTime(report.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h4 className="font-medium text-slate-900">Actions taken about them</h4>
        {item.actions.length === 0 ? (
          <p className="text-slate-600">None.</p>
        ) : (
          <ul className="mt-1 space-y-0.5 text-slate-700" data-testid="author-actions">
            {item.actions.map((action) => (
              <li key={action.id} className="break-words">
                <span className="font-mono text-xs">{action.action}</span> by {action.operator ? fullName(action.operator) : "a former operator"} ·{" "}
                {formatTime(action.createdAt)}: {action.reason}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The target the group's forms post: what the route's action reads back. */
function TargetFields({ item }: { item: QueueItem }) {
  return (
    <>
      <input type="hidden" name="targetType" value={item.targetType} />
      <input type="hidden" name="targetId" value={item.targetId} />
    </>
  );
}

function contentHidden(item: QueueItem): boolean {
  return Boolean(item.job?.hiddenFor === "operator" || item.message?.lines.find((l) => l.reported)?.hiddenAt || item.review?.hiddenAt);
}

function GroupActions({ item }: { item: QueueItem }) {
  const hideable = item.targetType !== "user" && (item.job || item.message || item.review) && !contentHidden(item);
  const name = fullName(item.author);
  return (
    <div className="space-y-2">
      <ActionForm item={item} intent="dismiss" summary="Dismiss the reports" submit="Dismiss" buttonClass={SECONDARY_BUTTON_CLASS}>
        <p className="text-sm text-slate-600">Nothing to act on: the reports are closed and the content stays.</p>
      </ActionForm>
      {hideable ? (
        <ActionForm
          item={item}
          intent="hide"
          summary={`Hide the ${item.targetType}`}
          submit={`Hide ${item.targetType}`}
          buttonClass={DANGER_BUTTON_CLASS}
        >
          <p className="text-sm text-slate-600">Gone for everyone but operators; the reports are closed as actioned.</p>
        </ActionForm>
      ) : null}
      {item.author.suspendedAt ? (
        <ActionForm item={item} intent="reinstate" summary={`Reinstate ${name}`} submit="Reinstate" buttonClass={PRIMARY_BUTTON_CLASS}>
          <input type="hidden" name="userId" value={item.author.id} />
          <p className="text-sm text-slate-600">They can sign in again; the jobs their suspension hid come back.</p>
        </ActionForm>
      ) : item.author.isOperator ? null : (
        <ActionForm item={item} intent="suspend" summary={`Suspend ${name}`} submit="Suspend" buttonClass={DANGER_BUTTON_CLASS}>
          <div className="grid gap-1.5">
            <label htmlFor={`days-${item.targetId}`} className={LABEL_CLASS}>
              For
            </label>
            <select id={`days-${item.targetId}`} name="days" defaultValue="7" className={INPUT_CLASS}>
              {SUSPENSION_DAYS.map((option) => (
                <option key={option.label} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <p className="text-sm text-slate-600">Signed out everywhere, their posted jobs hidden, open requests ended; they are emailed the reason.</p>
        </ActionForm>
      )}
    </div>
  );
}

function ActionForm({
  item,
  intent,
  summary,
  submit,
  buttonClass,
  children,
}: {
  item: QueueItem;
  intent: "dismiss" | "hide" | "suspend" | "reinstate";
  summary: string;
  submit: string;
  buttonClass: string;
  children?: ReactNode;
}) {
  const reasonId = `${intent}-reason-${item.targetId}`;
  return (
    <details className="group rounded-lg border border-slate-200" data-testid={`action-${intent}`}>
      <summary className={`cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 ${FOCUS_RING}`}>
        {summary}
      </summary>
      <form method="post" className="grid gap-3 border-t border-slate-200 px-3 py-3">
        <input type="hidden" name="intent" value={intent} />
        <TargetFields item={item} />
        {children}
        <div className="grid gap-1.5">
          <label htmlFor={reasonId} className={LABEL_CLASS}>
            Reason (kept in the audit log)
          </label>
          <textarea id={reasonId} name="reason" required maxLength={OPERATOR_REASON_MAX} rows={2} className={`${INPUT_CLASS} resize-y`} />
        </div>
        <div>
          <button type="submit" className={buttonClass}>
            {submit}
          </button>
        </div>
      </form>
    </details>
  );
}
