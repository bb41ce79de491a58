import "server-only";

import type { unstable_RSCMatch as RSCMatch } from "react-router";

import { apiError } from "~/http/api.server";

/** Error codes that mean the database (or another backing service) could not be reached, not that a request was wrong. */
const UNREACHABLE_CODES = new Set([
  // Node sockets
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // postgres.js
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  // PostgreSQL: shutting down, crashed, starting up, out of connections (class 08, connection exceptions, below)
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** Seconds a client should wait before retrying (the database is normally back within this). */
export const RETRY_AFTER_SECONDS = 5;

/** True when the error, or one it wraps (drizzle wraps driver errors as `cause`), is a failed connection. */
export function isServiceUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (current instanceof AggregateError && current.errors.some(isServiceUnavailable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The JSON API's (and other resource routes') answer: 503 "Service unavailable". */
export function serviceUnavailableResponse(): Response {
  const response = apiError(503, "Service unavailable");
  response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  // Tells the SSR layer this is a resource response, not an RSC payload.
  response.headers.set("React-Router-Resource", "true");
  return response;
}

/** What a page's error boundary receives instead: a route error response (a plain object, as React Router sends them). */
const UNAVAILABLE_ROUTE_ERROR = {
  status: 503,
  statusText: "Service Unavailable",
  internal: false,
  data: "Service unavailable",
};

/**
 * A page whose loaders, action or middleware failed to reach the database
 * answers 503 with a Retry-After, and its error boundary learns why.
 */
export function withServiceUnavailable(match: RSCMatch): RSCMatch {
  const { payload } = match;
  if (payload.type !== "render" || !payload.errors) return match;
  let unavailable = false;
  const errors = Object.fromEntries(
    Object.entries(payload.errors).map(([routeId, error]) => {
      if (!isServiceUnavailable(error)) return [routeId, error];
      unavailable = true;
      return [routeId, UNAVAILABLE_ROUTE_ERROR];
    }),
  );
  if (!unavailable) return match;
  const headers = new Headers(match.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return { statusCode: 503, headers, payload: { ...payload, errors } };
}
