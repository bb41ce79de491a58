import { redirect } from "react-router";

import { runForPage } from "~/http/operation-answers.server";
import { getSession, requireUser } from "~/http/request-session.server";
import { FAILURE_TOASTS } from "~/lib/failure-toasts";
import { alertChoicesForm, saveAlertChoices } from "~/operations/email-preferences.server";
import { parseInput } from "~/operations/parse-input.server";

import type { Route } from "./+types/profile-email-alerts";

/** POST /profile/email-alerts: the profile's alert choices, one checkbox per kind and channel (unchecked ones are off). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = Object.fromEntries(await request.formData());
  await runForPage(context, () => saveAlertChoices(user, getSession(context).id, parseInput(alertChoicesForm, form)), {
    success: { title: "Alerts saved" },
    failure: FAILURE_TOASTS.saveEmailAlerts,
  });
  return redirect("/profile#email-alerts");
}

export function loader() {
  return redirect("/profile#email-alerts");
}
