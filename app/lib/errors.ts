/**
 * What kind of "no" a rule of the domain gave. The operations throw it; the adapters decide what it becomes
 * (an HTTP status for the JSON API in operation-answers.server.ts, a toast for a page).
 */
export type RefusalKind = "invalid" | "forbidden" | "not_found" | "conflict" | "too_large" | "rate_limited";

/** A rule of the domain said no: its kind and message travel to the API and the UI unchanged. */
export class DomainError extends Error {
  readonly kind: RefusalKind;
  constructor(kind: RefusalKind, message: string) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
  }
}

export const invalid = (message: string) => new DomainError("invalid", message);
export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
export const forbidden = (message: string) => new DomainError("forbidden", message);

/**
 * A limit on how often someone may do something (rate-limit.server.ts, or a rule of the domain such as a provider's
 * cancellations): refused until `retryAfterSeconds` pass. `reason` says which limit when it is not the plain one.
 */
export class RateLimited extends DomainError {
  readonly retryAfterSeconds: number;
  readonly reason: string | null;
  constructor(retryAfterSeconds: number, reason: string | null = null) {
    super("rate_limited", `${reason ?? "Too many requests"}, try again in ${retryAfterSeconds} s`);
    this.name = "RateLimited";
    this.retryAfterSeconds = retryAfterSeconds;
    this.reason = reason;
  }
}
