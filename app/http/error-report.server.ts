import "server-only";

// Every error nobody expected is logged once, with the request's id (the request logger) and its stack: React
// Router hands resource-route and action errors to onError, keeps loader errors in the payload it renders, and
// React reports errors thrown while rendering server components to the render's onError; by default none of
// these reaches a log.
import { isRouteErrorResponse } from "react-router";

import { isServiceUnavailable } from "~/http/service-unavailable.server";
import { log } from "~/infra/logger.server";

export type ErrorOrigin = "route" | "loader" | "render";

const reported = new WeakSet<object>();

/**
 * Logs `error` unless it is an answer (a thrown Response or data()), or was logged already. An error that is only
 * `request`'s client having gone is told as that: node-fetch-server aborts the request when its connection closes,
 * and React Router's middleware and a body still being read throw the abort's reason.
 */
export function reportError(error: unknown, origin: ErrorOrigin, request?: Request): void {
  if (error instanceof Response || isRouteErrorResponse(error) || isDataWithResponseInit(error)) return;
  if (typeof error === "object" && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  if (request?.signal.aborted && error === request.signal.reason) {
    log().info({ origin, method: request.method, path: new URL(request.url).pathname, reason: reasonOf(error) }, "client left before the answer");
  } else if (isServiceUnavailable(error)) {
    // The database being out of reach is expected now and then, answered with a 503 and told by /readyz.
    log().warn({ err: error, origin }, "database unreachable");
  } else {
    log().error({ err: error, origin }, "unexpected error");
  }
}

/** Why a connection closed: its error's code (ECONNRESET) or name (AbortError). */
function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error.name;
}

/** The errors of the routes a render payload carries (a loader or action threw). */
export function reportPayloadErrors(payload: unknown): void {
  const errors = (payload as { errors?: Record<string, unknown> | null } | null)?.errors;
  if (!errors) return;
  for (const error of Object.values(errors)) reportError(error, "loader");
}

/** A render's onError that reports what it is given and keeps React Router's digest. */
export function reportingRenderErrors(onError?: (error: unknown) => string | undefined | void) {
  return (error: unknown) => {
    const digest = onError?.(error);
    if (digest === undefined) reportError(error, "render");
    return digest;
  };
}

function isDataWithResponseInit(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}
