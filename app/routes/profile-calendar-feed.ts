import { redirect } from "react-router";

import { runForPage } from "~/http/operation-answers.server";
import { readPageForm } from "~/http/request-session.server";
import { calendarFeedForm, resetCalendarFeed, startCalendarFeed, stopCalendarFeed } from "~/operations/calendar.server";
import { parseInput } from "~/operations/parse-input.server";

import type { Route } from "./+types/profile-calendar-feed";

const BACK = "/profile#calendar-feed";

const CHANGES = {
  create: { run: startCalendarFeed, toast: { title: "Calendar feed created", description: "Subscribe to its link in your calendar app." } },
  reset: { run: resetCalendarFeed, toast: { title: "Calendar link reset", description: "The old link no longer works: subscribe to the new one." } },
  off: { run: stopCalendarFeed, toast: { title: "Calendar feed turned off", description: "Its link no longer works." } },
} as const;

/** POST /profile/calendar-feed (form: intent=create|reset|off): the profile's calendar feed, with or without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, form } = await readPageForm(context, request);
  await runForPage(
    context,
    async () => {
      const change = CHANGES[parseInput(calendarFeedForm, { intent: form.get("intent") }).intent];
      await change.run(user);
      return change.toast;
    },
    // A refusal says its own words (only providers make a feed; only a feed is reset).
    { success: (toast) => toast },
  );
  return redirect(BACK);
}

export function loader() {
  return redirect(BACK);
}
