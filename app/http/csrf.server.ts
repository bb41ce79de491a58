import "server-only";

import type { MiddlewareFunction } from "react-router";

import { apiError } from "~/http/api.server";
import { getConfig } from "~/infra/config.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A refusal answered before the route runs (its body is settled by entry.rsc.tsx); React Router (8.5) passes a
 * middleware's answer on as it is, not as an RSC payload.
 */
function refuse(): Response {
  return apiError(403, "Cross-site request refused");
}

/**
 * State-changing requests from other sites are refused: a foreign Origin, or
 * (without Origin) a cross-site Sec-Fetch-Site. Requests with neither header
 * come from non-browser clients, which cannot carry a victim's cookies. This
 * covers the JSON API and the form actions of resource routes (/availability,
 * /favorites/toggle, /profile/photo), which React Router's own origin check
 * for page actions does not reach; SameSite=Lax cookies alone still go along
 * with posts from sibling subdomains.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    const allowed = new Set([new URL(request.url).origin, getConfig().appUrl.origin]);
    if (!allowed.has(origin)) return refuse();
  } else {
    const site = request.headers.get("Sec-Fetch-Site");
    if (site !== null && site !== "same-origin" && site !== "none") return refuse();
  }
  return next();
};
