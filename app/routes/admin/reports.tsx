import { redirect } from "react-router";

import { AdminShell } from "~/components/admin/admin-shell";
import { ReportQueue } from "~/components/admin/report-queue";
import { runForPage } from "~/http/operation-answers.server";
import { requireOperator } from "~/http/request-session.server";
import { getConfig } from "~/infra/config.server";
import { invalid } from "~/lib/errors";
import { formatMoment } from "~/lib/schedule";
import { fullName } from "~/lib/user-display";
import {
  dismissInput,
  dismissReports,
  hideContent,
  hideInput,
  reinstateFromQueue,
  reinstateInput,
  reportQueue,
  suspendAuthor,
  suspendAuthorInput,
} from "~/operations/moderation.server";
import { parseInput } from "~/operations/parse-input.server";

import type { Route } from "./+types/reports";

const QUEUE = "/admin/reports";

const TOAST_OF_HIDDEN = { job: "Job hidden", message: "Message hidden", review: "Review hidden" } as const;

export async function loader({ context }: Route.LoaderArgs) {
  await requireOperator(context);
  return { items: await reportQueue(), now: new Date() };
}

/** The queue's forms (intent=dismiss|hide|suspend|reinstate, each with a reason), with or without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = await requireOperator(context);
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  await runForPage(
    context,
    async () => {
      if (intent === "dismiss") {
        const { dismissed } = await dismissReports(operator, parseInput(dismissInput, form));
        return { title: "Reports dismissed", description: dismissed === 1 ? "1 report closed." : `${dismissed} reports closed.` };
      }
      if (intent === "hide") {
        const input = parseInput(hideInput, form);
        await hideContent(operator, input);
        return { title: TOAST_OF_HIDDEN[input.targetType], description: "Gone for everyone but operators; its reports are closed." };
      }
      if (intent === "suspend") {
        const user = await suspendAuthor(operator, parseInput(suspendAuthorInput, { ...form, days: form.days || undefined }));
        const until = user.suspendedUntil ? `until ${formatMoment(user.suspendedUntil, getConfig().timeZone, new Date())}` : "indefinitely";
        return { title: `${fullName(user)} suspended`, description: `Suspended ${until}; signed out everywhere.` };
      }
      if (intent === "reinstate") {
        const user = await reinstateFromQueue(operator, parseInput(reinstateInput, form));
        return { title: `${fullName(user)} reinstated`, description: "They can sign in again." };
      }
      throw invalid("Choose dismiss, hide, suspend or reinstate");
    },
    { success: (toast) => toast },
  );
  return redirect(QUEUE);
}

/** /admin/reports: the open reports by target, each with the content, its author's history and the actions. */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { items, now } = loaderData;
  const timeZone = getConfig().timeZone;
  return (
    <AdminShell title="Reports" current="/admin/reports">
      <ReportQueue items={items} formatTime={(at) => formatMoment(at, timeZone, now)} />
    </AdminShell>
  );
}
