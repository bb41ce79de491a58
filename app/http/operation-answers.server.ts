import "server-only";

import type { RouterContextProvider } from "react-router";

import { apiError } from "~/http/api.server";
import { tooManyRequests, tooManyRequestsToast } from "~/http/rate-limit-answers.server";
import { flashToast } from "~/http/request-session.server";
import type { Toast } from "~/http/session.server";
import { log } from "~/infra/logger.server";
import { DomainError, RateLimited, type RefusalKind } from "~/lib/errors";
import { errorToast } from "~/lib/toast";

// The two adapters between an operation (app/operations/) and HTTP: the JSON API's answer (spec §8: the status and
// a plain-text reason, given by the endpoints of api-route.server.ts) and a page action's flashed toast. Errors other
// than a refused rule propagate (a 500 or the error page): they are bugs or outages, not answers.

/** The JSON API's status for each kind of refusal (spec §8). */
export const HTTP_STATUS: Record<RefusalKind, 400 | 403 | 404 | 409 | 413 | 429> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
};

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
  return failure ?? errorToast(error.message);
}
