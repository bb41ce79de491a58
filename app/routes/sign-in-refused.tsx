import { data } from "react-router";

import { AlertCircle } from "~/components/icons";
import { NotFoundPage } from "~/components/not-found-page";
import { SIGN_IN_REFUSALS, signInRefusalQuery } from "~/lib/sign-in-refusals";

import type { Route } from "./+types/sign-in-refused";

/**
 * /sign-in/refused?reason=: where the callback sends a sign-in it refuses (decision 0059), saying why, with a way back
 * and a way to try again. It changes nothing; any reason it does not know is a 404.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = signInRefusalQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return data(null, { status: 404 });
  return data(SIGN_IN_REFUSALS[query.data.reason], { status: 403 });
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return <NotFoundPage />;
  const { title, text } = loaderData;
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4">
      <title>{`${title} | Nearhand`}</title>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm" role="alert">
        <div className="flex items-center gap-2">
          <AlertCircle className="h-8 w-8 shrink-0 text-red-500" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{text}</p>
        <div className="mt-6 flex items-center gap-4">
          <a
            href="/api/login"
            className="inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
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
