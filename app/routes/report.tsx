import { redirect } from "react-router";

import { NotFoundCard } from "~/components/not-found-card";
import { CancelLink, ReportForm } from "~/components/trust-safety/report-form";
import { runForPage } from "~/http/operation-answers.server";
import { readPageForm, requireUser } from "~/http/request-session.server";
import { safeRedirectPath } from "~/lib/redirects";
import { REPORT_TARGETS, type ReportTarget } from "~/lib/trust-safety";
import { REPORT_SENT } from "~/lib/trust-safety-texts";
import { parseInput } from "~/operations/parse-input.server";
import { reportInput, sendReport } from "~/operations/reports.server";

import type { Route } from "./+types/report";

const WHAT: Record<ReportTarget, string> = { job: "this job", user: "this user", message: "this message", review: "this review" };

/** GET /report?targetType=&targetId=&returnTo=: the report form as a page, where the Report link leads without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const query = new URL(request.url).searchParams;
  const targetType = REPORT_TARGETS.find((t) => t === query.get("targetType"));
  const targetId = query.get("targetId");
  const returnTo = safeRedirectPath(query.get("returnTo"));
  return { target: targetType && targetId ? { targetType, targetId } : null, returnTo };
}

/**
 * POST /report (form: targetType, targetId, reason, note, returnTo): sends the report, flashes "Report sent" or the
 * refusal, and goes back to returnTo; the dialog's fetcher posts the same form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, form } = await readPageForm(context, request);
  await runForPage(context, () => sendReport(user, parseInput(reportInput, Object.fromEntries(form))), { success: REPORT_SENT });
  return redirect(safeRedirectPath(form.get("returnTo")));
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { target, returnTo } = loaderData;
  if (!target) return <NotFoundCard title="Nothing to report" text="This link does not name anything to report." linkText="Go Home" />;
  const title = `Report ${WHAT[target.targetType]}`;
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <title>{`${title} | Nearhand`}</title>
      <div className="card p-6">
        <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 mb-4 text-sm text-slate-700">Our team reviews every report. Choose a reason.</p>
        <ReportForm {...target} returnTo={returnTo} cancel={<CancelLink href={returnTo} />} />
      </div>
    </main>
  );
}
