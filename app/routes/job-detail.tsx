import { data, Link, redirect } from "react-router";

import { Avatar } from "~/components/avatar";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { heartProps } from "~/components/favorites/saved.server";
import { ArrowLeft, Calendar, CheckCircle2, Info, MapPin } from "~/components/icons";
import { NotFoundCard } from "~/components/not-found-card";
import { Rating } from "~/components/rating";
import { AcceptJobForm } from "~/components/seeker/accept-job-form";
import { CancelJob } from "~/components/seeker/cancel-job";
import { JobImage } from "~/components/seeker/job-image";
import { StatusBadges } from "~/components/status-badges";
import { TitledSection } from "~/components/titled-section";
import { ReportButton } from "~/components/trust-safety/report-button";
import { runForPage } from "~/http/operation-answers.server";
import { readPageForm, redirectWithSubmission, redirectWithToast, requireUser, takeSubmission } from "~/http/request-session.server";
import { FAILURE_TOASTS, UNKNOWN_FORM_TOAST } from "~/lib/failure-toasts";
import { formatBudget, formatRelativeTime, JOB_STATUS_STYLES } from "~/lib/format";
import { formatMiles } from "~/lib/geo";
import { categoryName } from "~/lib/job-display";
import { ACCEPT_JOB, CANCEL_JOB, GO_ONLINE_TO_ACCEPT, JOB_CANCELLED_BEFORE } from "~/lib/job-process";
import { safeRedirectPath } from "~/lib/redirects";
import { fullName } from "~/lib/user-display";
import { acceptJob } from "~/operations/bookings.server";
import { cancelJob, jobPage } from "~/operations/jobs.server";

import type { Route } from "./+types/job-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  // Only what the user may see of it: the area of a posted job that is not theirs; 404 for a job no longer posted
  // unless they are a party (decision 0039).
  const { job, saved, actions, distance } = await jobPage(user, params.id);
  // Why the provider's last accept was refused (taken by another, offline, too far), if it was.
  const acceptRefusal = takeSubmission(context, ACCEPT_FORM_ID)?.error?.[""]?.[0] ?? null;
  // The spec's own 'Job not found' screen, with a real 404 status.
  if (!job || !actions) return data({ job: null, viewer: null, acceptRefusal }, { status: 404 });
  const confirmingCancel = new URL(request.url).searchParams.get("confirm") === "cancel";
  return {
    job,
    // What the viewer may do is the job process's, as the operation decided it (the accept from the database's facts).
    viewer: { ...actions, distance, confirmingCancel, heart: heartProps(saved, "job", job.id) },
    acceptRefusal,
  };
}

const ACCEPT_FAILED = FAILURE_TOASTS.acceptJob;
const CANCEL_FAILED = FAILURE_TOASTS.cancelJob;
/** Carries why an accept was refused back to the job page (the toast says only what §8 says). */
const ACCEPT_FORM_ID = "accept-job";

/** intent=accept: a provider accepts the job. intent=cancel: its seeker withdraws it. Always redirects. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, form } = await readPageForm(context, request);
  const intent = form.get("intent");
  const jobPath = `/jobs/${encodeURIComponent(params.id)}`;

  if (intent === "accept") {
    const accepted = await runForPage(context, () => acceptJob(user, { jobId: params.id, paymentMethod: "card" }), {
      success: ACCEPT_JOB.toast,
      // Trying again cannot help with a job the provider cancelled before: the toast says so (decision 0062).
      failure: (error) => (error.message === JOB_CANCELLED_BEFORE ? { ...ACCEPT_FAILED, description: error.message } : ACCEPT_FAILED),
    });
    if (accepted.ok) return redirect(`/bookings/${accepted.value.id}`);
    // The spec's toast (§8); the reason (taken, offline, too far) shows on the job page.
    return redirectWithSubmission(context, new Request(new URL(jobPath, request.url)), ACCEPT_FORM_ID, {
      status: "error",
      error: { "": [accepted.reason] },
    });
  }

  if (intent === "cancel") {
    const cancelled = await runForPage(context, () => cancelJob(user, params.id), {
      success: CANCEL_JOB.toast,
      // A conflict says why (accepted meanwhile); anything else stays generic.
      failure: (error) => (error.kind === "conflict" ? { ...CANCEL_FAILED, description: error.message } : CANCEL_FAILED),
    });
    return redirect(cancelled.ok ? safeRedirectPath(form.get("returnTo"), "/my-jobs") : jobPath);
  }

  return redirectWithToast(context, jobPath, UNKNOWN_FORM_TOAST);
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { job, viewer, acceptRefusal } = loaderData;
  if (!job || !viewer) return <JobNotFound acceptRefusal={acceptRefusal} />;
  const budget = formatBudget(job.budget);
  const jobPath = `/jobs/${job.id}`;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <title>{`${job.title} | Nearhand`}</title>
      <Link
        to={viewer.isOwner ? "/my-jobs" : "/"}
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-ring"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {viewer.isOwner ? "My jobs" : "Back"}
      </Link>

      <article className="mt-4 card p-5 md:p-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand-700">{categoryName(job.categoryId)}</p>
            <div className="mt-1 flex items-start gap-2">
              <h1 className="min-w-0 break-words text-2xl font-bold text-slate-900 md:text-3xl">{job.title}</h1>
              <FavoriteButton
                targetType="job"
                targetId={job.id}
                initialFavorited={viewer.heart.favorited}
                role={viewer.heart.favoriteRole}
                label={job.title}
                className="mt-0.5"
              />
            </div>
            <StatusBadges
              status={job.status}
              colour={JOB_STATUS_STYLES[job.status]}
              testId="job-status"
              urgent={job.isUrgent}
              request={job.requestedProviderId !== null}
            />
          </div>
          <div className="sm:text-right">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Budget</p>
            <p className="text-2xl font-bold text-slate-900" data-testid="job-budget">
              {budget ?? "Open"}
            </p>
          </div>
        </div>

        <div className="mt-6 grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
          <p className="flex items-start gap-2">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span className="break-words">
              <span className="sr-only">Address: </span>
              {job.address}
              {viewer.distance != null ? (
                <span className="ml-1 font-medium text-slate-900" data-testid="job-distance">
                  · {formatMiles(viewer.distance)} away
                </span>
              ) : null}
            </span>
          </p>
          <p className="flex items-start gap-2">
            <Calendar className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span>
              Posted <time dateTime={job.createdAt.toISOString()}>{formatRelativeTime(job.createdAt)}</time>
            </span>
          </p>
        </div>
        {!job.exactLocation ? (
          <p className="mt-3 flex items-start gap-2 text-sm text-slate-600" data-testid="location-area-only">
            <Info className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            Approximate area. The exact address is shared with the provider while the job is booked.
          </p>
        ) : null}
        {job.locationApproximate ? (
          <p className="mt-3 flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="location-approximate">
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            We couldn&apos;t find this location exactly, so the default location (New York, NY) is used for distances.
          </p>
        ) : null}

        <TitledSection titleId="description-title" title="Description" className="mt-6">
          <p className="mt-2 whitespace-pre-line break-words text-slate-700">{job.description}</p>
        </TitledSection>

        {job.imageUrl ? (
          <div className="mt-6">
            <JobImage src={job.imageUrl} alt={`Photo for ${job.title}`} />
          </div>
        ) : null}

        <TitledSection
          titleId="posted-by-title"
          title="Posted by"
          className="mt-6 border-t border-slate-100 pt-5"
          titleClassName="text-sm font-medium text-slate-500"
        >
          <div className="mt-2 flex items-center gap-3">
            <Avatar user={job.seeker} />
            <div>
              <p className="font-semibold text-slate-900">{fullName(job.seeker)}</p>
              <p className="flex items-center gap-1 text-sm text-slate-600">
                <Rating value={job.seeker.averageRating} />
              </p>
            </div>
          </div>
        </TitledSection>

        {acceptRefusal && acceptRefusal !== viewer.acceptBlocked ? <AcceptRefusal reason={acceptRefusal} /> : null}
        {viewer.acceptBlocked ? (
          <p
            className="mt-6 flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
            data-testid="accept-blocked"
          >
            <Info className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            {viewer.acceptBlocked === GO_ONLINE_TO_ACCEPT ? (
              <span>
                {GO_ONLINE_TO_ACCEPT}: turn on your availability on the{" "}
                <Link to="/" className="font-medium text-brand-700 underline hover:text-brand-600">
                  dashboard
                </Link>
                .
              </span>
            ) : (
              viewer.acceptBlocked
            )}
          </p>
        ) : null}
        {viewer.canAccept || viewer.canCancel ? (
          <div id="job-actions" className="mt-6 scroll-mt-20 border-t border-slate-100 pt-5">
            {viewer.canAccept ? <AcceptJobForm jobId={job.id} icon={<CheckCircle2 className="h-5 w-5" aria-hidden />} /> : null}
            {viewer.canCancel ? (
              <CancelJob
                jobId={job.id}
                jobTitle={job.title}
                returnTo="/my-jobs"
                confirmHref={`${jobPath}?confirm=cancel#job-actions`}
                keepHref={jobPath}
                confirming={viewer.confirmingCancel}
              />
            ) : null}
          </div>
        ) : null}
        {viewer.isOwner ? null : (
          <div className="mt-6 flex justify-end border-t border-slate-100 pt-4">
            <ReportButton targetType="job" targetId={job.id} returnTo={jobPath} what="this job" testId="report-job" />
          </div>
        )}
      </article>
    </main>
  );
}

function JobNotFound({ acceptRefusal }: { acceptRefusal: string | null }) {
  return (
    <NotFoundCard title="Job not found" text="This job does not exist or has been removed." linkText="Go Back">
      {acceptRefusal ? <AcceptRefusal reason={acceptRefusal} /> : null}
    </NotFoundCard>
  );
}

/** Why the last accept was refused, where the provider reads it: on the page, beside the spec's toast. */
function AcceptRefusal({ reason }: { reason: string }) {
  return (
    <p
      role="status"
      data-testid="accept-refusal"
      className="mt-3 flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-left text-sm text-amber-900"
    >
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{reason}</span>
    </p>
  );
}
