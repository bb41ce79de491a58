import { ICON_SPRITE } from "~/http/icon-sprite.server";
import { ICON_SPRITE_VERSION } from "~/lib/icon-ids";

import type { Route } from "./+types/icon-sprite";

/**
 * GET /icons.svg?v=<version>: every icon of the app as <symbol>s (decision 0030).
 * The current version may be kept for a year; any other address is a stale
 * page's, which gets the current sprite for a short while only.
 */
export function loader({ request }: Route.LoaderArgs) {
  const current = new URL(request.url).searchParams.get("v") === ICON_SPRITE_VERSION;
  return new Response(ICON_SPRITE, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
