import { data, redirect } from "react-router";

import { AccountActions } from "~/components/admin/account-actions";
import { AdminShell } from "~/components/admin/admin-shell";
import { AuditEntries } from "~/components/admin/audit-entries";
import { ConsoleCard, Nothing, PersonLink, Tag } from "~/components/admin/console-bits";
import { runForPage } from "~/http/operation-answers.server";
import { requireOperator } from "~/http/request-session.server";
import { getConfig } from "~/infra/config.server";
import { formatPrice, formatRating, statusLabel } from "~/lib/format";
import { consoleStamp } from "~/lib/overview-days";
import { isSuspended, REPORT_REASON_LABELS } from "~/lib/trust-safety";
import { fullName } from "~/lib/user-display";
import { actsAsOperator } from "~/models/user.server";
import { parseInput } from "~/operations/parse-input.server";
import { reinstateInput, reinstateUser, suspendInput, suspendUser, userDossier, type UserDossier } from "~/operations/user-lookup.server";

import type { Route } from "./+types/user";

/** /admin/users/{id}: a user, everything by and about them, and Suspend or Reinstate (operators only). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const operator = await requireOperator(context);
  const dossier = await userDossier(params.id);
  if (!dossier) throw data(null, { status: 404 });
  return { dossier, operatorId: operator.id, timeZone: getConfig().timeZone };
}

/** intent=suspend {reason, days: a number or empty for indefinitely} or intent=reinstate {reason}; back to the page. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const operator = await requireOperator(context);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "reinstate") {
    await runForPage(context, () => reinstateUser(operator, params.id, parseInput(reinstateInput, form)), {
      success: { title: "User reinstated", description: "They can sign in again; they were told by email." },
    });
  } else {
    const { days, ...rest } = form;
    const input = days ? { ...rest, days } : rest;
    await runForPage(context, () => suspendUser(operator, params.id, parseInput(suspendInput, input)), {
      success: (user) => ({
        title: "User suspended",
        description: user.suspendedUntil
          ? `Until ${consoleStamp(user.suspendedUntil, getConfig().timeZone)}; signed out everywhere and told by email.`
          : "Indefinitely; signed out everywhere and told by email.",
      }),
    });
  }
  return redirect(`/admin/users/${params.id}`);
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { dossier, operatorId, timeZone } = loaderData;
  const { user } = dossier;
  const at = (date: Date) => consoleStamp(date, timeZone);
  const suspended = isSuspended(user);
  return (
    <AdminShell title={fullName(user)} current="/admin/users">
      <div className="grid gap-4 lg:grid-cols-2">
        <ConsoleCard id="account-title" title="Account">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Email</dt>
            <dd className="break-all text-slate-900">{user.email}</dd>
            <dt className="text-slate-600">Id</dt>
            <dd className="break-all font-mono text-xs text-slate-900">{user.id}</dd>
            <dt className="text-slate-600">Role</dt>
            <dd className="text-slate-900">
              {user.currentRole} ({user.userType})
            </dd>
            <dt className="text-slate-600">Joined</dt>
            <dd className="text-slate-900">{at(user.createdAt)}</dd>
            <dt className="text-slate-600">Rating</dt>
            <dd className="text-slate-900">
              {formatRating(user.averageRating)} from {user.totalReviews} reviews; {user.totalJobsCompleted} jobs completed
            </dd>
            <dt className="text-slate-600">Status</dt>
            <dd className="flex flex-wrap gap-1 text-slate-900">
              {user.isOperator && <Tag tone="brand">Operator</Tag>}
              {suspended ? <Tag tone="red">Suspended</Tag> : <Tag>Active</Tag>}
            </dd>
            {suspended && (
              <>
                <dt className="text-slate-600">Suspended</dt>
                <dd className="text-slate-900">
                  {user.suspendedAt ? `since ${at(user.suspendedAt)}, ` : ""}
                  {user.suspendedUntil ? `until ${at(user.suspendedUntil)}` : "indefinitely"}
                </dd>
                <dt className="text-slate-600">Why</dt>
                <dd className="text-slate-900">{user.suspensionReason}</dd>
              </>
            )}
          </dl>
        </ConsoleCard>
        <ConsoleCard id="actions-title" title={suspended ? "Reinstate" : "Suspend"}>
          <AccountActions userId={user.id} suspended={suspended} isSelf={user.id === operatorId} isOperator={actsAsOperator(user)} />
        </ConsoleCard>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <ConsoleCard id="jobs-title" title="Jobs posted">
          {dossier.jobs.length === 0 ? (
            <Nothing>No jobs.</Nothing>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {dossier.jobs.map((job) => (
                <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0 break-words text-slate-900">{job.title}</span>
                  <span className="flex flex-wrap items-center gap-2 text-slate-600">
                    <Tag>{statusLabel(job.status)}</Tag>
                    {job.hiddenAt && <Tag tone="amber">{job.hiddenFor === "suspension" ? "Hidden (suspension)" : "Hidden"}</Tag>}
                    {at(job.createdAt).slice(0, 10)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </ConsoleCard>
        <ConsoleCard id="bookings-title" title="Bookings">
          <Bookings bookings={dossier.bookings} at={at} />
        </ConsoleCard>
        <ConsoleCard id="received-title" title="Reviews received">
          <Reviews reviews={dossier.reviewsReceived} at={at} other="From" />
        </ConsoleCard>
        <ConsoleCard id="given-title" title="Reviews given">
          <Reviews reviews={dossier.reviewsGiven} at={at} other="Of" />
        </ConsoleCard>
        <ConsoleCard id="reports-about-title" title="Reports about them">
          <Reports reports={dossier.reportsAbout} at={at} />
        </ConsoleCard>
        <ConsoleCard id="reports-by-title" title="Reports they made">
          <Reports reports={dossier.reportsBy} at={at} />
        </ConsoleCard>
      </div>
      <div className="mt-4">
        <ConsoleCard id="audit-title" title="Actions taken">
          <AuditEntries
            entries={dossier.actions.map((entry) => ({ ...entry, operator: null, targetUser: null }))}
            timeZone={timeZone}
            showPeople={false}
          />
        </ConsoleCard>
      </div>
    </AdminShell>
  );
}

function Bookings({ bookings, at }: { bookings: UserDossier["bookings"]; at: (d: Date) => string }) {
  if (bookings.length === 0) return <Nothing>No bookings.</Nothing>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {bookings.map((booking) => (
        <li key={booking.id} className="py-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-words text-slate-900">{booking.jobTitle}</span>
            <span className="flex items-center gap-2 text-slate-600">
              <Tag>{statusLabel(booking.status)}</Tag>
              {formatPrice(booking.agreedPrice)}
            </span>
          </div>
          <p className="text-slate-600">
            As {booking.side}, with <PersonLink person={booking.other} />; {at(booking.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Reviews({ reviews, at, other }: { reviews: UserDossier["reviewsGiven"]; at: (d: Date) => string; other: "From" | "Of" }) {
  if (reviews.length === 0) return <Nothing>No reviews.</Nothing>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {reviews.map((review) => (
        <li key={review.id} className="py-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{review.rating} of 5</span>
            {review.hiddenAt && <Tag tone="amber">Hidden</Tag>}
            {review.excludedAt && <Tag tone="amber">Excluded from rating</Tag>}
            <span className="text-slate-600">{at(review.createdAt)}</span>
          </div>
          {review.comment && <p className="break-words text-slate-700">{review.comment}</p>}
          <p className="text-slate-600">
            {other} <PersonLink person={review.other} />
          </p>
        </li>
      ))}
    </ul>
  );
}

function Reports({ reports, at }: { reports: UserDossier["reportsBy"]; at: (d: Date) => string }) {
  if (reports.length === 0) return <Nothing>No reports.</Nothing>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {reports.map((report) => (
        <li key={report.id} className="py-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{REPORT_REASON_LABELS[report.reason]}</span>
            <Tag>{report.targetType}</Tag>
            <Tag tone={report.status === "open" ? "amber" : "slate"}>{report.status}</Tag>
            <span className="text-slate-600">{at(report.createdAt)}</span>
          </div>
          {report.note && <p className="break-words text-slate-700">{report.note}</p>}
        </li>
      ))}
    </ul>
  );
}
