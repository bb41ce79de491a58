// Every place a redirect target comes from a request (query, form, session) keeps the browser on our origin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

let app: AppServer;
let seeker: HttpClient;
let jobId: string;

const HOSTILE = ["/.//evil.example/phish", "/..//evil.example", "/%2e//evil.example", "/\\evil.example", "//evil.example", "/\t/evil.example"];

beforeAll(async () => {
  app = await startAppServer();
  seeker = new HttpClient(app.url);
  await seeker.signIn(uniqueEmail("redirects"), "Rae", "Direct");
  const job = await seeker.postJson("/api/jobs", { title: "Fix a tap", description: "Drips", categoryId: "repair" });
  jobId = ((await job.json()) as { id: string }).id;
});

afterAll(async () => {
  await app?.stop();
});

/** The redirect's target as the browser resolves it: it must be a page of ours. */
function landing(response: Response): URL {
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  const location = response.headers.get("Location")!;
  expect(location).not.toMatch(/^\/\/|^\/\\|^[a-z][a-z0-9+.-]*:/i);
  const url = new URL(location, `${app.url}/somewhere/deep`);
  expect(url.origin).toBe(new URL(app.url).origin);
  return url;
}

describe("redirect targets taken from requests", () => {
  it.each(HOSTILE)("GET /api/login?returnTo=%j of a signed-in user stays on our origin", async (target) => {
    const response = await seeker.request(`/api/login?returnTo=${encodeURIComponent(target)}`);
    expect(landing(response).pathname).toBe("/");
  });

  it.each(HOSTILE)("the form actions' returnTo %j stays on our origin", async (target) => {
    landing(await seeker.postForm("/switch-role", { newRole: "seeker", userType: "individual", returnTo: target }));
    landing(await seeker.postForm("/availability", { isOnline: "false", returnTo: target }));
    landing(await seeker.postForm("/favorites/toggle", { targetType: "job", targetId: jobId, intent: "add", returnTo: target }));
    landing(await seeker.postForm(`/jobs/${jobId}`, { intent: "cancel", returnTo: target }));
  });

  it("a same-origin returnTo is kept as it was", async () => {
    const response = await seeker.request(`/api/login?returnTo=${encodeURIComponent("/messages?bookingId=1")}`);
    const url = landing(response);
    expect(url.pathname + url.search).toBe("/messages?bookingId=1");
  });
});
