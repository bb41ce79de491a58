import { data } from "react-router";

import { EMAIL_KIND_LABELS } from "~/operations/alerts.server";
import { choiceOf, unsubscribeLink } from "~/operations/email-preferences.server";

import type { Route } from "./+types/unsubscribe";

const INVALID = "This unsubscribe link is not valid. You can choose which emails you get on your profile.";

/**
 * /unsubscribe?user=&kind=&sig=: the link in every alert email. Opening it changes nothing (mail scanners open
 * links); its button posts to /unsubscribe/one-click, which comes back here once that kind is off.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = unsubscribeLink(Object.fromEntries(url.searchParams));
  if (!link) return data({ label: null, done: false, action: "" }, { status: 404 });
  return { label: EMAIL_KIND_LABELS[link.kind], done: !(await choiceOf(link)), action: `/unsubscribe/one-click${url.search}` };
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { label, done, action } = loaderData;
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <title>Unsubscribe | Nearhand</title>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <h1 className="text-xl font-bold">Email alerts</h1>
        {!label ? (
          <p className="mt-3 text-slate-700" role="alert">
            {INVALID}
          </p>
        ) : done ? (
          <p className="mt-3 text-slate-700" role="status" data-testid="unsubscribed">
            {`You will no longer get ${label} emails. You can turn them back on in your profile.`}
          </p>
        ) : (
          <form method="post" action={action} className="mt-3">
            <p className="text-slate-700">{`Stop getting ${label} emails from Nearhand?`}</p>
            <button type="submit" className="mt-4 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-ring">
              Unsubscribe
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
