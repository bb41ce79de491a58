// Security headers on every kind of response (decision 0020): documents carry
// a nonce-based Content-Security-Policy whose nonce is on every inline script,
// everything else a locked-down one; HSTS and `Secure` cookies only in production.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appServerForFile, startAppServer, type AppServer } from "../support/app-server.ts";
import { TEST_VAPID_ENV } from "../support/env.ts";
import { startExternalOidc, type ExternalOidc } from "../support/external-oidc.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

const LOCKED_DOWN = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const app = appServerForFile();

function expectBaseHeaders(response: Response, label: string) {
  expect(response.headers.get("X-Content-Type-Options"), label).toBe("nosniff");
  expect(response.headers.get("X-Frame-Options"), label).toBe("DENY");
  expect(response.headers.get("Referrer-Policy"), label).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("Content-Security-Policy"), label).toContain("frame-ancestors 'none'");
  expect(response.headers.get("Strict-Transport-Security"), label).toBeNull();
}

/** The policy's directives by name. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function nonceOf(policy: string | null): string {
  const source = directives(policy)
    .get("script-src")
    ?.find((s) => s.startsWith("'nonce-"));
  expect(source, `a nonce in ${policy}`).toBeDefined();
  return source!.slice("'nonce-".length, -1);
}

/** Every <script> without a src attribute, as its opening tag. */
function inlineScriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]).filter((tag) => !/\ssrc=/i.test(tag));
}

describe("an HTML document", () => {
  it("has a nonce-based policy that allows what the app loads and nothing inline without the nonce", async () => {
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("policy"));
    const response = await client.request("/");
    expect(response.status).toBe(200);
    expectBaseHeaders(response, "document");
    const policy = directives(response.headers.get("Content-Security-Policy"));
    expect(policy.get("script-src")).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{24}'$/)]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    // The live channel, and the embedded storage Uppy uploads to (here: this origin's /_storage).
    expect(policy.get("connect-src")).toEqual(["'self'", `ws://localhost:${app.port}`, app.url]);
    // Sign-in redirects go to the identity provider (here: the embedded one at /oidc).
    expect(policy.get("form-action")).toEqual(["'self'", app.url]);
    expect(policy.get("img-src")).toEqual(expect.arrayContaining(["'self'", "data:", "blob:", app.url]));
  });

  it("puts the nonce on every inline script, a fresh one per request", async () => {
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("nonce"));
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await client.request("/");
      const nonce = nonceOf(response.headers.get("Content-Security-Policy"));
      const tags = inlineScriptTags(await response.text());
      // React's bootstrap, the RSC payload chunks and <ScrollRestoration>.
      expect(tags.length).toBeGreaterThanOrEqual(3);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("a visitor's landing page is served from memory: the same bytes each time, no inline script allowed, every header", async () => {
    const first = await fetch(`${app.url}/`, { headers: { "Accept-Encoding": "identity" } });
    const second = await fetch(`${app.url}/`, { headers: { "Accept-Encoding": "identity" } });
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expectBaseHeaders(response, "visitor page");
      const policy = directives(response.headers.get("Content-Security-Policy"));
      // No script in the page, so no nonce either: nothing inline can run.
      expect(policy.get("script-src")).toEqual(["'self'"]);
      expect(policy.get("connect-src")).toEqual(["'self'", `ws://localhost:${app.port}`, app.url]);
      expect(response.headers.get("X-Request-Id")).toBeTruthy();
    }
    expect(first.headers.get("X-Request-Id")).not.toBe(second.headers.get("X-Request-Id"));
    const [a, b] = [await first.text(), await second.text()];
    expect(a).toBe(b);
    expect(a).toContain("Urgent help from people nearby");
    expect(inlineScriptTags(a)).toEqual([]);
    // Compressed once, and decoded to the same page.
    const brotli = await fetch(`${app.url}/`, { headers: { "Accept-Encoding": "br" } });
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(brotli.headers.get("Vary")).toContain("Accept-Encoding");
    expect(await brotli.text()).toBe(a);
  });

  it("a visitor's 404 page is one page kept for every unknown path, with a real 404 and every header", async () => {
    const pages = [];
    for (const path of ["/no-such-page", "/no-such-page", "/another/missing-page", "/jobs/"]) {
      const response = await fetch(`${app.url}${path}`, { headers: { "Accept-Encoding": "identity" } });
      expect(response.status, path).toBe(404);
      expectBaseHeaders(response, path);
      expect(directives(response.headers.get("Content-Security-Policy")).get("script-src"), path).toEqual(["'self'"]);
      pages.push(await response.text());
    }
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain("404 Page Not Found");
    expect(inlineScriptTags(pages[0])).toEqual([]);
    // Pages that exist, and React Router's payload requests for unknown paths, are never the kept 404 page.
    expect((await fetch(`${app.url}/my-jobs`, { redirect: "manual" })).status).not.toBe(404);
    const payload = await fetch(`${app.url}/no-such-page.rsc`);
    expect(payload.headers.get("Content-Type") ?? "").not.toContain("text/html");
    const api = await fetch(`${app.url}/api/no-such-endpoint`);
    expect(await api.text()).not.toContain("404 Page Not Found");
  });

  it("a visitor with any cookie, or a query, gets the page rendered for them", async () => {
    const withCookie = await fetch(`${app.url}/`, { headers: { Cookie: "theme=dark" } });
    expect(directives(withCookie.headers.get("Content-Security-Policy")).get("script-src")).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
    const withQuery = await fetch(`${app.url}/?utm_source=mail`);
    expect(directives(withQuery.headers.get("Content-Security-Policy")).get("script-src")).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
    expect(await withQuery.text()).toContain("Urgent help from people nearby");
  });

  it("a signed-out visitor's page has no script at all (decision 0029)", async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).toContain("Urgent help from people nearby");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("modulepreload");
  });

  it("a signed-in page and a 404 page carry it too", async () => {
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("headers"));
    for (const [path, status] of [
      ["/post-job", 200],
      ["/no-such-page", 404],
    ] as const) {
      const response = await client.request(path);
      expect(response.status, path).toBe(status);
      expectBaseHeaders(response, path);
      const nonce = nonceOf(response.headers.get("Content-Security-Policy"));
      for (const tag of inlineScriptTags(await response.text())) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
  });

  it("rendered for a signed-in user, a page and its RSC payload are stored by no cache at all: back after sign-out shows no profile", async () => {
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("cache"));
    for (const path of ["/", "/profile", "/post-job", "/post-job.rsc", "/profile.rsc", "/no-such-page"]) {
      const response = await client.request(path);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      await response.body?.cancel();
    }
  });

  it("rendered for a visitor, a page is kept by no shared cache, and the browser asks again before reusing it (decision 0020)", async () => {
    for (const [path, headers] of [
      ["/", { Cookie: "unrelated=1" }],
      ["/no-such-page", { Cookie: "unrelated=1" }],
      ["/", {}],
      ["/no-such-page", {}],
    ] as const) {
      const response = await fetch(`${app.url}${path}`, { headers });
      expect(response.headers.get("Cache-Control"), `${path} ${JSON.stringify(headers)}`).toBe("private, no-cache");
      await response.body?.cancel();
    }
  });
});

describe("everything else", () => {
  it("JSON, RSC payloads, static files, redirects, /healthz and plain-text errors are locked down", async () => {
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("headers"));
    const html = await (await client.request("/")).text();
    const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const cases: Array<[string, Promise<Response>, number]> = [
      ["API JSON", client.request("/api/auth/user"), 200],
      ["API error", fetch(`${app.url}/api/auth/user`), 401],
      ["RSC payload", client.request("/post-job.rsc"), 200],
      ["static asset", fetch(`${app.url}${asset}`), 200],
      ["public file", fetch(`${app.url}/favicon.svg`), 200],
      ["page redirect", fetch(`${app.url}/post-job`, { redirect: "manual" }), 302],
      ["sign-in redirect", fetch(`${app.url}/api/login`, { redirect: "manual" }), 302],
      ["health check", fetch(`${app.url}/healthz`), 200],
      ["image not found", fetch(`${app.url}/images/nothing.png`), 404],
    ];
    for (const [label, pending, status] of cases) {
      const response = await pending;
      expect(response.status, label).toBe(status);
      expectBaseHeaders(response, label);
      expect(response.headers.get("Content-Security-Policy"), label).toBe(LOCKED_DOWN);
      await response.body?.cancel();
    }
  });

  it("the embedded sign-in page has its own policy: inline styles, no scripts, its form may lead back to the app", async () => {
    const client = new HttpClient(app.url);
    const { response, url } = await client.navigate("/api/login");
    expect(url).toContain("/oidc/interaction/");
    expectBaseHeaders(response, "sign-in page");
    const policy = directives(response.headers.get("Content-Security-Policy"));
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("style-src")).toEqual(["'unsafe-inline'"]);
    expect(policy.get("form-action")).toEqual(["'self'", app.url]);
    expect(policy.has("script-src")).toBe(false);
    expect(inlineScriptTags(await response.text())).toEqual([]);
  });
});

function sessionCookie(lines: string[]): string {
  const line = lines.filter((l) => l.startsWith("nearhand_session=") && !/max-age=0/i.test(l)).at(-1);
  expect(line, "a session cookie was set").toBeDefined();
  return line!;
}

/** Signs in and returns every Set-Cookie line the sign-in answered with. */
async function signInRecordingCookies(client: HttpClient): Promise<string[]> {
  const lines: string[] = [];
  const request = client.request.bind(client);
  client.request = async (target, init) => {
    const response = await request(target, init);
    lines.push(...response.headers.getSetCookie());
    return response;
  };
  await client.signIn(uniqueEmail("cookie"));
  expect((await client.request("/api/auth/user")).status).toBe(200);
  return lines;
}

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and, on http outside production, not Secure", async () => {
    const cookie = sessionCookie(await signInRecordingCookies(new HttpClient(app.url)));
    expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/;\s*Secure(;|$)/i);
  });
});

describe("in production", () => {
  // A production server needs a real identity provider: the development one,
  // run here in the test, stands in for it (production refuses to embed it).
  let production: AppServer;
  let identityProvider: ExternalOidc;

  beforeAll(async () => {
    identityProvider = await startExternalOidc();
    production = await startAppServer({
      NODE_ENV: "production",
      SESSION_SECRET: "a-long-production-session-secret",
      ...identityProvider.env,
      // Never reached by these tests.
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_ACCESS_KEY_ID: "unused",
      S3_SECRET_ACCESS_KEY: "unused",
      SMTP_URL: "smtp://127.0.0.1:9",
      ...TEST_VAPID_ENV,
    });
    await identityProvider.accept(production.url);
  });
  afterAll(async () => {
    await production?.stop();
    await identityProvider?.stop();
  });

  it("every response has HSTS", async () => {
    for (const path of ["/", "/healthz", "/favicon.svg", "/api/auth/user"]) {
      const response = await fetch(`${production.url}${path}`);
      expect(response.headers.get("Strict-Transport-Security"), path).toBe("max-age=31536000; includeSubDomains");
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      await response.body?.cancel();
    }
  });

  it("the document's form-action allows the external identity provider", async () => {
    const response = await fetch(`${production.url}/`);
    const issuerOrigin = new URL(identityProvider.issuer).origin;
    expect(directives(response.headers.get("Content-Security-Policy")).get("form-action")).toEqual(["'self'", issuerOrigin]);
    await response.body?.cancel();
  });

  it("has none of the development pages (the mailbox, the routes that fail on purpose) and no open /metrics", async () => {
    // /metrics too: production serves it only with METRICS_TOKEN set (tests/integration/metrics.test.ts).
    for (const path of ["/dev/mail", "/dev/fail/resource", "/dev/fail/loader", "/dev/fail/render", "/metrics"]) {
      const response = await fetch(`${production.url}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
  });

  it("the session cookie is Secure, HttpOnly, SameSite=Lax, Path=/", async () => {
    const cookie = sessionCookie(await signInRecordingCookies(new HttpClient(production.url)));
    expect(cookie).toMatch(/;\s*Secure(;|$)/i);
    expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
  });
});
