import { describe, expect, it } from "vitest";

import { addressKey, resolveClientAddress } from "~/http/client-address.server";
import { isOwnOrigin } from "~/http/origin.server";
import { baseSecurityHeaders, createNonce, documentPolicy } from "~/http/security-headers.server";
import { parseConfig } from "~/infra/config.server";
import { serializeError } from "~/infra/logger.server";
import { scaledPoints } from "~/infra/rate-limit.server";

import { EXTERNAL_OIDC_ENV, PUBLIC_APP_URL } from "../support/env.ts";

describe("the client's address", () => {
  it("is the socket's unless proxies are trusted", () => {
    expect(resolveClientAddress("192.0.2.1", "203.0.113.9", 0)).toBe("192.0.2.1");
    expect(resolveClientAddress(null, null, 0)).toBe("unknown");
  });

  it("behind trusted proxies, is the entry the outermost one appended: what the client wrote is ignored", () => {
    expect(resolveClientAddress("10.0.0.2", "203.0.113.9", 1)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", "1.2.3.4, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", "1.2.3.4, 203.0.113.9, 10.0.0.1", 2)).toBe("203.0.113.9");
    // Fewer entries than proxies: the leftmost there is.
    expect(resolveClientAddress("10.0.0.2", "203.0.113.9", 3)).toBe("203.0.113.9");
    // A trusted proxy that sent no header: the socket.
    expect(resolveClientAddress("10.0.0.2", null, 1)).toBe("10.0.0.2");
  });

  it("counts IPv4 as it is (also IPv4-mapped IPv6) and IPv6 by its /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:aa:1:2:3:4:5")).toBe("2001:db8:aa:1::/64");
    expect(addressKey("2001:db8:aa:1::5")).toBe(addressKey("2001:0db8:00aa:0001:ffff::1"));
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8:aa:1::5")).not.toBe(addressKey("2001:db8:aa:2::5"));
  });
});

describe("rate limits", () => {
  it("scale with the multiplier and never drop below one request", () => {
    expect(scaledPoints("messages", 1)).toBe(30);
    expect(scaledPoints("messages", 1000)).toBe(30_000);
    expect(scaledPoints("messages", 0.5)).toBe(15);
    expect(scaledPoints("jobs", 0.0001)).toBe(1);
  });
});

describe("security headers", () => {
  it("HSTS only in production", () => {
    expect(baseSecurityHeaders({ production: false })["Strict-Transport-Security"]).toBeUndefined();
    expect(baseSecurityHeaders({ production: true })["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(baseSecurityHeaders({ production: true })).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });

  it("the document policy names external storage and identity provider, and allows eval only when asked", () => {
    const config = parseConfig({
      APP_URL: PUBLIC_APP_URL,
      ...EXTERNAL_OIDC_ENV,
      S3_ENDPOINT: "https://s3.us-east-1.amazonaws.com",
      S3_PUBLIC_URL: "https://photos.example.net/bucket",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    const nonce = createNonce();
    const policy = documentPolicy({ nonce, pageOrigin: "https://nearhand.example.com", config });
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}';`);
    expect(policy).toContain("connect-src 'self' wss://nearhand.example.com https://photos.example.net;");
    expect(policy).toContain("img-src 'self' data: blob: https: https://photos.example.net;");
    expect(policy).toContain("form-action 'self' https://id.example.com;");
    expect(policy).not.toContain("unsafe-eval");
    expect(documentPolicy({ nonce, pageOrigin: "http://localhost:3000", config, allowEval: true })).toContain(
      `script-src 'self' 'nonce-${nonce}' 'unsafe-eval';`,
    );
  });

  it("a nonce is fresh every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
  });
});

describe("a live socket's origin", () => {
  const appUrl = new URL("http://localhost:3000");

  it("is ours when scheme, host and port are APP_URL's", () => {
    expect(isOwnOrigin("http://localhost:3000", appUrl)).toBe(true);
    expect(isOwnOrigin("https://nearhand.example", new URL("https://nearhand.example"))).toBe(true);
  });

  it("is foreign when any of scheme, host or port differs, it is not an origin at all, or it is only the Host's", () => {
    expect(isOwnOrigin("https://localhost:3000", appUrl)).toBe(false);
    expect(isOwnOrigin("http://localhost:3001", appUrl)).toBe(false);
    expect(isOwnOrigin("http://evil.example", appUrl)).toBe(false);
    expect(isOwnOrigin("http://localhost:3000/", appUrl)).toBe(false);
    expect(isOwnOrigin("null", appUrl)).toBe(false);
    expect(isOwnOrigin(undefined, appUrl)).toBe(false);
    expect(isOwnOrigin("http://127.0.0.1:3000", appUrl)).toBe(false);
    expect(isOwnOrigin("http://nearhand.example", new URL("https://nearhand.example"))).toBe(false);
  });
});

describe("logged errors", () => {
  it("carry a failed query's SQL but not its values (emails and names are personal data)", async () => {
    const { DrizzleQueryError } = await import("drizzle-orm/errors");
    const cause = Object.assign(new Error("value too long for type character varying(100)"), {
      code: "22001",
      detail: "Key (email)=(ada@example.com) already exists.",
    });
    const error = new DrizzleQueryError('insert into "users" ("email", "first_name") values ($1, $2)', ["ada@example.com", "Ada"], cause);
    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain("ada@example.com");
    expect(text).not.toContain('"Ada"');
    expect(serialized.message).toContain('Failed query: insert into "users" ("email", "first_name") values ($1, $2)');
    expect(serialized.message).toContain("value too long");
    expect(serialized.stack).toContain("Failed query: insert into");
    expect(JSON.stringify(serializeError(new Error("plain")))).toContain("plain");
  });
});
