// Paths are served as written (decision 0063): the router matched /API/… and /%61pi/… like /api/…, while the API's
// rate limit, body checks and 404s compare the path as written, so another spelling of an API path skipped them.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

const app = appServerForFile({ RATE_LIMIT_MULTIPLIER: "1" });

async function signedIn(label: string): Promise<HttpClient> {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label), "Ada", "Lovelace");
  return client;
}

describe("another spelling of an API path", () => {
  it.each([
    "/API/auth/user",
    "/Api/jobs/my-jobs",
    "/api/../API/auth/user",
    "/%61pi/auth/user",
    "/api/%61uth/user",
    "/API/auth/user.rsc",
    "/API/auth/user.data",
  ])("%s is the API's plain-text 404 for a signed-in user: no route answers it", async (path) => {
    const client = await signedIn("spelling");
    const response = await client.request(path);
    expect(response.status, path).toBe(404);
    expect(response.headers.get("Content-Type"), path).toMatch(/^text\/plain/);
    expect(await response.text(), path).toBe("Not Found");
  });

  it("writes nothing: a message posted to /API/messages is refused before any route", async () => {
    const client = await signedIn("spelling-write");
    const response = await client.request("/API/messages", {
      method: "POST",
      headers: { Origin: app.url, "Content-Type": "application/json" },
      body: JSON.stringify({ bookingId: "00000000-0000-4000-8000-000000000000", content: "hi", receiverId: "00000000-0000-4000-8000-000000000000" }),
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not Found");
  });

  it("is no way around the API's rate limit: once /api/ answers 429, /API/ answers no user's data either", async () => {
    const client = await signedIn("spelling-limit");
    let limited: Response | undefined;
    // 300 requests a minute per instance at multiplier 1 (decision 0048); the sign-in's own requests count too.
    for (let i = 0; i < 400 && !limited; i++) {
      const response = await client.request("/api/auth/user");
      if (response.status === 429) limited = response;
      else await response.body?.cancel();
    }
    expect(limited?.status).toBe(429);
    const odd = await client.request("/API/auth/user");
    expect(odd.status).toBe(404);
    expect(await odd.text()).toBe("Not Found");
  });

  it("the canonical spelling is served as before", async () => {
    const client = await signedIn("spelling-ok");
    expect((await client.request("/api/auth/user")).status).toBe(200);
    expect((await client.request("/api/auth/user/")).status).toBe(200);
  });
});

describe("another spelling of a page path", () => {
  it("is the 404 page, like any unknown path: paths are case-sensitive, and percent-encoded letters are not letters", async () => {
    const client = await signedIn("page-spelling");
    for (const path of ["/Favorites", "/PROFILE", "/My-Jobs", "/f%61vorites", "/profil%65"]) {
      const response = await client.request(path);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
    for (const path of ["/favorites", "/profile", "/my-jobs"]) {
      const response = await client.request(path);
      expect(response.status, path).toBe(200);
      await response.body?.cancel();
    }
  });
});
