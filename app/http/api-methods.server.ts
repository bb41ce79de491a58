import "server-only";

import { endpointsOf } from "~/http/api-registry.server";
import { apiError } from "~/http/api.server";

// The methods each /api route takes, as its module declares them (api-registry.server.ts): a 405 names them in
// `Allow` (RFC 9110 requires it), and OPTIONS answers with them instead of running the route's read handler.

const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** Route pattern (/api/jobs/:id) → "GET, HEAD, POST", once its module has been read. */
const allowByPattern = new Map<string, string | undefined>();

/** The `Allow` value of an /api route pattern, or undefined for a pattern that is no API route. */
export async function allowedMethods(pattern: string): Promise<string | undefined> {
  if (allowByPattern.has(pattern)) return allowByPattern.get(pattern);
  const endpoints = await endpointsOf(pattern);
  const methods = Object.keys(endpoints ?? {}).flatMap((method) => (method === "get" ? ["GET", "HEAD"] : [method.toUpperCase()]));
  const allow = methods.length ? methods.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).join(", ") : undefined;
  // Only the patterns of routes are kept (routePatternOf gives a route's pattern or "unmatched").
  if (endpoints) allowByPattern.set(pattern, allow);
  return allow;
}

/** OPTIONS on an API route: 204 with `Allow` (no CORS: the API serves only its own origin), 404 on no route. */
export async function apiOptionsResponse(pattern: string): Promise<Response> {
  const allow = await allowedMethods(pattern);
  if (!allow) return apiError(404, "Not Found");
  return new Response(null, { status: 204, headers: { Allow: allow, "Cache-Control": "no-store" } });
}
