import { data } from "react-router";

import { AlertCircle } from "~/components/icons";
import { NotFoundPage } from "~/components/not-found-page";
import { getConfig } from "~/infra/config.server";
import { validSignature } from "~/infra/signature.server";
import { formatMoment } from "~/lib/schedule";
import { REFUSED_ACCOUNT_SIGNATURE, SIGN_IN_REFUSALS, signInRefusalQuery } from "~/lib/sign-in-refusals";
import { suspensionNotice } from "~/operations/suspensions.server";

import type { Route } from "./+types/sign-in-refused";

/**
 * /sign-in/refused?reason=: where the callback sends a sign-in it refuses (decision 0059), saying why, with a way back
 * and a way to try again. It changes nothing; any reason it does not know is a 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = signInRefusalQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return data(null, { status: 404 });
  const { reason, user, sig } = query.data;
  if (reason !== "suspended") return data({ ...SIGN_IN_REFUSALS[reason], suspension: null }, { status: 403 });
  // Only a link the callback signed names an account; the suspension is read from it, never from the address.
  if (!user || !sig || !validSignature(REFUSED_ACCOUNT_SIGNATURE, user, sig)) return data(null, { status: 404 });
  const suspension = await suspensionNotice(user);
  if (!suspension)
    return data({ title: "Your account is active again", text: "The suspension has ended. Sign in again.", suspension: null }, { status: 200 });
  const until = suspension.until ? formatMoment(suspension.until, getConfig().timeZone, new Date()) : null;
  return data({ ...SIGN_IN_REFUSALS.suspended, suspension: { reason: suspension.reason, until } }, { status: 403 });
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return <NotFoundPage />;
  const { title, text, suspension } = loaderData;
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4">
      <title>{`${title} | Nearhand`}</title>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm" role="alert">
        <div className="flex items-center gap-2">
          <AlertCircle className="h-8 w-8 shrink-0 text-red-500" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{text}</p>
        {suspension ? (
          <dl className="mt-4 grid gap-2 rounded-md bg-slate-50 p-3 text-sm" data-testid="suspension">
            <div>
              <dt className="font-medium text-slate-900">Reason</dt>
              <dd className="text-slate-700">{suspension.reason}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-900">Until</dt>
              <dd className="text-slate-700">{suspension.until ?? "Further notice"}</dd>
            </div>
          </dl>
        ) : null}
        <div className="mt-6 flex items-center gap-4">
          <a
            href="/api/login"
            className="inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-ring"
          >
            Sign in again
          </a>
          <a href="/" className="text-sm font-medium text-brand-600 hover:underline">
            Back to Nearhand
          </a>
        </div>
      </div>
    </main>
  );
}
