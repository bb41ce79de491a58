import { redirect } from "react-router";

import { runForPage } from "~/http/operation-answers.server";
import { getSession, readPageForm } from "~/http/request-session.server";
import { FAILURE_TOASTS } from "~/lib/failure-toasts";
import { parseInput } from "~/operations/parse-input.server";
import { pushDeviceForm, removeDevice, subscribeDevice, unsubscribeDevice } from "~/operations/push-devices.server";

import type { Route } from "./+types/profile-push";

const BACK = "/profile#push-devices";

/**
 * POST /profile/push: a device's Remove button (a plain form), and the "Notifications on this device" island's
 * fetcher turning this browser on or off.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, form } = await readPageForm(context, request);
  await runForPage(
    context,
    async () => {
      const input = parseInput(pushDeviceForm, Object.fromEntries(form));
      if (input.intent === "subscribe") {
        await subscribeDevice(user, { sessionId: getSession(context).id, userAgent: request.headers.get("User-Agent") }, input.subscription);
        return { title: "Notifications on", description: "This device will be told of what you chose below." };
      }
      if (input.intent === "unsubscribe") {
        await unsubscribeDevice(user, input.endpoint);
        return { title: "Notifications off for this device" };
      }
      await removeDevice(user, input.id);
      return { title: "Device removed", description: "It gets no more notifications." };
    },
    // A refusal says its own words (an invalid subscription, a device that is not the caller's, the hourly limit).
    { success: (toast) => toast, failure: (error) => ({ ...FAILURE_TOASTS.pushDevices, description: error.message }) },
  );
  return redirect(BACK);
}

export function loader() {
  return redirect(BACK);
}
