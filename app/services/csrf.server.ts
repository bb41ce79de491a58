import "server-only";
import type { MiddlewareFunction } from "react-router";
import { apiError } from "./api.server";
import { getConfig } from "./config.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A refusal answered before the route runs; the header tells the SSR layer it is a resource response, not an RSC payload. */
function refuse(): Response {
  const response = apiError(403, "Cross-site request refused");
  response.headers.set("React-Router-Resource", "true");
  return response;
}

/**
 * The JSON API refuses state-changing requests from other sites: a foreign
 * Origin, or (without Origin) a cross-site Sec-Fetch-Site. Requests with
 * neither header come from non-browser clients, which cannot carry a
 * victim's cookies. Page actions have React Router's own origin check.
 */
export const apiCsrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/api/") || SAFE_METHODS.has(request.method)) return next();
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    const allowed = new Set([url.origin, getConfig().appUrl.origin]);
    if (!allowed.has(origin)) return refuse();
  } else {
    const site = request.headers.get("Sec-Fetch-Site");
    if (site !== null && site !== "same-origin" && site !== "none") return refuse();
  }
  return next();
};
