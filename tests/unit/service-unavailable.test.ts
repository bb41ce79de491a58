import { describe, expect, it } from "vitest";

import { isServiceUnavailable, serviceUnavailableResponse, withServiceUnavailable } from "../../app/http/service-unavailable.server";

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("isServiceUnavailable", () => {
  it("recognises a database that cannot be reached, also when wrapped the way drizzle wraps driver errors", () => {
    for (const code of ["ECONNREFUSED", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECT_TIMEOUT", "57P01", "57P03", "08006"]) {
      expect(isServiceUnavailable(coded(code)), code).toBe(true);
    }
    expect(isServiceUnavailable(new Error("Failed query: select 1", { cause: coded("57P01") }))).toBe(true);
    expect(isServiceUnavailable(Object.assign(new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")]), { code: undefined }))).toBe(true);
  });

  it("leaves every other failure a failure (a constraint, a bad query, a plain bug)", () => {
    for (const error of [
      coded("23505"),
      coded("42P01"),
      new TypeError("x is undefined"),
      new Error("Failed query", { cause: coded("22P02") }),
      null,
      "ECONNREFUSED",
    ]) {
      expect(isServiceUnavailable(error)).toBe(false);
    }
  });
});

describe("answers while the database is unreachable", () => {
  it("API: 503 with a plain-text body and Retry-After", async () => {
    const response = serviceUnavailableResponse();
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.text()).toBe("Service unavailable");
  });

  it("pages: 503, and the error boundary gets a route error response instead of the driver's error", () => {
    const match = {
      statusCode: 500,
      headers: new Headers({ "Content-Type": "text/x-component" }),
      payload: { type: "render", errors: { root: coded("ECONNREFUSED") } },
    } as unknown as Parameters<typeof withServiceUnavailable>[0];
    const answered = withServiceUnavailable(match);
    expect(answered.statusCode).toBe(503);
    expect(answered.headers.get("Retry-After")).toBe("5");
    expect((answered.payload as { errors: Record<string, unknown> }).errors.root).toEqual({
      status: 503,
      statusText: "Service Unavailable",
      internal: false,
      data: "Service unavailable",
    });
    const otherFailure = { ...match, payload: { type: "render", errors: { root: new Error("bug") } } } as unknown as typeof match;
    expect(withServiceUnavailable(otherFailure)).toBe(otherFailure);
  });
});
