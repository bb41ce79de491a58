import "server-only";

import type { MiddlewareFunction } from "react-router";

import { apiError } from "~/http/api.server";

/**
 * An /api/ path no route serves matches only the catch-all page route (its
 * params hold "*"): it gets the API's plain-text 404 (spec §8), not the HTML
 * 404 page, whatever its method.
 */
export const apiNotFoundMiddleware: MiddlewareFunction<Response> = async ({ request, params }, next) => {
  if (params["*"] === undefined || !new URL(request.url).pathname.startsWith("/api/")) return next();
  return apiError(404, "Not Found");
};
