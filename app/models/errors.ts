// A rule of the domain said no: the status and message travel to the API and the UI unchanged.
export class DomainError extends Error {
  readonly status: 400 | 403 | 404 | 409 | 413 | 429;
  constructor(status: 400 | 403 | 404 | 409 | 413 | 429, message: string) {
    super(message);
    this.name = "DomainError";
    this.status = status;
  }
}

export const notFound = (message: string) => new DomainError(404, message);
export const conflict = (message: string) => new DomainError(409, message);
export const forbidden = (message: string) => new DomainError(403, message);

/** A limit on how often someone may do something (rate-limit.server.ts): refused until `retryAfterSeconds` pass. */
export class RateLimited extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, `Too many requests, try again in ${retryAfterSeconds} s`);
    this.name = "RateLimited";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
