import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { flashedToast } from "../support/contact-privacy.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";
import { PROVIDER_CARD } from "../support/spec-fields.ts";

const app = appServerForFile();

async function seeker(label = "seeker") {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label), "Sam", "Seeker");
  return client;
}

async function provider(label = "provider", online = true) {
  const client = await seeker(label);
  expect((await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" })).status).toBe(200);
  if (online) expect((await client.postJson("/api/users/toggle-online", { isOnline: true })).status).toBe(200);
  return client;
}

const getJson = async (client: HttpClient, path: string) => {
  const response = await client.request(path);
  return { status: response.status, body: response.headers.get("Content-Type")?.includes("json") ? await response.json() : await response.text() };
};

const validJob = {
  title: "Fix leaking sink",
  description: "Kitchen sink drips all night",
  categoryId: "repair",
  address: "Brooklyn, NY",
  budget: 120,
  isUrgent: true,
};

async function postJob(client: HttpClient, overrides: Record<string, unknown> = {}) {
  const response = await client.postJson("/api/jobs", { ...validJob, ...overrides });
  expect(response.status).toBe(201);
  return response.json();
}

describe("anonymous callers", () => {
  it("get 401 from every endpoint of the jobs API", async () => {
    const anonymous = new HttpClient(app.url);
    for (const path of [
      "/api/categories",
      "/api/providers/available?categoryId=repair",
      "/api/jobs/my-jobs",
      "/api/jobs/available",
      "/api/jobs/00000000-0000-4000-8000-000000000000",
      "/api/users/00000000-0000-4000-8000-000000000000",
      "/api/bookings/my-bookings",
    ]) {
      const response = await anonymous.request(path);
      expect(response.status, path).toBe(401);
      expect(await response.text()).toBe("Unauthorized");
    }
    for (const [path, body] of [
      ["/api/jobs", validJob],
      ["/api/users/toggle-online", { isOnline: true }],
      ["/api/bookings", { jobId: "00000000-0000-4000-8000-000000000000" }],
    ] as const) {
      expect((await anonymous.postJson(path, body)).status, path).toBe(401);
    }
  });
});

describe("GET /api/categories", () => {
  it("lists the six categories with id, name, icon and description", async () => {
    const { status, body } = await getJson(await seeker(), "/api/categories");
    expect(status).toBe(200);
    expect(body).toHaveLength(6);
    expect(body[0]).toEqual({ id: "repair", name: "Repair & Maintenance", icon: "Wrench", description: expect.any(String) });
  });
});

describe("POST /api/jobs", () => {
  it("creates the job, resolving the location, and answers 201", async () => {
    const client = await seeker();
    const job = await postJob(client);
    expect(job).toMatchObject({
      title: "Fix leaking sink",
      categoryId: "repair",
      address: "Brooklyn, NY",
      budget: "120.00",
      isUrgent: true,
      status: "posted",
    });
    expect(Number(job.latitude)).toBeCloseTo(40.65, 1);
    const mine = await getJson(client, "/api/jobs/my-jobs");
    expect(mine.body.map((j: { id: string }) => j.id)).toEqual([job.id]);
  });

  it("refuses bad input with 400 and a message, writing nothing", async () => {
    const client = await seeker("bad-jobs");
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ title: undefined }, /^title: Title is required/],
      [{ title: "   " }, /^title: Title is required/],
      [{ description: "" }, /^description: Description is required/],
      [{ title: "x".repeat(500) }, /^title: Title must be at most 120 characters/],
      [{ categoryId: "plumbing" }, /^categoryId: /],
      [{ budget: "a lot" }, /^budget: /],
      [{ budget: -5 }, /^budget: Budget cannot be negative/],
      [{ isUrgent: "yes" }, /^isUrgent: /],
      [{ latitude: 95, longitude: 10 }, /^latitude: /],
      [{ latitude: 40.7 }, /^longitude: latitude and longitude go together/],
    ];
    for (const [overrides, message] of cases) {
      const response = await client.postJson("/api/jobs", { ...validJob, ...overrides });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(await response.text()).toMatch(message);
    }
    const notJson = await client.request("/api/jobs", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "title=x" });
    expect(notJson.status).toBe(415);
    expect((await getJson(client, "/api/jobs/my-jobs")).body).toEqual([]);
  });
});

describe("GET /api/jobs/:id", () => {
  it("returns the job with its seeker's public fields only", async () => {
    const owner = await seeker("owner");
    const job = await postJob(owner);
    const { status, body } = await getJson(await seeker("reader"), `/api/jobs/${job.id}`);
    expect(status).toBe(200);
    expect(body.seeker).toEqual({ id: job.seekerId, firstName: "Sam", lastName: "Seeker", profileImageUrl: null, averageRating: "0.00" });
    expect(JSON.stringify(body)).not.toMatch(/@example\.com/);
  });

  it("answers 404 for unknown and malformed ids", async () => {
    const client = await seeker();
    expect((await getJson(client, "/api/jobs/00000000-0000-4000-8000-000000000000")).body).toBe("Job not found");
    expect((await client.request("/api/jobs/not-a-uuid")).status).toBe(404);
  });
});

describe("providers and availability", () => {
  it("lists online providers of a category with public fields only, and validates the category", async () => {
    const online = await provider("listed");
    const me = (await getJson(online, "/api/auth/user")).body;
    // A fresh provider offers no category until their profile says so: the list stays theirs to join.
    const client = await seeker();
    const list = await getJson(client, "/api/providers/available?categoryId=repair");
    expect(list.status).toBe(200);
    expect(list.body.every((p: Record<string, unknown>) => !("email" in p) && !("phoneNumber" in p))).toBe(true);
    expect(list.body.map((p: { id: string }) => p.id)).not.toContain(me.id);
    expect((await client.request("/api/providers/available")).status).toBe(400);
    expect(await (await client.request("/api/providers/available?categoryId=plumbing")).text()).toMatch(/^categoryId: /);
  });

  it("toggles availability for providers only and validates the body", async () => {
    const client = await seeker("toggle");
    expect((await client.postJson("/api/users/toggle-online", { isOnline: true })).status).toBe(403);
    expect((await client.postJson("/api/users/toggle-online", { isOnline: "yes" })).status).toBe(400);
    const prov = await provider("toggle-p", false);
    const on = await prov.postJson("/api/users/toggle-online", { isOnline: true });
    expect(on.status).toBe(200);
    expect((await on.json()).isProviderOnline).toBe(true);
  });

  it("shows available jobs near an online provider, with distance, and none to others", async () => {
    const owner = await seeker("near-owner");
    const job = await postJob(owner, { address: "Brooklyn, NY", isUrgent: false });
    const online = await provider("near");
    const { body } = await getJson(online, "/api/jobs/available");
    const item = body.find((j: { id: string }) => j.id === job.id);
    expect(item.distanceMiles).toBeGreaterThan(1);
    expect(item.distanceMiles).toBeLessThan(15);
    expect((await getJson(await provider("offline", false), "/api/jobs/available")).body).toEqual([]);
    expect((await getJson(owner, "/api/jobs/available")).body).toEqual([]);
  });

  it("shows the 20 nearest on the dashboard, then more behind 'Show more jobs near you' (decision 0037)", async () => {
    const owner = await seeker("many-jobs-owner");
    for (let i = 1; i <= 21; i++) await postJob(owner, { title: `Nearby job ${i}`, isUrgent: false });
    const online = await provider("many-jobs");
    const cards = (html: string) => html.split('data-testid="job-card"').length - 1;

    const dashboard = await (await online.request("/")).text();
    expect(cards(dashboard)).toBe(20);
    expect(dashboard).toContain('href="/?availableJobs=all#available-jobs-title"');
    expect(dashboard).toContain("Show more jobs near you");

    const more = await (await online.request("/?availableJobs=all")).text();
    expect(cards(more)).toBeGreaterThanOrEqual(21);
    expect(cards(more)).toBeLessThanOrEqual(50);
    expect(more).not.toContain("Show more jobs near you");
  });

  it("shows a user's public provider fields, never email or phone", async () => {
    const prov = await provider("public");
    const me = (await getJson(prov, "/api/auth/user")).body;
    const { status, body } = await getJson(await seeker(), `/api/users/${me.id}`);
    expect(status).toBe(200);
    // §7's fields, and the one decision 0062 adds: how many accepted bookings they cancelled in the last 90 days.
    expect(Object.keys(body).sort()).toEqual([...PROVIDER_CARD, "cancelledAfterAcceptingLast90Days"].sort());
    expect((await (await seeker()).request("/api/users/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("who sees a job's address (decision 0039)", () => {
  const street = "350 Jay St, Brooklyn, NY 11201";
  const exact = { address: street, latitude: "40.6940000", longitude: "-73.9903000" };
  const area = { address: "Brooklyn, NY", latitude: "40.6900000", longitude: "-73.9900000" };

  it("a posted job: the area to anyone signed in, in the API, the list and the page; the address to its seeker", async () => {
    const owner = await seeker("addr-owner");
    const job = await postJob(owner, { address: street, title: "Fix the intercom" });
    expect(job).toMatchObject(exact);
    expect((await getJson(owner, `/api/jobs/${job.id}`)).body).toMatchObject({ ...exact, exactLocation: true });
    const reader = await provider("addr-reader");
    const seen = await getJson(reader, `/api/jobs/${job.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: job.id, ...area, exactLocation: false, seeker: { id: job.seekerId } });
    const listed = (await getJson(reader, "/api/jobs/available")).body.find((j: { id: string }) => j.id === job.id);
    expect(listed).toMatchObject(area);
    for (const text of [
      JSON.stringify(seen.body),
      JSON.stringify(listed),
      await (await reader.request(`/jobs/${job.id}`)).text(),
      await (await reader.request("/?availableJobs=all")).text(),
    ]) {
      expect(text).not.toContain("Jay St");
      expect(text).not.toContain("40.694");
    }
    const page = await (await reader.request(`/jobs/${job.id}`)).text();
    expect(page).toContain("Brooklyn, NY");
    expect(page).toContain('data-testid="location-area-only"');
    const ownPage = await (await owner.request(`/jobs/${job.id}`)).text();
    expect(ownPage).toContain(street);
    expect(ownPage).not.toContain('data-testid="location-area-only"');
  });

  it("once accepted: the address to both parties while the booking is active, the area to the provider after it, 404 to anyone else", async () => {
    const owner = await seeker("addr-owner2");
    const job = await postJob(owner, { address: street });
    const prov = await provider("addr-prov");
    const stranger = await provider("addr-stranger");
    const booking = await (await prov.postJson("/api/bookings", { jobId: job.id })).json();
    for (const party of [owner, prov]) {
      expect((await getJson(party, `/api/jobs/${job.id}`)).body).toMatchObject({ ...exact, status: "matched" });
      expect(await (await party.request(`/jobs/${job.id}`)).text()).toContain(street);
    }
    expect(await getJson(stranger, `/api/jobs/${job.id}`)).toEqual({ status: 404, body: "Job not found" });
    const hidden = await stranger.request(`/jobs/${job.id}`);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain(job.title);
    for (const status of ["in_progress", "completed"]) {
      expect((await prov.postJson(`/api/bookings/${booking.id}/status`, { status }, "PATCH")).status).toBe(200);
    }
    expect((await getJson(prov, `/api/jobs/${job.id}`)).body).toMatchObject({ ...area, status: "completed" });
    expect((await getJson(prov, `/api/bookings/${booking.id}`)).body.job.address).toBe("Brooklyn, NY");
    expect((await getJson(prov, "/api/bookings/my-bookings")).body.find((b: { id: string }) => b.id === booking.id).job.address).toBe("Brooklyn, NY");
    expect((await getJson(owner, `/api/jobs/${job.id}`)).body).toMatchObject(exact);
    expect((await getJson(owner, `/api/bookings/${booking.id}`)).body.job.address).toBe(street);
    expect((await getJson(stranger, `/api/jobs/${job.id}`)).status).toBe(404);
  });
});

describe("accepting only what the provider could see (decision 0039)", () => {
  it("refuses an offline provider (403) and a job beyond the radius (403), in the API and on the job page", async () => {
    const owner = await seeker("reach-owner");
    const job = await postJob(owner);
    const offline = await provider("reach-offline", false);
    const refused = await offline.postJson("/api/bookings", { jobId: job.id });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("Go online to accept jobs");
    const offlinePage = await (await offline.request(`/jobs/${job.id}`)).text();
    expect(offlinePage).toContain("Go online to accept jobs");
    expect(offlinePage).not.toContain(">Accept Job<");

    // Boston is about 190 miles from New York, NY, where a provider without a location stands.
    const far = await postJob(owner, { address: "Boston, MA" });
    const online = await provider("reach-online");
    const tooFar = await online.postJson("/api/bookings", { jobId: far.id });
    expect(tooFar.status).toBe(403);
    expect(await tooFar.text()).toBe("This job is more than 50 miles from your location");
    expect(await (await online.request(`/jobs/${far.id}`)).text()).not.toContain(">Accept Job<");

    // The page's form action goes through the same rule: the spec's toast (§8), and the page says why.
    const submitted = await online.postForm(`/jobs/${far.id}`, { intent: "accept" });
    expect(submitted.status).toBe(302);
    expect(submitted.headers.get("Location")).toBe(`/jobs/${far.id}`);
    const { response: back } = await online.navigate(submitted.headers.get("Location")!);
    const page = await back.text();
    expect(flashedToast(page)).toMatchObject({ destructive: true, description: "Failed to accept job. Please try again." });
    expect(page).toContain("This job is more than 50 miles from your location");
    for (const id of [job.id, far.id]) expect((await getJson(owner, `/api/jobs/${id}`)).body.status).toBe("posted");
    expect((await getJson(online, "/api/bookings/my-bookings")).body).toEqual([]);
    expect((await getJson(offline, "/api/bookings/my-bookings")).body).toEqual([]);
  });
});

describe("POST /api/bookings (accepting a job)", () => {
  it("accepts a posted job: 201 with an accepted booking at the job's budget, visible to both parties only", async () => {
    const owner = await seeker("b-owner");
    const job = await postJob(owner);
    const prov = await provider("b-prov");
    const response = await prov.postJson("/api/bookings", {
      jobId: job.id,
      seekerId: job.seekerId,
      agreedPrice: "999999",
      paymentMethod: "card",
      paymentStatus: "pending",
      scheduledAt: new Date().toISOString(),
    });
    expect(response.status).toBe(201);
    const booking = await response.json();
    expect(booking).toMatchObject({ jobId: job.id, agreedPrice: "120.00", status: "accepted", paymentStatus: "pending", paymentMethod: "card" });
    expect((await getJson(owner, `/api/jobs/${job.id}`)).body.status).toBe("matched");
    expect((await getJson(owner, "/api/bookings/my-bookings")).body.map((b: { id: string }) => b.id)).toContain(booking.id);
    const providerView = (await getJson(prov, "/api/bookings/my-bookings")).body.find((b: { id: string }) => b.id === booking.id);
    expect(providerView).toMatchObject({ agreedPrice: "120.00", job: { id: job.id, title: job.title } });
    expect((await getJson(await seeker("stranger"), "/api/bookings/my-bookings")).body).toEqual([]);
  });

  it("refuses seekers, unknown jobs, one's own job and bad payloads", async () => {
    const owner = await seeker("r-owner");
    const job = await postJob(owner);
    expect((await owner.postJson("/api/bookings", { jobId: job.id })).status).toBe(403);
    const prov = await provider("r-prov");
    expect(await (await prov.postJson("/api/bookings", { jobId: "00000000-0000-4000-8000-000000000000" })).text()).toBe("Job not found");
    expect((await prov.postJson("/api/bookings", {})).status).toBe(400);
    expect((await prov.postJson("/api/bookings", { jobId: job.id, paymentMethod: "bitcoin" })).status).toBe(400);
    expect((await prov.postJson("/api/bookings", { jobId: job.id, paymentStatus: "paid" })).status).toBe(400);
    const ownJob = await postJob(prov);
    expect(await (await prov.postJson("/api/bookings", { jobId: ownJob.id })).text()).toBe("You cannot accept your own job");
    expect((await getJson(owner, `/api/jobs/${job.id}`)).body.status).toBe("posted");
  });

  it("lets exactly one of 20 concurrent accepts win; the others get 409", async () => {
    const owner = await seeker("race-owner");
    const job = await postJob(owner);
    const providers = await Promise.all(Array.from({ length: 20 }, (_, i) => provider(`race-${i}`)));
    const responses = await Promise.all(providers.map((p) => p.postJson("/api/bookings", { jobId: job.id })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const loser = responses.find((r) => r.status === 409)!;
    expect(await loser.text()).toBe("This job was already accepted");
    expect((await getJson(owner, "/api/bookings/my-bookings")).body.filter((b: { job: { id: string } }) => b.job.id === job.id)).toHaveLength(1);
  });
});
