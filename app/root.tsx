import { isRouteErrorResponse, Links, Meta, Outlet, ScrollRestoration } from "react-router";

import { FlashToastFallback } from "~/components/flash-toast-fallback";
import { HydrationMarker } from "~/components/hydration-marker";
import { LiveUpdates } from "~/components/live-updates";
import { NotFoundPage } from "~/components/not-found-page";
import { AppHeader, type ShellUser } from "~/components/shell/app-header";
import { LinkFollower } from "~/components/shell/link-follower";
import { Toaster } from "~/components/toaster";
import { apiNotFoundMiddleware } from "~/http/api-not-found.server";
import { apiRateLimitMiddleware } from "~/http/api-rate-limit.server";
import { csrfMiddleware } from "~/http/csrf.server";
import { requestBodyMiddleware } from "~/http/request-body.server";
import { getCurrentUser, sessionMiddleware, takeToast } from "~/http/request-session.server";
import { isServiceUnavailable } from "~/http/service-unavailable.server";
import { staticDocumentContext } from "~/http/static-document.server";
import { pick } from "~/lib/pick";
import { unreadBadges } from "~/operations/notifications.server";

import type { Route } from "./+types/root";

import "~/app.css";

// Cheapest refusals first: a foreign origin and (with the session read) a signed-out upload are refused before any body is read.
export const middleware: Route.MiddlewareFunction[] = [
  apiNotFoundMiddleware,
  csrfMiddleware,
  sessionMiddleware,
  requestBodyMiddleware,
  apiRateLimitMiddleware,
];

/** What the header reads of the signed-in user: all loader data goes into every page's payload. */
const SHELL_FIELDS = ["id", "email", "firstName", "lastName", "profileImageUrl", "currentRole", "userType"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context);
  const flash = takeToast(context);
  const toast = flash ? { ...flash, id: crypto.randomUUID() } : null;
  if (!user) {
    // Nothing a signed-out visitor sees needs JavaScript (decision 0029).
    context.set(staticDocumentContext, true);
    return { shell: null, unreadNotifications: 0, unreadMessages: 0, toast, staticDocument: true };
  }
  const shell: ShellUser = pick(user, SHELL_FIELDS);
  const badges = await unreadBadges(user);
  return { shell, unreadNotifications: badges.notifications, unreadMessages: badges.messages, toast, staticDocument: false };
}

/** The element after the page's content: the document's first paint waits for it (decision 0090). */
const CONTENT_END_ID = "content-end";
const CONTENT_END = <span id={CONTENT_END_ID} hidden />;

const EMPTY_SHELL = { shell: null, unreadNotifications: 0, unreadMessages: 0, toast: null, staticDocument: false };

// The head is the same on every page: made once, the payload writes it once per request though React Router renders
// the layout twice (the page and the root's error element), and the second time as a reference to the first.
const HEAD = (
  <head>
    <meta charSet="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Nearhand: urgent local help from people nearby." />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    {/* Installable as an app (decision 0076): the manifest, the browser's bar in the brand colour, the iOS icon. */}
    <link rel="manifest" href="/manifest.webmanifest" />
    <meta name="theme-color" content="#1d4ed8" />
    <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
    {/* No first paint of half a page: a browser that yields while parsing would shift what it painted (decisions 0033, 0090). */}
    <link rel="expect" href={`#${CONTENT_END_ID}`} {...{ blocking: "render" }} />
    <Meta />
    <Links />
  </head>
);

export function ServerLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      {HEAD}
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
      </body>
    </html>
  );
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  // Defensive: in RSC mode loader data is null when an action answers with data.
  const { shell, unreadNotifications, unreadMessages, toast, staticDocument } = loaderData ?? EMPTY_SHELL;
  if (staticDocument) {
    return (
      <>
        <Outlet />
        {CONTENT_END}
        <FlashToastFallback toast={toast} withScripts={false} />
      </>
    );
  }
  return (
    <>
      {shell ? (
        <>
          <AppHeader user={shell} unreadNotifications={unreadNotifications} unreadMessages={unreadMessages} />
          <LiveUpdates userId={shell.id} />
        </>
      ) : null}
      <Outlet />
      {CONTENT_END}
      <Toaster flash={toast} />
      <FlashToastFallback toast={toast} withScripts />
      <LinkFollower />
      <HydrationMarker />
    </>
  );
}

// Rendered on the server, ahead of any error (React Router pre-renders every route's boundary): with no error
// it reads "Something went wrong", which is what a browser shows after an error of its own.
export function ServerErrorBoundary({ error }: Route.ServerErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A loader or middleware that could not reach the database threw the driver's error; the response becomes a 503
  // afterwards (entry.rsc.tsx), so the boundary recognises the error itself.
  const unavailable = isServiceUnavailable(error) || (isRouteErrorResponse(error) && error.status === 503);
  const status = unavailable ? 503 : isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${status} ${unavailable ? "Service unavailable" : "Something went wrong"} | Nearhand`}</title>
      <h1 className="text-3xl font-bold">{unavailable ? "Nearhand is briefly unavailable" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-600">
        {unavailable
          ? "We can't reach our database right now. If you were saving something, it was not saved: try again in a few seconds."
          : isRouteErrorResponse(error)
            ? error.statusText || "The request could not be completed."
            : "An unexpected error occurred."}
      </p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white">
        Back to Nearhand
      </a>
    </main>
  );
}
