import { redirect } from "react-router";

import { RoleSwitchForm } from "~/components/shell/role-switch-form";
import { runForPage } from "~/http/operation-answers.server";
import { readPageForm, redirectWithSubmission, requireUser, takeSubmission } from "~/http/request-session.server";
import { FAILURE_TOASTS } from "~/lib/failure-toasts";
import { parseForm } from "~/lib/forms";
import { safeRedirectPath } from "~/lib/redirects";
import { roleSwitchSuccess, roleSwitchTitle } from "~/lib/role-switch-text";
import { switchRole, switchRoleInput } from "~/operations/roles.server";

import type { Route } from "./+types/switch-role";

const FORM_ID = "switch-role";
const SWITCH_FAILED = FAILURE_TOASTS.switchRole;

/** The role-switch dialog as a page: where the header button leads without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"));
  const lastResult = takeSubmission(context, FORM_ID);
  return { currentRole: user.currentRole, userType: user.userType, returnTo, lastResult };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, form: formData } = await readPageForm(context, request);
  const submission = parseForm(formData, switchRoleInput);
  if (submission.status !== "success") return redirectWithSubmission(context, request, FORM_ID, submission.reply());
  const switched = await runForPage(context, () => switchRole(user, submission.value), {
    success: roleSwitchSuccess(user.currentRole),
    failure: SWITCH_FAILED,
  });
  if (!switched.ok) return redirectWithSubmission(context, request, FORM_ID, submission.reply({ formErrors: [SWITCH_FAILED.description] }));
  return redirect(safeRedirectPath(formData.get("returnTo")));
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { currentRole, userType, returnTo, lastResult } = loaderData;
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <title>{`${roleSwitchTitle(currentRole)} | Nearhand`}</title>
      <div className="card p-6">
        <h1 className="mb-2 text-lg font-semibold">{roleSwitchTitle(currentRole)}</h1>
        <RoleSwitchForm currentRole={currentRole} userType={userType} returnTo={returnTo} lastResult={lastResult} />
      </div>
    </main>
  );
}
