import "server-only";
import { API_ENDPOINTS } from "./api-endpoints.server";
import { apiError } from "./api.server";

// The methods each /api route takes, from the table the OpenAPI document is made of: a 405 names them in `Allow`
// (RFC 9110 requires it), and OPTIONS answers with them instead of running the route's read handler.

const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** Route pattern (/api/jobs/:id) → "GET, HEAD, POST". */
const allowByPattern = new Map<string, string>();
const endpointsByPattern = Map.groupBy(API_ENDPOINTS, (endpoint) => endpoint.path.replace(/\{(\w+)\}/g, ":$1"));
for (const [pattern, endpoints] of endpointsByPattern) {
  const methods = endpoints.flatMap(({ method }) => (method === "get" ? ["GET", "HEAD"] : [method.toUpperCase()]));
  allowByPattern.set(pattern, methods.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).join(", "));
}

/** The `Allow` value of an /api route pattern, or undefined for a pattern that is no API route. */
export function allowedMethods(pattern: string): string | undefined {
  return allowByPattern.get(pattern);
}

/** OPTIONS on an API route: 204 with `Allow` (no CORS: the API serves only its own origin), 404 on no route. */
export function apiOptionsResponse(pattern: string): Response {
  const allow = allowedMethods(pattern);
  if (!allow) return apiError(404, "Not Found");
  return new Response(null, { status: 204, headers: { Allow: allow, "Cache-Control": "no-store" } });
}
