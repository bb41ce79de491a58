import { Link } from "react-router";

import { Nothing, PersonLink } from "~/components/admin/console-bits";
import { FOCUS_RING } from "~/components/forms/styles";
import { consoleStamp } from "~/lib/overview-days";
import type { NamedUser } from "~/lib/user-display";

type Person = (NamedUser & { id: string; email: string }) | null;

export interface AuditRow {
  id: string;
  createdAt: Date;
  action: string;
  targetType: string;
  targetId: string;
  targetUserId: string | null;
  reason: string;
  operator: Person;
  targetUser: Person;
}

/** Where a target of an action is seen: a user's console page, a job's page, else every action on it. */
function targetHref(entry: AuditRow): string {
  if (entry.targetType === "user") return `/admin/users/${entry.targetId}`;
  if (entry.targetType === "job") return `/jobs/${entry.targetId}`;
  return `/admin/audit?target=${entry.targetId}`;
}

/** Audit entries, newest first: when, who, what, on which target (and whose), why. */
export function AuditEntries({ entries, timeZone, showPeople = true }: { entries: AuditRow[]; timeZone: string; showPeople?: boolean }) {
  if (entries.length === 0) return <Nothing>No actions.</Nothing>;
  return (
    <ol className="divide-y divide-slate-100 text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
          <time dateTime={entry.createdAt.toISOString()} className="tabular-nums text-slate-600">
            {consoleStamp(entry.createdAt, timeZone)}
          </time>
          <div className="min-w-0">
            <p>
              <span className="font-mono text-xs font-semibold text-slate-900">{entry.action}</span> on{" "}
              <Link to={targetHref(entry)} className={`text-brand-700 underline underline-offset-2 hover:text-brand-800 ${FOCUS_RING}`}>
                {entry.targetType} {entry.targetId.slice(0, 8)}
              </Link>
              {showPeople && entry.targetUser && entry.targetType !== "user" && (
                <>
                  {" "}
                  of <PersonLink person={entry.targetUser} />
                </>
              )}
            </p>
            {showPeople && (
              <p className="text-slate-600">
                By <PersonLink person={entry.operator} />
              </p>
            )}
            <p className="break-words text-slate-700">Why: {entry.reason}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
