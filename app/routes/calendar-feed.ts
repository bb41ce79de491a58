import { calendarFeedText } from "~/operations/calendar.server";

import type { Route } from "./+types/calendar-feed";

/**
 * GET /calendar/{user id}.ics?v={version}&sig={signature}: a provider's private calendar feed. Calendar apps fetch it with
 * no session: the signed URL is the permission (decision 0073). Anything but the feed's current URL is 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const text = await calendarFeedText(params.file, new URL(request.url).searchParams);
  if (text === null)
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(text, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=300" },
  });
}
