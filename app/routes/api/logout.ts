import { redirect } from "react-router";

import { apiRoute, endpoint, redirectAnswer, type RouteArgs } from "~/http/api-route.server";
import { endUserSession, getSession } from "~/http/request-session.server";

export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "Sign out (a browser navigation)",
    description:
      "Only a navigation from the app's own pages (`Sec-Fetch-Site: same-origin`) signs out; any other gets a page asking to confirm with a POST, so another site cannot sign a user out.",
    signedIn: false,
    answers: [
      redirectAnswer("Signed out (or signed out already): to /."),
      { status: 200, description: "A page asking to confirm signing out, for a navigation from elsewhere.", html: true },
    ],
    handle: signOutNavigation,
  }),
  /** The confirmation page's form. Foreign origins were refused before this runs (csrf middleware). */
  post: endpoint({
    summary: "Sign out (the confirmation page's form)",
    signedIn: false,
    answers: [redirectAnswer("Signed out: to /.")],
    handle: ({ context }) => signOut(context),
  }),
});

/**
 * GET /api/logout: sign-out stays a navigation (spec §7), but only one from
 * our own pages ends the session. Any other (a link or form on another site,
 * a typed address, a browser that sends no Sec-Fetch-Site) gets a page asking
 * to confirm with a POST, which the cross-site checks cover like every action.
 */
async function signOutNavigation({ request, context }: Pick<RouteArgs, "request" | "context">) {
  if (!getSession(context).get("userId")) return redirect("/");
  // Only a GET navigation signs out: HEAD and OPTIONS reach this loader too, and must change nothing.
  if (request.method === "GET" && request.headers.get("Sec-Fetch-Site") === "same-origin") return signOut(context);
  return new Response(request.method === "HEAD" ? null : CONFIRM_PAGE, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": CONFIRM_PAGE_POLICY,
    },
  });
}

/**
 * Ends the session (its row is deleted) and returns to the landing page. The browser drops what it cached for the
 * user (decision 0063): Back shows none of their pages.
 */
async function signOut(context: RouteArgs["context"]) {
  return redirect("/", { headers: { "Set-Cookie": await endUserSession(context), "Clear-Site-Data": '"cache"' } });
}

/** The page has no script and posts only to us. */
const CONFIRM_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const CONFIRM_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out | Nearhand</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,sans-serif}
main{max-width:24rem;margin:1rem;padding:1.5rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff}
h1{margin:0 0 .5rem;font-size:1.25rem}
p{margin:0 0 1.25rem;color:#475569}
.actions{display:flex;gap:.75rem;align-items:center}
button{padding:.5rem 1rem;border:0;border-radius:.5rem;background:#2563eb;color:#fff;font:inherit;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<h1>Sign out of Nearhand?</h1>
<p>Sign-out links from other sites need your confirmation, so that no other site can sign you out.</p>
<form method="post" action="/api/logout" class="actions">
<button type="submit">Sign out</button>
<a href="/">Stay signed in</a>
</form>
</main>
</body>
</html>
`;
