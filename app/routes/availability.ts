import { redirect, replace } from "react-router";
import type { Route } from "./+types/availability";
import { DomainError } from "~/models/errors";
import { setProviderOnline } from "~/models/provider.server";
import { safeRedirectPath } from "~/lib/redirects";
import { getDb } from "~/services/db.server";
import { flashToast, requireUser } from "~/services/request-session.server";

export const AVAILABILITY_TOASTS = {
  online: { title: "You're now online", description: "You'll receive job requests from help seekers" },
  offline: { title: "You're now offline", description: "You won't receive new job requests" },
} as const;

/** POST /availability (form: isOnline=true|false, returnTo): the dashboard switch, with or without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await request.formData();
  const returnTo = safeRedirectPath(form.get("returnTo"));
  const value = form.get("isOnline");
  if (value !== "true" && value !== "false") {
    flashToast(context, { title: "Error", description: "Failed to update status. Please try again.", variant: "destructive" });
    return redirect(returnTo);
  }
  try {
    await setProviderOnline(await getDb(), user, value === "true");
    flashToast(context, AVAILABILITY_TOASTS[value === "true" ? "online" : "offline"]);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    flashToast(context, { title: "Error", description: "Failed to update status. Please try again.", variant: "destructive" });
  }
  // replace: flipping the switch should not add a history entry.
  return replace(returnTo);
}

export function loader() {
  return redirect("/");
}
