import { Link } from "react-router";

import { EmptyState } from "~/components/empty-state";
import { heartProps } from "~/components/favorites/saved.server";
import { FOCUS_RING, SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { ClipboardList, Plus } from "~/components/icons";
import { JobCard } from "~/components/job-card";
import { CancelJob } from "~/components/seeker/cancel-job";
import { requireUser } from "~/http/request-session.server";
import { MY_JOBS_TABS, myJobsHref, parseMyJobsStatus } from "~/lib/job-display";
import { myJobsPage } from "~/operations/jobs.server";

import type { Route } from "./+types/my-jobs";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const params = new URL(request.url).searchParams;
  const status = parseMyJobsStatus(params.get("status"));
  // The no-JS confirm step of 'Cancel job': ?confirm=cancel&job={id}.
  const confirmJobId = params.get("confirm") === "cancel" ? params.get("job") : null;
  // ?before={job id}: the page after that job.
  const { jobs, counts, saved, before, older } = await myJobsPage(user, status ?? undefined, params.get("before") ?? undefined);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  // The hearts' state, computed here: loader data stays plain objects.
  const hearts = Object.fromEntries(jobs.map((job) => [job.id, heartProps(saved, "job", job.id)]));
  return { jobs, counts, total, status, confirmJobId, hearts, before, older };
}

const EMPTY_TEXT: Record<string, string> = {
  all: "You haven't posted any jobs yet.",
  posted: "No jobs waiting for a provider.",
  matched: "No matched jobs.",
  in_progress: "No jobs in progress.",
  completed: "No completed jobs yet.",
  cancelled: "No cancelled jobs.",
};

/** The seeker's own jobs, newest first, filtered by status through the URL. */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { jobs, counts, total, status, confirmJobId, hearts, before, older } = loaderData;
  const page: Record<string, string> = before ? { before } : {};
  // Cancelling a job, or keeping it, comes back to this page.
  const here = myJobsHref(status, page);
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <title>My Jobs | Nearhand</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">My Jobs</h1>
        <Link
          to="/post-job"
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-ring"
        >
          <Plus className="h-4 w-4" aria-hidden />
          Post a Job
        </Link>
      </div>

      <nav aria-label="Filter by status" className="-mx-4 mt-6 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 border-b border-slate-200">
          {MY_JOBS_TABS.map((tab) => {
            const active = tab.status === status;
            const count = tab.status ? counts[tab.status] : total;
            return (
              <li key={tab.label}>
                <Link
                  to={myJobsHref(tab.status)}
                  aria-current={active ? "page" : undefined}
                  data-testid={`tab-${tab.status ?? "all"}`}
                  className={`tab ${
                    active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                  }`}
                >
                  {tab.label}
                  <span className={`pill font-semibold ${active ? "bg-brand-100 text-brand-700" : "bg-slate-100 text-slate-600"}`}>{count}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <h2 className="sr-only">{`${status ? `${MY_JOBS_TABS.find((t) => t.status === status)?.label} jobs` : "All jobs"}${before ? ", older" : ""}`}</h2>
      {jobs.length === 0 ? (
        <EmptyState
          icon={<ClipboardList className="mx-auto h-10 w-10 text-slate-400" aria-hidden />}
          title={before ? "No older jobs." : EMPTY_TEXT[status ?? "all"]}
          action={{ href: "/post-job", label: "Post a Job", icon: <Plus className="h-4 w-4" aria-hidden /> }}
          testId="my-jobs-empty"
        />
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="my-jobs-list">
          {jobs.map((job) => (
            <li key={job.id} id={`job-${job.id}`} className="scroll-mt-20">
              <JobCard
                job={job}
                {...hearts[job.id]}
                footer={
                  job.actions.canCancel ? (
                    <CancelJob
                      jobId={job.id}
                      jobTitle={job.title}
                      returnTo={here}
                      confirmHref={`${myJobsHref(status, { ...page, confirm: "cancel", job: job.id })}#job-${job.id}`}
                      keepHref={here}
                      confirming={confirmJobId === job.id}
                    />
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      {(before || older) && (
        <nav aria-label="More jobs" className="mt-6 flex flex-wrap gap-3">
          {before && (
            <Link to={myJobsHref(status)} className={`${SECONDARY_BUTTON_CLASS} inline-block ${FOCUS_RING}`}>
              Newest jobs
            </Link>
          )}
          {older && (
            <Link to={myJobsHref(status, { before: older })} className={`${SECONDARY_BUTTON_CLASS} inline-block ${FOCUS_RING}`}>
              Older jobs
            </Link>
          )}
        </nav>
      )}
    </main>
  );
}
