// Web Push end to end (decision 0077): devices subscribed through the real API, the app's worker sending through
// the local push service (tests/support/push-service.ts), which checks each request's VAPID signature and decrypts
// its body as a browser would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { TEST_VAPID_ENV } from "../support/env.ts";
import { becomeOnlineProviderOf, HttpClient, signedInAs, uniqueEmail } from "../support/http-client.ts";
import { startPushService, type Arrival, type PushService, type TestSubscription } from "../support/push-service.ts";
import { MAIL_PATH } from "../support/server-hooks.ts";

const app = appServerForFile({ MAIL_WORKER_POLL_SECONDS: "0.5", MAIL_RETRY_SECONDS: "1", ...TEST_VAPID_ENV });
let push: PushService;

beforeAll(async () => {
  push = await startPushService();
});
afterAll(async () => {
  await push.stop();
});

type Client = HttpClient & { id: string; email: string };

async function signedIn(label: string, role: "seeker" | "provider" = "seeker"): Promise<Client> {
  const client = await signedInAs(app.url, uniqueEmail(label), label, "Tester");
  if (role === "provider") await becomeOnlineProviderOf(client, label, "assembly");
  return client;
}

/** A device of the client's: a subscription on the local push service, turned on through POST /api/push-subscriptions. */
async function device(client: HttpClient): Promise<TestSubscription & { id: string }> {
  const subscription = push.subscribe();
  const response = await client.postJson("/api/push-subscriptions", { ...subscription, expirationTime: null });
  expect(response.status, await response.clone().text()).toBe(201);
  return { ...subscription, id: (await response.json()).id };
}

const delivered = (endpoint: string) => push.arrivals(endpoint).filter((a) => a.status < 300);

/** Waits until `endpoint` took `count` pushes, then a little longer to see that no more arrive. */
async function settled(endpoint: string, count: number): Promise<Arrival[]> {
  await expect.poll(() => delivered(endpoint).length, { timeout: 20_000, interval: 200 }).toBeGreaterThanOrEqual(count);
  await new Promise((r) => setTimeout(r, 1500));
  return delivered(endpoint);
}

const quietly = () => new Promise((r) => setTimeout(r, 2500));

async function mailTo(email: string): Promise<{ subject: string }[]> {
  const mails: { to: string[]; subject: string }[] = await (await fetch(`${app.url}${MAIL_PATH}`)).json();
  return mails.filter((m) => m.to.includes(email));
}

const patch = (client: HttpClient, id: string, status: string) => client.postJson(`/api/bookings/${id}/status`, { status }, "PATCH");

describe("urgent jobs", () => {
  it("reach an online provider's device at once (high urgency, 10-minute TTL, signed and encrypted); not an offline provider's, one with the kind off, or the seeker's", async () => {
    const near = await signedIn("near", "provider");
    const offline = await signedIn("offline", "provider");
    const unwilling = await signedIn("unwilling", "provider");
    const seeker = await signedIn("poster");
    const [nearPhone, offlinePhone, unwillingPhone, seekerPhone] = await Promise.all([near, offline, unwilling, seeker].map(device));
    await offline.postJson("/api/users/toggle-online", { isOnline: false });
    await unwilling.postForm("/profile/email-alerts", { push_choices: "1", urgentJobs: "on", push_bookings: "on", push_messages: "on" });

    const job = await (
      await seeker.postJson("/api/jobs", { title: "Leaking tap", description: "now", categoryId: "assembly", isUrgent: true })
    ).json();
    await seeker.postJson("/api/jobs", { title: "Shelf someday", description: "later", categoryId: "assembly", isUrgent: false });

    const [arrival, ...more] = await settled(nearPhone.endpoint, 1);
    expect(more).toEqual([]);
    expect(arrival.payload).toEqual({
      title: "Urgent job near you",
      body: expect.stringContaining('"Leaking tap"'),
      url: `/jobs/${job.id}`,
      tag: `job:${job.id}`,
    });
    expect(arrival).toMatchObject({ ttl: "600", urgency: "high", vapidKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY });
    expect(arrival.topic).toMatch(/^[\w-]{32}$/);
    expect(arrival.claims).toMatchObject({ aud: push.url, sub: TEST_VAPID_ENV.VAPID_SUBJECT });
    for (const endpoint of [offlinePhone, unwillingPhone, seekerPhone].map((d) => d.endpoint)) expect(push.arrivals(endpoint)).toEqual([]);
    // The email channel keeps its own choice: the provider who turned urgent-job pushes off still gets the email.
    await expect.poll(async () => (await mailTo(unwilling.email)).map((m) => m.subject), { timeout: 20_000 }).toEqual(["Urgent job near you"]);
    expect(push.refusals()).toEqual([]);
  });
});

describe("bookings", () => {
  it("a direct request reaches the provider's device, its answer the seeker's, with a day's TTL at normal urgency, tagged by booking", async () => {
    const asked = await signedIn("asked", "provider");
    const seeker = await signedIn("asker");
    const [providerPhone, seekerPhone] = await Promise.all([asked, seeker].map(device));
    const booking = await (
      await seeker.postJson("/api/bookings/requests", {
        categoryId: "assembly",
        title: "Hang a mirror",
        description: "hall",
        budget: 60,
        providerId: asked.id,
      })
    ).json();
    const [request] = await settled(providerPhone.endpoint, 1);
    expect(request.payload).toMatchObject({ title: "New booking request", url: `/bookings/${booking.id}`, tag: `booking:${booking.id}` });
    expect(request).toMatchObject({ ttl: String(24 * 60 * 60), urgency: "normal" });

    expect((await patch(asked, booking.id, "accepted")).status).toBe(200);
    const [answer] = await settled(seekerPhone.endpoint, 1);
    expect(answer.payload).toMatchObject({ url: `/bookings/${booking.id}`, tag: `booking:${booking.id}` });
    expect(answer.topic).toBe(request.topic);
  });

  it("a booking update follows the choice per channel: push off and email on sends the email only; email off and push on, the push only", async () => {
    const seeker = await signedIn("channels");
    const phone = await device(seeker);
    await seeker.postForm("/profile/email-alerts", { push_choices: "1", bookings: "on", push_urgentJobs: "on", push_messages: "on" });
    const provider = await signedIn("taker", "provider");
    const first = await (await seeker.postJson("/api/jobs", { title: "Paint a door", description: "d", categoryId: "assembly" })).json();
    await provider.postJson("/api/bookings", { jobId: first.id });
    await expect.poll(async () => (await mailTo(seeker.email)).map((m) => m.subject), { timeout: 20_000 }).toEqual(["Job accepted"]);
    await quietly();
    expect(push.arrivals(phone.endpoint)).toEqual([]);

    await seeker.postForm("/profile/email-alerts", { push_choices: "1", push_bookings: "on" });
    const second = await (await seeker.postJson("/api/jobs", { title: "Fix a hinge", description: "d", categoryId: "assembly" })).json();
    await provider.postJson("/api/bookings", { jobId: second.id });
    const [arrival] = await settled(phone.endpoint, 1);
    expect(arrival.payload.title).toBe("Job accepted");
    expect((await mailTo(seeker.email)).length).toBe(1);
  });
});

describe("choices per device", () => {
  it("each device has its own: the profile's form sets the asking browser's, PATCH any of the caller's; a stranger's is 404, a bad body 400", async () => {
    const email = uniqueEmail("per-device");
    const seeker = await signedInAs(app.url, email, "Per", "Device");
    const phoneSession = new HttpClient(app.url);
    await phoneSession.signIn(email, "Per", "Device");
    const laptop = await device(seeker);
    const phone = await device(phoneSession);
    // On the laptop's profile: email stays on, booking pushes off for the laptop only.
    await seeker.postForm("/profile/email-alerts", { push_choices: "1", bookings: "on", push_urgentJobs: "on", push_messages: "on" });
    const listed: { id: string; alerts: Record<string, boolean>; current: boolean }[] = await (
      await phoneSession.request("/api/push-subscriptions")
    ).json();
    expect(listed.find((d) => d.id === laptop.id)).toMatchObject({
      current: false,
      alerts: { urgentJobs: true, bookings: false, messages: true, reviews: false },
    });
    expect(listed.find((d) => d.id === phone.id)).toMatchObject({
      current: true,
      alerts: { urgentJobs: true, bookings: true, messages: true, reviews: false },
    });

    const provider = await signedIn("per-device-taker", "provider");
    const job = await (await seeker.postJson("/api/jobs", { title: "Fix a gate", description: "d", categoryId: "assembly" })).json();
    await provider.postJson("/api/bookings", { jobId: job.id });
    const [arrival] = await settled(phone.endpoint, 1);
    expect(arrival.payload.title).toBe("Job accepted");
    expect(push.arrivals(laptop.endpoint)).toEqual([]);
    await expect.poll(async () => (await mailTo(email)).map((m) => m.subject), { timeout: 20_000 }).toEqual(["Job accepted"]);

    // From the phone, through the API: the laptop's reviews on; a kind left out stays.
    const changed = await phoneSession.postJson(`/api/push-subscriptions/${laptop.id}`, { reviews: true }, "PATCH");
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      id: laptop.id,
      current: false,
      alerts: { urgentJobs: true, bookings: false, messages: true, reviews: true },
    });
    const stranger = await signedIn("per-device-stranger");
    expect((await stranger.postJson(`/api/push-subscriptions/${laptop.id}`, { reviews: false }, "PATCH")).status).toBe(404);
    for (const body of [{}, { reviews: "yes" }, { jobDigest: true }]) {
      const refused = await seeker.postJson(`/api/push-subscriptions/${laptop.id}`, body, "PATCH");
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(/reviews|urgentJobs|jobDigest/);
    }
    const [after] = (await (await seeker.request("/api/push-subscriptions")).json()).filter((d: { id: string }) => d.id === laptop.id);
    expect(after.alerts).toEqual({ urgentJobs: true, bookings: false, messages: true, reviews: true });
  });
});

describe("a push service's answers", () => {
  it("410 removes the device; the user's list no longer has it", async () => {
    const seeker = await signedIn("gone");
    const phone = await device(seeker);
    push.answer(phone.endpoint, 410);
    const provider = await signedIn("gone-taker", "provider");
    const job = await (await seeker.postJson("/api/jobs", { title: "Sand a floor", description: "d", categoryId: "assembly" })).json();
    await provider.postJson("/api/bookings", { jobId: job.id });
    await expect.poll(() => push.arrivals(phone.endpoint).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await (await seeker.request("/api/push-subscriptions")).json()).length, { timeout: 10_000 }).toBe(0);
  });

  it("500 and 429 are retried with the queue's backoff until the service takes it, once", async () => {
    const seeker = await signedIn("retry");
    const phone = await device(seeker);
    push.answer(phone.endpoint, 500);
    const provider = await signedIn("retry-taker", "provider");
    const job = await (await seeker.postJson("/api/jobs", { title: "Oil a gate", description: "d", categoryId: "assembly" })).json();
    await provider.postJson("/api/bookings", { jobId: job.id });
    await expect.poll(() => push.arrivals(phone.endpoint).length, { timeout: 20_000 }).toBe(1);
    push.answer(phone.endpoint, 429, "1");
    await expect.poll(() => push.arrivals(phone.endpoint).length, { timeout: 20_000 }).toBe(2);
    push.answer(phone.endpoint, 201);
    const [arrival] = await settled(phone.endpoint, 1);
    expect(arrival.payload.title).toBe("Job accepted");
    expect(push.arrivals(phone.endpoint).map((a) => a.status)).toEqual([500, 429, 201]);
    const [listed] = await (await seeker.request("/api/push-subscriptions")).json();
    expect(listed.lastSuccessAt).not.toBeNull();
  });
});

describe("a push service's Retry-After", () => {
  it("is obeyed: asked to come back in 4 s, the worker does, not after its own 1-second backoff", async () => {
    const seeker = await signedIn("patient");
    const phone = await device(seeker);
    push.answer(phone.endpoint, 429, "4");
    const provider = await signedIn("patient-taker", "provider");
    const job = await (await seeker.postJson("/api/jobs", { title: "Wax a floor", description: "d", categoryId: "assembly" })).json();
    await provider.postJson("/api/bookings", { jobId: job.id });
    await expect.poll(() => push.arrivals(phone.endpoint).length, { timeout: 20_000 }).toBe(1);
    push.answer(phone.endpoint, 201);
    await settled(phone.endpoint, 1);
    const [refused, taken] = push.arrivals(phone.endpoint);
    expect([refused.status, taken.status]).toEqual([429, 201]);
    expect(taken.receivedAt.getTime() - refused.receivedAt.getTime()).toBeGreaterThanOrEqual(3500);
  });
});

describe("devices through the API", () => {
  it("are listed for their owner only; a stranger's delete is 404; the same endpoint again is one device, moved to whoever subscribed it last", async () => {
    const owner = await signedIn("owner");
    const stranger = await signedIn("stranger");
    const phone = await device(owner);
    const [listed] = await (await owner.request("/api/push-subscriptions")).json();
    expect(listed).toMatchObject({ id: phone.id, name: expect.any(String), lastSuccessAt: null });
    expect(JSON.stringify(listed)).not.toContain(phone.endpoint);
    expect(await (await stranger.request("/api/push-subscriptions")).json()).toEqual([]);
    expect((await stranger.request(`/api/push-subscriptions/${phone.id}`, { method: "DELETE", headers: { Origin: app.url } })).status).toBe(404);
    expect((await stranger.request(`/api/push-subscriptions/not-an-id`, { method: "DELETE", headers: { Origin: app.url } })).status).toBe(404);

    expect((await owner.postJson("/api/push-subscriptions", phone)).status).toBe(201);
    expect((await (await owner.request("/api/push-subscriptions")).json()).map((d: { id: string }) => d.id)).toEqual([phone.id]);
    expect((await stranger.postJson("/api/push-subscriptions", phone)).status).toBe(201);
    expect(await (await owner.request("/api/push-subscriptions")).json()).toEqual([]);

    const removed = await stranger.request(`/api/push-subscriptions/${phone.id}`, { method: "DELETE", headers: { Origin: app.url } });
    expect(await removed.json()).toEqual({ removed: true });
    expect(await (await stranger.request("/api/push-subscriptions")).json()).toEqual([]);
  });

  it("refuse what is not a browser's subscription with 400 and the reason; the key is public", async () => {
    const client = await signedIn("sloppy");
    const good = push.subscribe();
    const cases: [unknown, RegExp][] = [
      [{ ...good, endpoint: "http://push.example.com/x" }, /endpoint must be an https URL/],
      [{ ...good, endpoint: "../../etc/passwd", expirationTime: true }, /endpoint must be the push service's URL/],
      [{ endpoint: good.endpoint }, /keys/],
      [{ ...good, keys: { ...good.keys, auth: "short" } }, /keys.auth/],
      ["nonsense", /./],
    ];
    for (const [body, reason] of cases) {
      const response = await client.postJson("/api/push-subscriptions", body);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(reason);
    }
    const key = await (await fetch(`${app.url}/api/push/key`)).json();
    expect(key).toEqual({ publicKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY });
    expect((await new HttpClient(app.url).postJson("/api/push-subscriptions", good)).status).toBe(401);
  });

  it("signing out of a device removes the devices that session turned on, not another session's", async () => {
    const email = uniqueEmail("two-devices");
    const laptop = new HttpClient(app.url);
    await laptop.signIn(email, "Two", "Devices");
    const phoneSession = new HttpClient(app.url);
    await phoneSession.signIn(email, "Two", "Devices");
    const onLaptop = await device(laptop);
    const onPhone = await device(phoneSession);
    expect((await (await laptop.request("/api/push-subscriptions")).json()).length).toBe(2);
    const out = await laptop.request("/api/logout", { method: "POST", headers: { Origin: app.url } });
    expect(out.status).toBe(302);
    const left = await (await phoneSession.request("/api/push-subscriptions")).json();
    expect(left.map((d: { id: string }) => d.id)).toEqual([onPhone.id]);
    expect(left.map((d: { id: string }) => d.id)).not.toContain(onLaptop.id);
  });

  it("a suspension ends every session of the user, and with them every device of theirs", async () => {
    const email = uniqueEmail("suspended-devices");
    const client = new HttpClient(app.url);
    await client.signIn(email, "Sus", "Pended");
    const { id } = await (await client.request("/api/auth/user")).json();
    await device(client);
    const operator = new HttpClient(app.url);
    await operator.signIn("admin@nearhand.dev", "Ada", "Okafor");
    expect((await operator.postJson(`/api/admin/users/${id}/suspend`, { reason: "Spam", days: 7 })).status).toBe(200);
    expect((await client.request("/api/push-subscriptions")).status).toBe(401);
    expect((await operator.postJson(`/api/admin/users/${id}/reinstate`, { reason: "Appeal accepted" })).status).toBe(200);
    const again = new HttpClient(app.url);
    await again.signIn(email, "Sus", "Pended");
    expect(await (await again.request("/api/push-subscriptions")).json()).toEqual([]);
  });
});
