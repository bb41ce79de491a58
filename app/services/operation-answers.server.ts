import "server-only";
import type { RouterContextProvider } from "react-router";
import { DomainError, RateLimited, type RefusalKind } from "../models/errors";
import type { z } from "zod";
import type { User } from "../models/user.server";
import { apiError, json, parseJson, requireApiUser, requireMethod } from "./api.server";
import { tooManyRequests, tooManyRequestsToast } from "./rate-limit-answers.server";
import { log } from "./logger.server";
import { flashToast } from "./request-session.server";
import type { Toast } from "./session.server";

// The two adapters between an operation (app/operations/) and HTTP: the JSON API's answer (spec §8: the status and
// a plain-text reason) and a page action's flashed toast. Errors other than a refused rule propagate (a 500 or the
// error page): they are bugs or outages, not answers.

/** The JSON API's status for each kind of refusal (spec §8). */
export const HTTP_STATUS: Record<RefusalKind, 400 | 403 | 404 | 409 | 413 | 429> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
};

/** An operation's result as JSON (`init` gives e.g. 201); a refused rule as its 4xx, a limit as 429 with Retry-After. */
export async function answerJson<T>(run: () => Promise<T>, init?: ResponseInit): Promise<Response> {
  try {
    return json(await run(), init);
  } catch (error) {
    throw refusalResponse(error);
  }
}

/** The JSON answer of a refused rule; anything else is thrown on unchanged. */
export function refusalResponse(error: unknown): unknown {
  if (error instanceof RateLimited) return tooManyRequests(error.retryAfterSeconds, error.reason ?? undefined);
  if (error instanceof DomainError) return apiError(HTTP_STATUS[error.kind], error.message);
  return error;
}

/** How the operation went: its value, or the error, the toast shown and the reason (a refusal's message, else the toast's). */
export type PageOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown; toast: Toast; reason: string };

export interface PageToasts<T> {
  /** Flashed when the operation succeeds. */
  success?: Toast | ((value: T) => Toast | undefined);
  /**
   * Flashed when a rule refused it: the spec's words for the failure (§8), or a function of the refusal. Without
   * it, the refusal's own message. A limit always says when to try again.
   */
  failure?: Toast | ((error: DomainError) => Toast);
  /**
   * Given, any other error (a bug, an outage) is logged and answered with this toast too, as a form the user can
   * send again; without it, it propagates to the error page.
   */
  unexpected?: Toast;
}

/** Runs an operation for a page action and flashes its toast; the action then redirects. */
export async function runForPage<T>(
  context: Readonly<RouterContextProvider>,
  run: () => Promise<T>,
  toasts: PageToasts<T> = {},
): Promise<PageOutcome<T>> {
  try {
    const value = await run();
    const success = typeof toasts.success === "function" ? toasts.success(value) : toasts.success;
    if (success) flashToast(context, success);
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof DomainError)) {
      if (!toasts.unexpected) throw error;
      log().error({ err: error }, "an operation failed");
      flashToast(context, toasts.unexpected);
      return { ok: false, error, toast: toasts.unexpected, reason: toasts.unexpected.description ?? toasts.unexpected.title };
    }
    const toast = failureToast(error, toasts.failure);
    flashToast(context, toast);
    return { ok: false, error, toast, reason: error.message };
  }
}

function failureToast(error: DomainError, failure: PageToasts<unknown>["failure"]): Toast {
  if (error instanceof RateLimited) return tooManyRequestsToast(error.retryAfterSeconds, error.reason);
  if (typeof failure === "function") return failure(error);
  return failure ?? { title: "Error", description: error.message, variant: "destructive" };
}

/**
 * The route action of a JSON API write (`POST /api/jobs`, …): POST only, the signed-in user, the body parsed with
 * the operation's schema, then the operation's value as JSON (`init` gives e.g. 201) or its refusal (§8).
 */
export function jsonWrite<S extends z.ZodType, T>(
  schema: S,
  operation: (actor: User, input: z.infer<S>) => Promise<T>,
  init?: ResponseInit,
): (args: { request: Request; context: Readonly<RouterContextProvider> }) => Promise<Response> {
  return async ({ request, context }) => {
    requireMethod(request, "POST");
    const user = await requireApiUser(context);
    const input = await parseJson(request, schema);
    return answerJson(() => operation(user, input), init);
  };
}

/** A method an API route does not take: 405 with the reason alone (§8), as the OpenAPI document says. */
function methodNotAllowed(): Response {
  return apiError(405, "Method not allowed");
}

/** The loader of a write-only API route: a GET is 405. */
export const writeOnly = methodNotAllowed;

/**
 * The action of a read-only API route: a POST, PUT, PATCH or DELETE is 405. Without it React Router answers with
 * its own text, which names the route's module.
 */
export const readOnly = methodNotAllowed;
