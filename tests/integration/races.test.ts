// Many clients at once on one thing, through the real HTTP app: the answers
// each client gets and what is stored afterwards must agree.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { becomeOnlineProvider, HttpClient, uniqueEmail } from "../support/http-client.ts";

type Client = HttpClient & { id: string };

let app: AppServer;
/** 100 providers, signed in once: the crowd that races in every test. */
let crowd: Client[];

/** Runs `task` over `items`, at most `limit` at a time (signing in 100 users at once only queues them up). */
async function inBatches<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    results.push(...(await Promise.all(items.slice(start, start + limit).map((item, i) => task(item, start + i)))));
  }
  return results;
}

async function signedIn(label: string, role: "seeker" | "provider" = "seeker"): Promise<Client> {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label), label, "Racer");
  if (role === "provider") {
    await becomeOnlineProvider(client);
  }
  const me = await (await client.request("/api/auth/user")).json();
  return Object.assign(client, { id: me.id as string });
}

async function postJob(client: HttpClient, title = "Race job"): Promise<{ id: string }> {
  const response = await client.postJson("/api/jobs", { title, description: "Concurrency", categoryId: "repair", budget: 80 });
  expect(response.status).toBe(201);
  return response.json();
}

const patchStatus = (client: HttpClient, bookingId: string, status: string) =>
  client.postJson(`/api/bookings/${bookingId}/status`, { status }, "PATCH");

beforeAll(async () => {
  // One provider makes 150 booking moves in the reviews race: four times the limits (a user's bookings limit is 60 an hour).
  app = await startAppServer({ RATE_LIMIT_MULTIPLIER: "4" });
  crowd = await inBatches(Array.from({ length: 100 }), 10, (_, i) => signedIn(`crowd-${i}`, "provider"));
}, 240_000);
afterAll(async () => {
  await app?.stop();
});

describe("100 providers accepting one job at once", () => {
  it("gives exactly one of them the booking, answers the other 99 with 409, and stores one booking", async () => {
    const owner = await signedIn("race-owner");
    const job = await postJob(owner);
    const responses = await Promise.all(crowd.map((p) => p.postJson("/api/bookings", { jobId: job.id })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(bodies.filter((_, i) => statuses[i] === 409))).toEqual(new Set(["This job was already accepted"]));

    const winner = crowd[statuses.indexOf(201)];
    const booking = JSON.parse(bodies[statuses.indexOf(201)]);
    expect(booking).toMatchObject({ jobId: job.id, providerId: winner.id, seekerId: owner.id, status: "accepted" });
    const ownersBookings = await (await owner.request("/api/bookings/my-bookings")).json();
    expect(ownersBookings.filter((b: { job: { id: string } }) => b.job.id === job.id).map((b: { id: string }) => b.id)).toEqual([booking.id]);
    expect((await (await owner.request(`/api/jobs/${job.id}`)).json()).status).toBe("matched");
  });
});

describe("50 reviews of one provider at once", () => {
  it("counts every review and keeps averageRating exactly the mean of the stored ratings", async () => {
    const provider = await signedIn("reviewed", "provider");
    const reviewers = crowd.slice(0, 50);
    // Each reviewer posts a job that the provider accepts, starts and completes.
    const bookings = await inBatches(reviewers, 10, async (reviewer) => {
      const job = await postJob(reviewer, `Job of ${reviewer.id}`);
      const accepted = await provider.postJson("/api/bookings", { jobId: job.id });
      expect(accepted.status).toBe(201);
      const booking: { id: string } = await accepted.json();
      expect((await patchStatus(provider, booking.id, "in_progress")).status).toBe(200);
      expect((await patchStatus(provider, booking.id, "completed")).status).toBe(200);
      return booking;
    });
    // Uneven ratings, so a lost or double-counted review shows in the mean.
    const ratings = reviewers.map((_, i) => [5, 4, 5, 3, 1, 5, 2, 4][i % 8]);

    const responses = await Promise.all(
      reviewers.map((reviewer, i) => reviewer.postJson("/api/reviews", { bookingId: bookings[i].id, revieweeId: provider.id, rating: ratings[i] })),
    );
    expect(responses.map((r) => r.status)).toEqual(reviewers.map(() => 201));

    const sum = ratings.reduce((a, b) => a + b, 0);
    // A sum over 50 has at most two decimals: no rounding is involved in the expectation.
    const expectedAverage = (sum / ratings.length).toFixed(2);
    const profile = await (await crowd[99].request(`/api/users/${provider.id}`)).json();
    expect(profile).toMatchObject({ averageRating: expectedAverage, totalReviews: 50 });
    const received = await (await provider.request("/api/reviews/received")).json();
    expect(received).toHaveLength(50);
    expect(received.reduce((total: number, r: { rating: number }) => total + r.rating, 0)).toBe(sum);
  });
});

describe("favorite storms", () => {
  const favoriteOf = (target: Client) => ({ targetType: "provider", targetId: target.id, role: "seeker" });

  async function rowsFor(client: HttpClient, target: Client) {
    const favorites = await (await client.request("/api/favorites")).json();
    return favorites.filter((f: { targetId: string }) => f.targetId === target.id);
  }

  it("never stores a favorite twice, answers every add with the row, and settles on the last acknowledged change", async () => {
    const fan = await signedIn("fan");
    const target = crowd[0];
    const favorite = favoriteOf(target);

    const adds = await Promise.all(Array.from({ length: 30 }, () => fan.postJson("/api/favorites", favorite)));
    expect(adds.map((r) => r.status)).toEqual(adds.map(() => 201));
    const added = await Promise.all(adds.map((r) => r.json()));
    expect(new Set(added.map((f: { id: string }) => f.id)).size).toBe(1);
    expect(await rowsFor(fan, target)).toHaveLength(1);

    // Adds and removes interleaved: each add must still answer with the favorite, never an empty body.
    const mixed = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? fan.postJson("/api/favorites", favorite, "DELETE") : fan.postJson("/api/favorites", favorite))),
    );
    for (const [i, response] of mixed.entries()) {
      expect(response.status).toBe(i % 2 ? 200 : 201);
      const body = await response.json();
      if (i % 2) expect(typeof body.removed).toBe("boolean");
      else expect(body).toMatchObject({ targetId: target.id, targetType: "provider", role: "seeker" });
    }
    expect((await rowsFor(fan, target)).length).toBeLessThanOrEqual(1);

    // Whatever the storm left, the next acknowledged change decides.
    expect((await fan.postJson("/api/favorites", favorite)).status).toBe(201);
    expect(await rowsFor(fan, target)).toHaveLength(1);
    const removes = await Promise.all(Array.from({ length: 20 }, () => fan.postJson("/api/favorites", favorite, "DELETE")));
    const removed = await Promise.all(removes.map((r) => r.json()));
    expect(removes.map((r) => r.status)).toEqual(removes.map(() => 200));
    expect(removed.filter((r: { removed: boolean }) => r.removed)).toHaveLength(1);
    expect(await rowsFor(fan, target)).toEqual([]);
  });
});

describe("both parties messaging at once", () => {
  it("stores every acknowledged message once and reads the thread back in the same createdAt order every time", async () => {
    const seeker = await signedIn("chatty-seeker");
    const provider = crowd[1];
    const job = await postJob(seeker, "Chat race");
    const booking = await (await provider.postJson("/api/bookings", { jobId: job.id })).json();

    const sends = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const [from, to] = i % 2 ? [provider, seeker] : [seeker, provider];
        return from.postJson("/api/messages", { bookingId: booking.id, content: `message ${i}`, receiverId: to.id });
      }),
    );
    expect(sends.map((r) => r.status)).toEqual(sends.map(() => 201));
    const acknowledged: Array<{ id: string; content: string }> = await Promise.all(sends.map((r) => r.json()));

    const readThread = async (reader: HttpClient) => {
      const response = await reader.request(`/api/messages?bookingId=${booking.id}`);
      expect(response.status).toBe(200);
      return (await response.json()) as Array<{ id: string; content: string; createdAt: string }>;
    };
    const thread = await readThread(seeker);
    expect(thread.map((m) => m.id).sort()).toEqual(acknowledged.map((m) => m.id).sort());
    expect(new Set(thread.map((m) => m.content)).size).toBe(60);
    const times = thread.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const rereads = await Promise.all([readThread(provider), readThread(seeker), readThread(provider)]);
    for (const again of rereads) expect(again.map((m) => m.id)).toEqual(thread.map((m) => m.id));
  });
});

describe("a provider cancelling a booking while accepting its job again", () => {
  it("never gives them the job back: every accept is refused, whether it ran before or after the cancel, and the job stays open to others", async () => {
    const owner = await signedIn("re-accept-owner");
    const job = await postJob(owner, "Re-accept race");
    const provider = await signedIn("re-acceptor", "provider");
    const accepted = await provider.postJson("/api/bookings", { jobId: job.id });
    expect(accepted.status).toBe(201);
    const booking: { id: string } = await accepted.json();

    const [cancel, ...accepts] = await Promise.all([
      patchStatus(provider, booking.id, "cancelled"),
      ...Array.from({ length: 10 }, () => provider.postJson("/api/bookings", { jobId: job.id })),
    ]);
    expect(cancel.status).toBe(200);
    const later = await Promise.all(Array.from({ length: 5 }, () => provider.postJson("/api/bookings", { jobId: job.id })));
    const refusals = await Promise.all([...accepts, ...later].map(async (r) => `${r.status} ${await r.text()}`));
    // Before the cancel the job was taken; after it, it is the one job this provider may not take again.
    for (const refusal of refusals) {
      expect(["409 This job was already accepted", "409 You cancelled this job after accepting it: it is left to other providers"]).toContain(
        refusal,
      );
    }
    expect(refusals.slice(accepts.length)).toEqual(later.map(() => "409 You cancelled this job after accepting it: it is left to other providers"));

    const mine = await (await provider.request("/api/bookings/my-bookings")).json();
    expect(mine.filter((b: { jobId: string }) => b.jobId === job.id).map((b: { status: string }) => b.status)).toEqual(["cancelled"]);
    expect((await (await owner.request(`/api/jobs/${job.id}`)).json()).status).toBe("posted");
    expect((await crowd[2].postJson("/api/bookings", { jobId: job.id })).status).toBe(201);
  });
});

describe("a provider cancelling many accepted bookings at once", () => {
  it("lets exactly 3 through in 24 hours, refuses the rest with 429, and counts 3", async () => {
    const owner = await signedIn("cancel-storm-owner");
    const provider = await signedIn("cancel-storm", "provider");
    const bookings: Array<{ id: string }> = [];
    for (let i = 0; i < 8; i++) {
      const accepted = await provider.postJson("/api/bookings", { jobId: (await postJob(owner, `Storm ${i}`)).id });
      expect(accepted.status).toBe(201);
      bookings.push(await accepted.json());
    }
    const statuses = (await Promise.all(bookings.map((b) => patchStatus(provider, b.id, "cancelled")))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const mine: Array<{ status: string }> = await (await provider.request("/api/bookings/my-bookings")).json();
    expect(mine.filter((b) => b.status === "cancelled")).toHaveLength(3);
    expect((await (await owner.request(`/api/users/${provider.id}`)).json()).cancelledAfterAcceptingLast90Days).toBe(3);
  });
});
