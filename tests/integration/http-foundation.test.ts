import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";

import { appServerForFile } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

const app = appServerForFile();

async function signedIn(label = "user") {
  const client = new HttpClient(app.url);
  const email = uniqueEmail(label);
  await client.signIn(email, "Ada", "Lovelace");
  return { client, email };
}

describe("health and pages", () => {
  it("answers /healthz (alive) and /readyz (database and live events working) with 200, never cached", async () => {
    for (const [path, text] of [
      ["/healthz", "ok"],
      ["/readyz", "ready"],
    ]) {
      const response = await fetch(`${app.url}${path}`);
      expect([response.status, await response.text(), response.headers.get("Cache-Control")], path).toEqual([200, text, "no-store"]);
    }
  });

  it("keeps an idle connection open longer than a load balancer's 60 s, so a reused one is never reset under it", async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${app.url}/healthz`, { agent: new http.Agent({ keepAlive: true }) }, resolve).on("error", reject);
    });
    answer.resume();
    expect(answer.headers["keep-alive"]).toBe("timeout=65");
  });

  it("serves the landing page to signed-out visitors with its calls to action", async () => {
    const response = await fetch(`${app.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Get Started");
    expect(html).toContain("Sign Up Now");
    expect(html).toContain('href="#features"');
  });

  it("answers unknown /api/ paths with the API's plain-text 404, signed in or not, whatever the method", async () => {
    const { client } = await signedIn("api-404");
    for (const [who, method, path] of [
      [new HttpClient(app.url), "GET", "/api/nope"],
      [client, "GET", "/api/jobs/1/nope"],
      [client, "POST", "/api/nope"],
      [client, "DELETE", "/api/users/switch-role/x"],
    ] as const) {
      const response = await who.request(path, { method, headers: { Origin: app.url } });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
      expect(await response.text()).toMatch(/^Not Found$/);
    }
  });

  it("answers requests no URL can hold (TRACE, `*`, an absolute target, a bad Host) with a 4xx, and logs no URL", async () => {
    const raw = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(app.url).port), "127.0.0.1", () => socket.end(`${head}\r\nConnection: close\r\n\r\n`));
        let answer = "";
        socket.on("data", (chunk) => (answer += chunk));
        socket.on("end", () => resolve(answer));
        socket.on("error", reject);
      });
    const host = new URL(app.url).host;
    for (const [head, status, text] of [
      [`TRACE / HTTP/1.1\r\nHost: ${host}`, 405, "Method Not Allowed"],
      [`PROPFIND / HTTP/1.1\r\nHost: ${host}`, 405, "Method Not Allowed"],
      [`OPTIONS * HTTP/1.1\r\nHost: ${host}`, 400, "The request target must be a path"],
      [`GET http://evil.example/x?code=fuzz-secret HTTP/1.1\r\nHost: ${host}`, 400, "The request target must be a path"],
      ["GET / HTTP/1.1\r\nHost: bad host", 400, "Invalid Host header"],
      ["GET /?code=fuzz-secret HTTP/1.1\r\nHost: a:b:c", 400, "Invalid Host header"],
    ] as const) {
      const answer = await raw(head);
      expect(answer.split("\r\n")[0], head).toBe(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`);
      expect(answer.split("\r\n\r\n")[1], head).toBe(text);
    }
    expect(app.output()).not.toContain("fuzz-secret");
  });

  it("answers unknown paths with a 404 page", async () => {
    const response = await fetch(`${app.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("404 Page Not Found");
  });

  it("serves hashed assets with an immutable cache header", async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const asset = html.match(/\/assets\/[^"]+\.css/)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${app.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("immutable");
  });

  it("sends signed-out visitors of app pages to sign-in, remembering the page", async () => {
    const response = await fetch(`${app.url}/switch-role?returnTo=%2F`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/api/login?returnTo=%2Fswitch-role%3FreturnTo%3D%252F");
  });
});

describe("sign-in and sessions", () => {
  it("answers /api/auth/user with 401 and a spec-style message when signed out", async () => {
    const response = await fetch(`${app.url}/api/auth/user`);
    expect(response.status).toBe(401);
    expect(await response.text()).toBe("Unauthorized");
  });

  it("answers every API error with the reason alone, so a spec client's message reads '<status>: <reason>' (§8)", async () => {
    const specMessage = async (response: Response) => `${response.status}: ${(await response.text()) || response.statusText}`;
    expect(await specMessage(await fetch(`${app.url}/api/auth/user`))).toBe("401: Unauthorized");
    const { client } = await signedIn("spec-errors");
    const review = { bookingId: "00000000-0000-4000-8000-000000000000", revieweeId: "00000000-0000-4000-8000-000000000000", rating: 9 };
    expect(await specMessage(await client.postJson("/api/reviews", review))).toBe("400: rating: Rating must be between 1 and 5");
    expect(await specMessage(await client.request("/api/no-such-endpoint"))).toBe("404: Not Found");
    expect(await specMessage(await client.request("/api/jobs/00000000-0000-4000-8000-000000000000"))).toBe("404: Job not found");
  });

  it("signs in through the embedded provider, creating the user from the claims", async () => {
    const client = new HttpClient(app.url);
    const email = uniqueEmail("Mixed.Case");
    const { url } = await client.signIn(email.toUpperCase(), "Grace", "Hopper", "/switch-role");
    expect(new URL(url).pathname).toBe("/switch-role");
    const response = await client.request("/api/auth/user");
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      firstName: "Grace",
      lastName: "Hopper",
      currentRole: "seeker",
      userType: "individual",
      isProviderOnline: false,
      averageRating: "0.00",
    });
  });

  it("issues a new session id at sign-in, so a session id seen before is worthless", async () => {
    const client = new HttpClient(app.url);
    // Visiting /api/login stores where to return in a pre-sign-in session.
    await client.request("/api/login?returnTo=%2F");
    const before = client.cookies.get("nearhand_session");
    expect(before).toBeDefined();
    await client.signIn(uniqueEmail("fixation"));
    const after = client.cookies.get("nearhand_session");
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const stale = await fetch(`${app.url}/api/auth/user`, { headers: { Cookie: `nearhand_session=${before}` } });
    expect(stale.status).toBe(401);
  });

  it("sets the session cookie httpOnly and SameSite=Lax", async () => {
    const response = await fetch(`${app.url}/api/login`, { redirect: "manual" });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("nearhand_session="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("ignores a foreign returnTo after sign-in", async () => {
    const client = new HttpClient(app.url);
    const { url } = await client.signIn(uniqueEmail("redirect"), "A", "B", "//evil.example/steal");
    expect(new URL(url).origin).toBe(app.url);
    expect(new URL(url).pathname).toBe("/");
  });

  it("signs out: the session ends and the API answers 401 again", async () => {
    const { client } = await signedIn("logout");
    const sessionCookie = client.cookieHeader();
    const response = await client.request("/api/logout", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    // The browser drops the pages it kept for the user: Back shows none of them.
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache"');
    expect((await client.request("/api/auth/user")).status).toBe(401);
    // The old cookie value no longer opens a session either: its row was deleted.
    const replay = await fetch(`${app.url}/api/auth/user`, { headers: { Cookie: sessionCookie } });
    expect(replay.status).toBe(401);
  });
});

describe("sign-out from another site", () => {
  it.each(["cross-site", "same-site", "none", undefined])(
    "a GET or HEAD with Sec-Fetch-Site %s ends nothing and answers a page whose POST form signs out",
    async (site) => {
      const { client } = await signedIn("logout-foreign");
      const headers: Record<string, string> = site ? { "Sec-Fetch-Site": site } : {};
      expect((await client.request("/api/logout", { method: "HEAD", headers })).status).toBe(200);
      const page = await client.request("/api/logout", { headers });
      expect(page.status).toBe(200);
      expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(page.headers.get("Content-Security-Policy")).toContain("form-action 'self'");
      const html = await page.text();
      expect(html).toContain('<form method="post" action="/api/logout"');
      expect(html).not.toContain("<script");
      expect((await client.request("/api/auth/user")).status).toBe(200);
      // The page's form, from another site: refused like every action.
      const foreign = await client.request("/api/logout", {
        method: "POST",
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });
      expect(foreign.status).toBe(403);
      expect((await client.request("/api/auth/user")).status).toBe(200);
      // The page's form, submitted from our origin.
      const confirmed = await client.postForm("/api/logout", {});
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get("Location")).toBe("/");
      expect(confirmed.headers.get("Clear-Site-Data")).toBe('"cache"');
      expect((await client.request("/api/auth/user")).status).toBe(401);
    },
  );
});

describe("React Router's own forms of an API path (its data and RSC requests)", () => {
  it.each([
    "/api/jobs/my-jobs.data",
    "/api/bookings/my-bookings.data",
    "/api/messages/conversations.data",
    "/api/users/switch-role.data",
    "/api/categories.data",
    "/api/auth/user.data",
    "/api/notifications/read-all.data",
    "/api/auth/user.rsc",
    "/api/jobs/available.rsc",
    "/api/users/toggle-online.rsc",
    "/api/openapi.json.manifest",
  ])("%s is a plain-text 404, naming no route module, signed in or not", async (path) => {
    const { client } = await signedIn("router-refusal");
    for (const caller of [client, new HttpClient(app.url)]) {
      for (const method of ["GET", "POST"]) {
        const write = method === "POST";
        const response = await caller.request(path, {
          method,
          headers: write ? { Origin: new URL(app.url).origin, "Content-Type": "application/json" } : {},
          body: write ? "{}" : undefined,
        });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.text()).toBe("Not Found");
      }
    }
  });
});

describe("sign-out by another method", () => {
  it.each(["HEAD", "OPTIONS"])("%s /api/logout from our own pages ends nothing", async (method) => {
    const { client } = await signedIn("logout-head");
    const response = await client.request("/api/logout", { method, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect((await client.request("/api/auth/user")).status).toBe(200);
  });

  it.each(["PUT", "PATCH", "DELETE"])("%s /api/logout from our own origin is refused with 405 and ends nothing", async (method) => {
    const { client } = await signedIn("logout-method");
    const response = await client.request("/api/logout", {
      method,
      headers: { Origin: new URL(app.url).origin, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(405);
    expect(await response.text()).toBe("Method not allowed");
    expect((await client.request("/api/auth/user")).status).toBe(200);
  });
});

describe("POST /api/users/switch-role", () => {
  it("refuses signed-out callers with 401", async () => {
    const client = new HttpClient(app.url);
    const response = await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" });
    expect(response.status).toBe(401);
  });

  it("refuses bad input with 4xx and a message, changing nothing", async () => {
    const { client } = await signedIn("badinput");
    const cases: Array<[RequestInit, number, RegExp]> = [
      [{ body: JSON.stringify({ newRole: "provider", userType: "company" }), headers: { "Content-Type": "application/json" } }, 400, /^userType: /],
      [{ body: JSON.stringify({ newRole: "admin", userType: "individual" }), headers: { "Content-Type": "application/json" } }, 400, /^newRole: /],
      [{ body: JSON.stringify({ userType: "business" }), headers: { "Content-Type": "application/json" } }, 400, /^newRole/],
      [{ body: "{not json", headers: { "Content-Type": "application/json" } }, 400, /^Request body is not valid JSON$/],
      [
        { body: "newRole=provider&userType=business", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
        415,
        /^Content-Type must be application\/json$/,
      ],
      [
        { body: JSON.stringify({ newRole: "provider", userType: "x".repeat(70_000) }), headers: { "Content-Type": "application/json" } },
        413,
        /^Request body is too large$/,
      ],
    ];
    for (const [init, status, message] of cases) {
      const response = await client.request("/api/users/switch-role", { method: "POST", ...init });
      expect(response.status, String(init.body).slice(0, 60)).toBe(status);
      expect(await response.text()).toMatch(message);
    }
    const user = await (await client.request("/api/auth/user")).json();
    expect(user).toMatchObject({ currentRole: "seeker", userType: "individual" });
  });

  it("switches the role together with the user type, and going back to seeker goes offline", async () => {
    const { client } = await signedIn("switcher");
    const response = await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "business" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ currentRole: "provider", userType: "business" });
    const back = await client.postJson("/api/users/switch-role", { newRole: "seeker", userType: "individual" });
    expect(await back.json()).toMatchObject({ currentRole: "seeker", userType: "individual", isProviderOnline: false });
  });

  it("answers GET with 405", async () => {
    const { client } = await signedIn("method");
    expect((await client.request("/api/users/switch-role")).status).toBe(405);
  });
});

describe("the /switch-role page form (no JavaScript)", () => {
  it("switches role, redirects back and flashes the toast once", async () => {
    const { client } = await signedIn("nojs");
    const response = await client.postForm("/switch-role", { newRole: "provider", userType: "business", returnTo: "/" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const home = await (await client.request("/")).text();
    expect(home).toContain("Role switched successfully");
    expect(home).toContain("You are now offering services.");
    expect(home).toContain("Provider dashboard");
    const again = await (await client.request("/")).text();
    expect(again).not.toContain("Role switched successfully");
  });

  it("redirects back to the form with the error and changes nothing on an invalid user type", async () => {
    const { client } = await signedIn("nojs-bad");
    const response = await client.postForm("/switch-role?returnTo=%2F", { newRole: "provider", userType: "guild", returnTo: "/" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/switch-role?returnTo=%2F");
    const page = await client.request("/switch-role?returnTo=%2F");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Choose individual or business");
    const user = await (await client.request("/api/auth/user")).json();
    expect(user.currentRole).toBe("seeker");
  });
});

describe("/ws upgrade", () => {
  function attempt(path: string, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://localhost:${app.port}${path}`, { headers });
      socket.on("open", () => {
        socket.close();
        resolve(101);
      });
      socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.on("error", reject);
    });
  }

  it("refuses an upgrade without a session with 401", async () => {
    expect(await attempt("/ws", { Origin: app.url })).toBe(401);
  });

  it("refuses a foreign origin with 403, including our host under another scheme or port", async () => {
    const { client } = await signedIn("ws-origin");
    expect(await attempt("/ws", { Origin: "http://evil.example", Cookie: client.cookieHeader() })).toBe(403);
    expect(await attempt("/ws", { Origin: app.url.replace("http:", "https:"), Cookie: client.cookieHeader() })).toBe(403);
    expect(await attempt("/ws", { Origin: `http://localhost:${app.port + 1}`, Cookie: client.cookieHeader() })).toBe(403);
  });

  it("takes APP_URL's origin only, never one that merely matches the Host the request names (a rebound name, another of ours)", async () => {
    const { client } = await signedIn("ws-host");
    for (const name of ["evil.example", "127.0.0.1"]) {
      const origin = `http://${name}:${app.port}`;
      expect(await attempt("/ws", { Origin: origin, Host: `${name}:${app.port}`, Cookie: client.cookieHeader() }), origin).toBe(403);
    }
  });

  it("accepts the signed-in user's own socket and refuses someone else's userId", async () => {
    const { client } = await signedIn("ws-ok");
    const me = await (await client.request("/api/auth/user")).json();
    const headers = { Origin: app.url, Cookie: client.cookieHeader() };
    expect(await attempt("/ws", headers)).toBe(101);
    expect(await attempt(`/ws?userId=${me.id}`, headers)).toBe(101);
    expect(await attempt("/ws?userId=00000000-0000-4000-8000-000000000000", headers)).toBe(403);
  });

  it("does not upgrade other paths", async () => {
    expect(await attempt("/not-ws", { Origin: app.url })).toBe(404);
  });
});

describe("cross-site requests", () => {
  it("are refused with 403 when the Origin or Sec-Fetch-Site is foreign, and change nothing", async () => {
    const { client } = await signedIn("csrf");
    const body = JSON.stringify({ newRole: "provider", userType: "business" });
    const foreign = await client.request("/api/users/switch-role", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body,
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toBe("Cross-site request refused");
    const crossSite = await client.request("/api/users/switch-role", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body,
    });
    expect(crossSite.status).toBe(403);
    expect((await (await client.request("/api/auth/user")).json()).currentRole).toBe("seeker");
    const sameOrigin = await client.request("/api/users/switch-role", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url, "Sec-Fetch-Site": "same-origin" },
      body,
    });
    expect(sameOrigin.status).toBe(200);
  });

  it("refuses form posts from other sites too, to pages and to resource routes alike", async () => {
    const { client } = await signedIn("csrf-page");
    const page = await client.postForm(
      "/switch-role",
      { newRole: "provider", userType: "business", returnTo: "/" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(page.status).toBe(403);
    expect((await (await client.request("/api/auth/user")).json()).currentRole).toBe("seeker");

    // A resource route's action is out of React Router's own origin check for page actions.
    const { client: provider } = await signedIn("csrf-resource");
    expect((await provider.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" })).status).toBe(200);
    const resource = await provider.postForm("/availability", { isOnline: "true" }, { headers: { Origin: "https://sub.evil.example" } });
    expect(resource.status).toBe(403);
    expect(await resource.text()).toBe("Cross-site request refused");
    expect((await (await provider.request("/api/auth/user")).json()).isProviderOnline).toBe(false);
    // The same post from the app itself goes through.
    expect((await provider.postForm("/availability", { isOnline: "true" })).status).toBe(302);
    expect((await (await provider.request("/api/auth/user")).json()).isProviderOnline).toBe(true);
  });
});

describe("request bodies", () => {
  const form = (client: HttpClient, path: string, body: BodyInit, contentType?: string) =>
    client.request(path, { method: "POST", headers: { Origin: app.url, ...(contentType ? { "Content-Type": contentType } : {}) }, body });
  const me = async (client: HttpClient) => (await (await client.request("/api/auth/user")).json()) as { firstName: string };

  /**
   * Sends the headers and 1 MB of an 11 MB multipart body, then waits: an answer before the rest is sent
   * proves the server decided without reading the body.
   */
  function answerBeforeBody(path: string, headers: Record<string, string>): Promise<{ status: number; location?: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${app.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": String(11 * 1024 * 1024), ...headers },
      });
      const timer = setTimeout(() => {
        request.destroy();
        reject(new Error("no answer while the body was still being sent: the server waited to read it"));
      }, 5000);
      request.on("response", (response) => {
        clearTimeout(timer);
        response.resume();
        request.destroy();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      });
      request.on("error", () => {});
      request.write(`--zz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n${"x".repeat(1024 * 1024)}`);
    });
  }

  it("refuses a signed-out upload and a foreign origin's before reading the body", async () => {
    const signedOut = await answerBeforeBody("/post-job?category=repair&step=3", { Origin: app.url });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe(`/api/login?returnTo=${encodeURIComponent("/post-job?category=repair&step=3")}`);
    // Resource routes and the API refuse the signed-out upload unread too (they had answered 500).
    expect(await answerBeforeBody("/profile/photo", { Origin: app.url })).toMatchObject({
      status: 302,
      location: "/api/login?returnTo=%2Fprofile%2Fphoto",
    });
    expect((await answerBeforeBody("/availability", { Origin: app.url })).status).toBe(302);
    expect((await answerBeforeBody("/api/jobs", { Origin: app.url })).status).toBe(401);
    const { client } = await signedIn("bodies-early");
    const foreign = await answerBeforeBody("/profile/photo", { Origin: "https://evil.example", Cookie: client.cookieHeader() });
    expect(foreign.status).toBe(403);
  });

  /** Sends a small form in two writes 300 ms apart; resolves with the answer, or the error the client met writing. */
  function slowSmallForm(path: string, headers: Record<string, string>): Promise<{ status: number; connection?: string; error?: string }> {
    const body = "firstName=" + "x".repeat(2000);
    return new Promise((resolve) => {
      const request = http.request(`${app.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length), ...headers },
      });
      let error: string | undefined;
      request.on("error", (e) => (error ??= (e as NodeJS.ErrnoException).code ?? e.message));
      request.on("response", (response) => {
        response.resume();
        response.on("end", () => setTimeout(() => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, error }), 50));
      });
      request.write(body.slice(0, 1000));
      setTimeout(() => request.end(body.slice(1000)), 300);
    });
  }

  it("reads a small refused body before answering, so the client finishes writing it and reads the answer (it met EPIPE)", async () => {
    expect(await slowSmallForm("/profile", { Origin: app.url })).toEqual({ status: 302, connection: "keep-alive", error: undefined });
    expect(await slowSmallForm("/availability", { Origin: app.url })).toEqual({ status: 302, connection: "keep-alive", error: undefined });
    expect(await slowSmallForm("/api/jobs", { Origin: app.url })).toEqual({ status: 401, connection: "keep-alive", error: undefined });
    expect(await slowSmallForm("/profile", { Origin: "https://evil.example" })).toEqual({ status: 403, connection: "keep-alive", error: undefined });
  });

  it("leaves no unread body in a kept-alive connection: the next request on it is answered, not reset", async () => {
    const { client } = await signedIn("bodies-keepalive");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const request = http.request(`${app.url}${path}`, {
          agent,
          method,
          headers: {
            Cookie: client.cookieHeader(),
            Origin: app.url,
            ...(body ? { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) } : {}),
          },
        });
        request.on("response", (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, socket: request.socket }));
        });
        request.on("error", reject);
        request.end(body);
      });
    const body = JSON.stringify({ status: "completed", note: "x".repeat(2000) });
    // Answered before anything read the body: an unknown API path, a method the route does not take, a URL
    // React Router cannot decode.
    for (const [method, path] of [
      ["PATCH", "/api/notifications//read"],
      ["OPTIONS", "/api/jobs"],
      ["OPTIONS", "/api/auth/user"],
      ["POST", "/api/no-such-endpoint"],
      ["POST", "/api/bookings/%ZZ/status"],
    ] as const) {
      const first = await send(method, path, body);
      expect(first.status, path).toBeLessThan(500);
      const next = await send("GET", "/api/auth/user");
      expect(next.status, `after ${path}`).toBe(200);
      expect(next.socket, `after ${path}: the same connection`).toBe(first.socket);
    }
    agent.destroy();
  });

  it("refuses a body over the cap with 413, declared or chunked, and the connection stays usable", async () => {
    const { client } = await signedIn("bodies-cap");
    const big = "bio=" + "x".repeat(70 * 1024);
    const declared = await form(client, "/profile", big, "application/x-www-form-urlencoded");
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe("Request body is too large");
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode("x".repeat(16 * 1024)));
        controller.close();
      },
    });
    const chunked = await client.request("/api/jobs", {
      method: "POST",
      headers: { Origin: app.url, "Content-Type": "application/json" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await client.request("/api/auth/user")).status).toBe(200);
  });

  it("takes only forms at pages and their resource routes (415), which must parse (400)", async () => {
    const { client } = await signedIn("bodies-forms");
    for (const [path, contentType] of [
      ["/profile", "application/json"],
      ["/availability", "text/plain"],
      ["/favorites/toggle", undefined],
    ] as const) {
      const response = await form(client, path, new TextEncoder().encode('{"firstName":"Json"}'), contentType);
      expect(response.status, path).toBe(415);
    }
    for (const path of ["/profile", "/profile/photo", "/post-job?category=repair&step=3"]) {
      const response = await form(
        client,
        path,
        '--zz\r\ncontent-disposition: form-data; name="firstName"\r\n\r\nunterminated',
        "multipart/form-data; boundary=zz",
      );
      expect(response.status, path).toBe(400);
      expect(await response.text()).toBe("The form could not be read");
    }
    expect((await me(client)).firstName).toBe("Ada");
  });

  it("refuses text PostgreSQL cannot store (NUL, lone surrogates) in forms and JSON, and changes nothing", async () => {
    const { client } = await signedIn("bodies-nul");
    const page = await client.postForm("/profile", { firstName: "Nul\u0000Name" });
    expect(page.status).toBe(400);
    expect(await page.text()).toBe("Text must not contain NUL characters");
    const api = await client.postJson("/api/jobs", { title: "Leak", description: "under\u0000the sink", categoryId: "repair" });
    expect(api.status).toBe(400);
    expect(await api.text()).toBe("Text must not contain NUL characters");
    // A lone surrogate (JSON can spell one) is no Unicode text either; PGlite failed on it.
    const surrogate = await client.request("/api/jobs", {
      method: "POST",
      headers: { Origin: app.url, "Content-Type": "application/json" },
      body: '{"title":"a\\udca5\\udca5b","description":"d","categoryId":"repair"}',
    });
    expect(await surrogate.text()).toBe("Text must be valid Unicode");
    expect((await me(client)).firstName).toBe("Ada");
    expect(await (await client.request("/api/jobs/my-jobs")).json()).toEqual([]);
  });

  it("refuses JSON nested past 32 levels with 400 (25,000 nested arrays overflowed the stack: a 500), and changes nothing", async () => {
    const { client } = await signedIn("bodies-nested");
    const post = (body: string) =>
      client.request("/api/jobs", { method: "POST", headers: { Origin: app.url, "Content-Type": "application/json" }, body });
    const arrays = await post(`${"[".repeat(25_000)}${"]".repeat(25_000)}`);
    expect(arrays.status).toBe(400);
    expect(await arrays.text()).toBe("Request body is nested too deeply (at most 32 levels)");
    const inField = await post(`{"title":"Deep","description":"d","categoryId":"repair","extra":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`);
    expect(inField.status).toBe(400);
    expect(await (await client.request("/api/jobs/my-jobs")).json()).toEqual([]);
    // A body that nests as real ones do is taken.
    expect((await post('{"title":"Shallow","description":"d","categoryId":"repair","extra":[[{"a":[1]}]]}')).status).toBe(201);
  });

  it("refuses form field names with huge list indexes or deep nesting at once (one such post kept the server busy for minutes)", async () => {
    const { client } = await signedIn("bodies-index");
    for (const name of ["providerCategories[4294967294]", "providerCategories[9999999]", "a[1e9]", "a[-1]", "a.b.c.d.e", `x${"y".repeat(120)}`]) {
      const started = Date.now();
      const response = await client.postForm("/profile", { firstName: "Index", [name]: "repair" });
      expect(response.status, name).toBe(400);
      expect(Date.now() - started, name).toBeLessThan(10_000);
    }
    expect((await me(client)).firstName).toBe("Ada");
    // Names the app's forms use are taken.
    expect((await client.postForm("/profile", { firstName: "Listed", providerCategories: "repair" })).status).toBe(302);
  });

  it("refuses server-action requests: the app has no server functions", async () => {
    const { client } = await signedIn("bodies-actions");
    const byHeader = await client.request("/profile", {
      method: "POST",
      headers: { Origin: app.url, "Content-Type": "text/plain", "rsc-action-id": "abc#default" },
      body: "[]",
    });
    expect(byHeader.status).toBe(400);
    const byField = await client.postForm("/profile", { $ACTION_ID_abc: "", firstName: "Action" });
    expect(byField.status).toBe(400);
    expect((await me(client)).firstName).toBe("Ada");
  });
});
