// Rate limits (decision 0021): past a limit the JSON API answers 429 with
// Retry-After and a page form comes back with a toast; limits count per user
// (signed in) or per client address (sign-in), are shared by every instance
// on one database, and one user's or address's excess never touches another's.
import { createECDH, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { RATE_LIMITS, scaledPoints, type RateLimitName } from "~/infra/rate-limit.server";

import { startInstancePair, type AppServer, type InstancePair } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

// Half the production limits keeps the file quick; behind one trusted proxy
// every client of the test gets an address of its own.
const MULTIPLIER = 0.5;
const env = { RATE_LIMIT_MULTIPLIER: String(MULTIPLIER), TRUST_PROXY: "1" };
const limit = (name: RateLimitName) => scaledPoints(name, MULTIPLIER);

let pair: InstancePair | undefined;
let a: AppServer;
let b: AppServer;

beforeAll(async () => {
  pair = await startInstancePair(env);
  ({ a, b } = pair);
});
afterAll(async () => {
  await pair?.stop();
});

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

/** A client at an address of its own, on both instances (the same cookies on each). */
interface Caller {
  onA: HttpClient;
  onB: HttpClient;
  /** Alternates between the instances. */
  next(): HttpClient;
  id: string;
}

function caller(address = newAddress()): Caller {
  const onA = new HttpClient(a.url, { "X-Forwarded-For": address });
  const onB = new HttpClient(b.url, { "X-Forwarded-For": address });
  // One jar for both: the instances share sessions.
  Object.assign(onB, { cookies: onA.cookies });
  let turn = 0;
  return { onA, onB, next: () => (turn++ % 2 === 0 ? onA : onB), id: "" };
}

async function signedIn(label: string, role: "seeker" | "provider" = "seeker"): Promise<Caller> {
  const who = caller();
  await who.onA.signIn(uniqueEmail(label), label, "Limited");
  if (role === "provider") {
    expect((await who.onA.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" })).status).toBe(200);
    expect((await who.onA.postJson("/api/users/toggle-online", { isOnline: true })).status).toBe(200);
  }
  who.id = (await (await who.onA.request("/api/auth/user")).json()).id;
  return who;
}

async function expectTooMany(response: Response, name: RateLimitName) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS[name].seconds);
  expect(await response.text()).toBe(`Too many requests, try again in ${retryAfter} s`);
}

/** GET the page a redirect points at; its HTML carries the flashed toast. */
async function follow(client: HttpClient, response: Response): Promise<string> {
  expect(response.status).toBe(302);
  const { response: page } = await client.navigate(response.headers.get("Location")!);
  return page.text();
}

const job = { title: "Hang shelves", description: "Three shelves in the hall", categoryId: "assembly", budget: 80 };

describe("sign-in", () => {
  it(`allows ${limit("signIn")} requests per address across instances; the address behind the proxy counts, not what the client wrote`, async () => {
    const address = newAddress();
    for (let i = 0; i < limit("signIn"); i++) {
      // A client may write anything into X-Forwarded-For; the proxy appends the real address last.
      const client = new HttpClient(i % 2 ? b.url : a.url, { "X-Forwarded-For": `10.0.0.${i}, ${address}` });
      expect((await client.request("/api/login")).status).toBe(302);
    }
    await expectTooMany(await new HttpClient(b.url, { "X-Forwarded-For": address }).request("/api/callback?code=x&state=y"), "signIn");
    await expectTooMany(await new HttpClient(a.url, { "X-Forwarded-For": `10.9.9.9, ${address}` }).request("/api/login"), "signIn");
    // Another address signs in as usual.
    const other = caller();
    const { url } = await other.onB.signIn(uniqueEmail("other-address"));
    expect(new URL(url).pathname).toBe("/");
  });
});

describe("sign-in attempts", () => {
  it("do not include signed-in visits to /api/login: a signed-in user's address keeps its whole allowance", async () => {
    const who = await signedIn("visits-login");
    for (let i = 0; i < limit("signIn") + 5; i++) {
      const visit = await who.next().request("/api/login?returnTo=%2Fprofile");
      expect(visit.status).toBe(302);
      expect(visit.headers.get("Location")).toBe("/profile");
    }
    // Someone else behind the same address (a shared office connection) still signs in.
    const colleague = new HttpClient(a.url, who.onA.defaultHeaders);
    const { url } = await colleague.signIn(uniqueEmail("colleague"));
    expect(new URL(url).pathname).toBe("/");
  });

  it(`are limited per account too: ${limit("signInEmail")} completed sign-ins of one email, from any addresses, then 429`, async () => {
    const email = uniqueEmail("one-account");
    for (let i = 0; i < limit("signInEmail"); i++) {
      const { url } = await caller().onA.signIn(email);
      expect(new URL(url).pathname).toBe("/");
    }
    const refused = await caller()
      .onB.signIn(email)
      .catch((error: Error) => error);
    expect(refused).not.toBeInstanceOf(Error);
    const { response } = refused as { response: Response };
    await expectTooMany(response, "signInEmail");
    // Another account from the same kind of address is not affected.
    const { url } = await caller().onA.signIn(uniqueEmail("other-account"));
    expect(new URL(url).pathname).toBe("/");
  });
});

describe("posting jobs", () => {
  it("counts per user across instances; then 429 from the API, a toast and the filled form from the page", async () => {
    const seeker = await signedIn("poster");
    for (let i = 0; i < limit("jobs"); i++) {
      expect((await seeker.next().postJson("/api/jobs", { ...job, title: `Job ${i}` })).status).toBe(201);
    }
    await expectTooMany(await seeker.next().postJson("/api/jobs", job), "jobs");

    const form = await seeker
      .next()
      .postForm("/post-job?category=assembly&step=3", { categoryId: "assembly", title: "One too many", description: "Refused by the limit" });
    const page = await follow(seeker.onA, form);
    expect(page).toContain("Too many requests");
    expect(page).toContain("One too many");
    expect(await (await seeker.onA.request("/api/jobs/my-jobs")).json()).toHaveLength(limit("jobs"));

    const someoneElse = await signedIn("other-poster");
    expect((await someoneElse.next().postJson("/api/jobs", job)).status).toBe(201);
  });
});

describe("messages", () => {
  it("counts per user across instances, the API and the page form together; the other party can still write", async () => {
    const seeker = await signedIn("chatty-seeker");
    const provider = await signedIn("chatty-provider", "provider");
    const created = await (await seeker.onA.postJson("/api/jobs", job)).json();
    const booking = await (await provider.onA.postJson("/api/bookings", { jobId: created.id })).json();
    const message = (content: string) => ({ bookingId: booking.id, content, receiverId: provider.id });

    const viaPage = await seeker.next().postForm(`/messages?booking=${booking.id}`, { bookingId: booking.id, content: "Hello from the form" });
    expect(viaPage.status).toBe(302);
    for (let i = 1; i < limit("messages"); i++) {
      expect((await seeker.next().postJson("/api/messages", message(`Message ${i}`))).status).toBe(201);
    }
    await expectTooMany(await seeker.next().postJson("/api/messages", message("One too many")), "messages");
    const refused = await seeker.next().postForm(`/messages?booking=${booking.id}`, { bookingId: booking.id, content: "Kept in the box" });
    const page = await follow(seeker.onA, refused);
    expect(page).toContain("Too many requests");
    expect(page).toContain("Kept in the box");

    const reply = await provider.next().postJson("/api/messages", { bookingId: booking.id, content: "I can still answer", receiverId: seeker.id });
    expect(reply.status).toBe(201);
    const thread = (await (await provider.onA.request(`/api/messages?bookingId=${booking.id}`)).json()) as unknown[];
    expect(thread).toHaveLength(limit("messages") + 1);
  });
});

describe("reports", () => {
  it("count per user across instances, the API and the report form together, refused ones too; then 429 and a toast", async () => {
    const seeker = await signedIn("reported-seeker");
    const reporter = await signedIn("busy-reporter");
    const created = await (await seeker.onA.postJson("/api/jobs", job)).json();

    const viaPage = await reporter.next().postForm("/report", { targetType: "job", targetId: created.id, reason: "spam", returnTo: "/" });
    expect(await follow(reporter.onA, viaPage)).toContain("Report sent");
    // What the caller may not see is refused (404), and still counted: a script probing ids spends its allowance.
    for (let i = 1; i < limit("reports"); i++) {
      const probe = { targetType: "review", targetId: crypto.randomUUID(), reason: "spam" };
      expect((await reporter.next().postJson("/api/reports", probe)).status).toBe(404);
    }
    await expectTooMany(await reporter.next().postJson("/api/reports", { targetType: "user", targetId: seeker.id, reason: "spam" }), "reports");
    const refused = await reporter.next().postForm("/report", { targetType: "user", targetId: seeker.id, reason: "spam", returnTo: "/" });
    expect(await follow(reporter.onA, refused)).toContain("Too many requests");

    expect((await seeker.next().postJson("/api/reports", { targetType: "user", targetId: reporter.id, reason: "other" })).status).toBe(201);
  });
});

describe("push devices", () => {
  it("turning devices on counts per user across instances, the API and /profile/push together; then 429 and a toast (decision 0077)", async () => {
    const busy = await signedIn("busy-subscriber");
    const other = await signedIn("calm-subscriber");
    const subscription = (n: number) => {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      return {
        endpoint: `https://push.example.invalid/rate/${busy.id}/${n}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
      };
    };
    const viaPage = await busy.next().postForm("/profile/push", { intent: "subscribe", subscription: JSON.stringify(subscription(0)) });
    expect(await follow(busy.onA, viaPage)).toContain("Notifications on");
    for (let i = 1; i < limit("pushDevices"); i++) expect((await busy.next().postJson("/api/push-subscriptions", subscription(i))).status).toBe(201);
    await expectTooMany(await busy.next().postJson("/api/push-subscriptions", subscription(99)), "pushDevices");
    const refused = await busy.next().postForm("/profile/push", { intent: "subscribe", subscription: JSON.stringify(subscription(98)) });
    expect(await follow(busy.onA, refused)).toContain("Too many requests");
    // Removing one spends nothing.
    const [device] = await (await busy.onA.request("/api/push-subscriptions")).json();
    expect((await busy.onB.request(`/api/push-subscriptions/${device.id}`, { method: "DELETE", headers: { Origin: b.url } })).status).toBe(200);

    expect(
      (await other.next().postJson("/api/push-subscriptions", { ...subscription(0), endpoint: `https://push.example.invalid/rate/${other.id}` }))
        .status,
    ).toBe(201);
  });
});

describe("booking moves", () => {
  it("count per user across instances, the API and the booking and job pages together (decision 0062); the other party can still move", async () => {
    const seeker = await signedIn("moving-seeker");
    const provider = await signedIn("moving-provider", "provider");
    const first = await (await seeker.onA.postJson("/api/jobs", job)).json();
    const second = await (await seeker.onA.postJson("/api/jobs", job)).json();
    const booking = await (await provider.next().postJson("/api/bookings", { jobId: first.id })).json();
    const started = await provider.next().postForm(`/bookings/${booking.id}`, { intent: "status", status: "in_progress" });
    expect(await follow(provider.onA, started)).toContain("Status updated");
    // A move the lifecycle refuses still counts: the limit is on writes tried, as for messages.
    for (let i = 2; i < limit("bookings"); i++) {
      const client = provider.next();
      const refused =
        i % 2
          ? await client.postJson(`/api/bookings/${booking.id}/status`, { status: "accepted" }, "PATCH")
          : await client.postForm(`/bookings/${booking.id}`, { intent: "status", status: "accepted" });
      expect(refused.status).toBe(i % 2 ? 409 : 302);
    }
    await expectTooMany(await provider.next().postJson(`/api/bookings/${booking.id}/status`, { status: "completed" }, "PATCH"), "bookings");
    expect(
      await follow(provider.onA, await provider.next().postForm(`/bookings/${booking.id}`, { intent: "status", status: "completed" })),
    ).toContain("Too many requests");
    expect(await follow(provider.onA, await provider.next().postForm(`/jobs/${second.id}`, { intent: "accept" }))).toContain("Too many requests");
    expect((await (await seeker.onA.request(`/api/bookings/${booking.id}`)).json()).status).toBe("in_progress");
    expect((await (await seeker.onA.request(`/api/jobs/${second.id}`)).json()).status).toBe("posted");

    const other = await signedIn("other-mover", "provider");
    expect((await other.next().postJson("/api/bookings", { jobId: second.id })).status).toBe(201);
  });
});

describe("uploads", () => {
  // A real 1×1 PNG.
  const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

  it("counts presigned URLs and images sent with forms per user across instances", async () => {
    const uploader = await signedIn("uploader");
    const uploadUrl = `/api/object-storage/upload-url?contentType=image/png&size=${PNG.length}`;
    const photo = new FormData();
    photo.set("photo", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "me.png");
    const first = uploader.next();
    const sent = await first.request("/profile/photo", { method: "POST", body: photo, headers: { Origin: new URL(first.base).origin } });
    expect(await follow(uploader.onA, sent)).toContain("Profile photo updated");
    for (let i = 1; i < limit("uploads"); i++) expect((await uploader.next().request(uploadUrl)).status).toBe(200);
    await expectTooMany(await uploader.next().request(uploadUrl), "uploads");

    const again = new FormData();
    again.set("photo", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "again.png");
    const last = uploader.next();
    const refused = await last.request("/profile/photo", { method: "POST", body: again, headers: { Origin: new URL(last.base).origin } });
    expect(await follow(uploader.onA, refused)).toContain("Too many uploads");

    const someoneElse = await signedIn("other-uploader");
    expect((await someoneElse.next().request(uploadUrl)).status).toBe(200);
  });
});

describe("the API as a whole", () => {
  it("allows a signed-in user a fixed number of requests per minute on an instance, and no more (decision 0048)", async () => {
    const busy = await signedIn("busy");
    // signedIn asked /api/auth/user once, on A.
    for (let i = 1; i < limit("api"); i++) expect((await busy.onA.request("/api/categories")).status).toBe(200);
    await expectTooMany(await busy.onA.request("/api/categories"), "api");
    // Per user, not per address: from elsewhere it is still refused.
    const elsewhere = new HttpClient(a.url, { "X-Forwarded-For": newAddress() });
    Object.assign(elsewhere, { cookies: busy.onA.cookies });
    await expectTooMany(await elsewhere.request("/api/auth/user"), "api");
    // Counted in each instance's memory: another instance has its own count.
    if (b !== a) expect((await busy.onB.request("/api/categories")).status).toBe(200);

    // Another user, and a signed-out caller at the same address, are unaffected.
    const calm = await signedIn("calm");
    expect((await calm.onA.request("/api/categories")).status).toBe(200);
    const anonymous = new HttpClient(a.url, { "X-Forwarded-For": busy.onA.defaultHeaders["X-Forwarded-For"]! });
    expect((await anonymous.request("/api/categories")).status).toBe(401);
  });
});
