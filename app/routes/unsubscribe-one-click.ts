import { redirect } from "react-router";

import { unsubscribe, unsubscribeLink } from "~/operations/email-preferences.server";

import type { Route } from "./+types/unsubscribe-one-click";

/**
 * POST /unsubscribe/one-click?user=&kind=&sig=: turns one kind of email off, no session needed (the signature is
 * the permission). A mail client's one-click (body List-Unsubscribe=One-Click, RFC 8058) gets a 200; the
 * unsubscribe page's button goes back to the page, which then says it is done.
 */
export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const link = unsubscribeLink(Object.fromEntries(url.searchParams));
  if (!link) return new Response("This unsubscribe link is not valid.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await unsubscribe(link);
  const form = await request.formData().catch(() => null);
  if (form?.get("List-Unsubscribe") === "One-Click")
    return new Response("Unsubscribed.", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return redirect(`/unsubscribe${url.search}`, 303);
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/unsubscribe${new URL(request.url).search}`);
}
