import { redirect, replace } from "react-router";

import { runForPage } from "~/http/operation-answers.server";
import { readPageForm } from "~/http/request-session.server";
import { FAILURE_TOASTS } from "~/lib/failure-toasts";
import { safeRedirectPath } from "~/lib/redirects";
import { AVAILABILITY_TOASTS, availabilityForm, setAvailability } from "~/operations/availability.server";
import { parseInput } from "~/operations/parse-input.server";

import type { Route } from "./+types/availability";

const FAILED = FAILURE_TOASTS.updateStatus;

/** POST /availability (form: isOnline=true|false, returnTo): the dashboard switch, with or without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, form } = await readPageForm(context, request);
  const returnTo = safeRedirectPath(form.get("returnTo"));
  await runForPage(context, () => setAvailability(user, parseInput(availabilityForm, { isOnline: form.get("isOnline") })), {
    success: (updated) => AVAILABILITY_TOASTS[updated.isProviderOnline ? "online" : "offline"],
    failure: FAILED,
  });
  // replace: flipping the switch should not add a history entry.
  return replace(returnTo);
}

export function loader() {
  return redirect("/");
}
