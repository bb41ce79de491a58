import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { flashedToast } from "../support/contact-privacy.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";
import { BOOKING, JOB } from "../support/spec-fields.ts";

const app = appServerForFile();

async function signedIn(label: string, role: "seeker" | "provider" = "seeker") {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label), label, "Tester");
  if (role === "provider") {
    await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" });
    await client.postJson("/api/users/toggle-online", { isOnline: true });
  }
  const me = await (await client.request("/api/auth/user")).json();
  return Object.assign(client, { id: me.id as string });
}

async function booking() {
  const seeker = await signedIn("seeker");
  const provider = await signedIn("provider", "provider");
  const job = await (await seeker.postJson("/api/jobs", { title: "Mount a TV", description: "65 inch", categoryId: "assembly", budget: 150 })).json();
  const created = await (await provider.postJson("/api/bookings", { jobId: job.id })).json();
  return { seeker, provider, job, booking: created };
}

const patch = (client: HttpClient, id: string, status: unknown) => client.postJson(`/api/bookings/${id}/status`, { status }, "PATCH");

describe("bookings carry every column (spec §3)", () => {
  it("lists and shows each booking with all its columns and its job's, so a client computes today's earnings", async () => {
    const { seeker, provider, job, booking: b } = await booking();
    await patch(provider, b.id, "in_progress");
    await patch(provider, b.id, "completed");
    const [listed] = await (await provider.request("/api/bookings/my-bookings")).json();
    expect(Object.keys(listed)).toEqual(expect.arrayContaining([...BOOKING, "job"]));
    expect(Object.keys(listed.job)).toEqual(expect.arrayContaining(JOB));
    expect(listed).toMatchObject({ id: b.id, jobId: job.id, paymentMethod: "card", job: { id: job.id, seekerId: seeker.id } });
    expect(new Date(listed.completedAt).toDateString()).toBe(new Date().toDateString());
    expect(listed.startedAt).not.toBeNull();
    for (const party of [seeker, provider]) {
      const shown = await (await party.request(`/api/bookings/${b.id}`)).json();
      expect(Object.keys(shown)).toEqual(expect.arrayContaining([...BOOKING, "job", "seeker", "provider"]));
      expect(Object.keys(shown.job)).toEqual(expect.arrayContaining(JOB));
    }
    // A completed booking's provider sees the job's area, not its exact place (decision 0039); the seeker sees it whole.
    const asProvider = await (await provider.request(`/api/bookings/${b.id}`)).json();
    const asSeeker = await (await seeker.request(`/api/bookings/${b.id}`)).json();
    expect(asSeeker.job.latitude).toBe(job.latitude);
    expect(Number(asProvider.job.latitude)).toBeCloseTo(Number(job.latitude), 1);
    expect(asProvider.job.latitude).toBe(Number(Number(job.latitude).toFixed(2)).toFixed(7));
  });
});

describe("POST /api/bookings", () => {
  it("takes the price the spec's client sends, and refuses one that is no amount with 400, accepting nothing", async () => {
    const seeker = await signedIn("price-seeker");
    const provider = await signedIn("price-provider", "provider");
    const post = async () =>
      (await seeker.postJson("/api/jobs", { title: "Fix a tap", description: "drips", categoryId: "repair", budget: 80 })).json();
    // As the spec's client accepts: the whole booking it means to make.
    const book = (jobId: string, agreedPrice: unknown, more: { scheduledAt?: string } = {}) =>
      provider.postJson("/api/bookings", { jobId, seekerId: seeker.id, agreedPrice, paymentMethod: "card", paymentStatus: "pending", ...more });
    for (const agreedPrice of ["-5", "NaN", "1e3", -1, ""]) {
      const job = await post();
      const refused = await book(job.id, agreedPrice);
      expect(refused.status, JSON.stringify(agreedPrice)).toBe(400);
      expect(await refused.text()).toContain('agreedPrice: must be an amount, such as "25.00"');
      expect((await (await seeker.request(`/api/jobs/${job.id}`)).json()).status).toBe("posted");
    }
    for (const agreedPrice of ["80.00", "0", 80]) {
      const job = await post();
      const accepted = await book(job.id, agreedPrice, { scheduledAt: new Date().toISOString() });
      expect(accepted.status, JSON.stringify(agreedPrice)).toBe(201);
      expect((await accepted.json()).agreedPrice).toBe("80.00");
    }
  });
});

describe("GET /api/bookings/:id", () => {
  it("shows the booking with job and both parties to the parties, 404 to strangers, 401 anonymous", async () => {
    const { seeker, provider, booking: b } = await booking();
    for (const party of [seeker, provider]) {
      const response = await party.request(`/api/bookings/${b.id}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({
        id: b.id,
        agreedPrice: "150.00",
        job: { title: "Mount a TV" },
        seeker: { id: seeker.id },
        provider: { id: provider.id },
      });
      expect(JSON.stringify(body)).not.toMatch(/@example\.com/);
    }
    const stranger = await signedIn("stranger");
    expect(await (await stranger.request(`/api/bookings/${b.id}`)).text()).toBe("Booking not found");
    expect((await new HttpClient(app.url).request(`/api/bookings/${b.id}`)).status).toBe(401);
  });
});

describe("PATCH /api/bookings/:id/status", () => {
  it("runs the lifecycle for the provider, with the job following", async () => {
    const { seeker, provider, job, booking: b } = await booking();
    const started = await patch(provider, b.id, "in_progress");
    expect(started.status).toBe(200);
    expect((await started.json()).startedAt).toBeTruthy();
    expect((await (await seeker.request(`/api/jobs/${job.id}`)).json()).status).toBe("in_progress");
    expect((await patch(provider, b.id, "completed")).status).toBe(200);
    expect((await (await seeker.request(`/api/jobs/${job.id}`)).json()).status).toBe("completed");
    expect((await (await provider.request("/api/auth/user")).json()).totalJobsCompleted).toBe(1);
  });

  it("refuses illegal moves with 409 naming the status, the wrong party with 403, strangers with 404", async () => {
    const { seeker, provider, booking: b } = await booking();
    const skip = await patch(provider, b.id, "completed");
    expect(skip.status).toBe(409);
    expect(await skip.text()).toMatch(/^This booking is accepted/);
    expect((await patch(seeker, b.id, "in_progress")).status).toBe(403);
    expect((await patch(await signedIn("stranger"), b.id, "in_progress")).status).toBe(404);
    expect((await patch(provider, b.id, "finished")).status).toBe(400);
    expect((await provider.postJson(`/api/bookings/${b.id}/status`, { status: "in_progress" })).status).toBe(405);
    expect((await (await seeker.request(`/api/bookings/${b.id}`)).json()).status).toBe("accepted");
  });

  it("lets the seeker cancel before work starts, withdrawing the job", async () => {
    const { seeker, job, booking: b } = await booking();
    expect((await patch(seeker, b.id, "cancelled")).status).toBe(200);
    expect((await (await seeker.request(`/api/jobs/${job.id}`)).json()).status).toBe("cancelled");
  });
});

describe("messages on a cancelled booking", () => {
  it("are refused with 409 by the API and the messages page, stored nowhere and notified to nobody", async () => {
    const { seeker, provider, booking: b } = await booking();
    expect((await seeker.postJson("/api/messages", { bookingId: b.id, content: "See you at 5", receiverId: provider.id })).status).toBe(201);
    expect((await patch(seeker, b.id, "cancelled")).status).toBe(200);
    const unread = async () =>
      (await (await provider.request("/api/notifications")).json()).filter((n: { type: string }) => n.type === "message").length;
    const before = await unread();

    const refused = await seeker.postJson("/api/messages", { bookingId: b.id, content: "Are you still coming?", receiverId: provider.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toBe("This booking was cancelled: messages are closed");

    const thread = `/messages?booking=${b.id}`;
    const submitted = await seeker.postForm(thread, { bookingId: b.id, content: "Hello again?" });
    expect(submitted.status).toBe(302);
    const { response: back } = await seeker.navigate(submitted.headers.get("Location")!);
    expect(flashedToast(await back.text())).toMatchObject({ destructive: true, description: "This booking was cancelled: messages are closed" });

    const messages = await (await provider.request(`/api/messages/${b.id}`)).json();
    expect(messages.map((m: { content: string }) => m.content)).toEqual(["See you at 5"]);
    expect(await unread()).toBe(before);
  });
});

describe("reading a thread", () => {
  it("marks it read for the reader, but not when another site sent the browser (a link, an image)", async () => {
    const { seeker, provider, booking: b } = await booking();
    expect((await seeker.postJson("/api/messages", { bookingId: b.id, content: "Gate code is 42", receiverId: provider.id })).status).toBe(201);
    const unreadOf = async () =>
      (await (await provider.request(`/api/messages/${b.id}`, { headers: { "Sec-Fetch-Site": "cross-site" } })).json()).filter(
        (m: { isRead: boolean }) => !m.isRead,
      ).length;
    for (const site of ["cross-site", "same-site"]) {
      for (const path of [`/api/messages/${b.id}`, `/api/messages?bookingId=${b.id}`]) {
        expect((await provider.request(path, { headers: { "Sec-Fetch-Site": site } })).status).toBe(200);
      }
    }
    expect(await unreadOf()).toBe(1);
    expect((await provider.request(`/api/messages/${b.id}`, { headers: { "Sec-Fetch-Site": "same-origin" } })).status).toBe(200);
    expect(await unreadOf()).toBe(0);
  });
});

describe("reviews", () => {
  async function completed() {
    const setup = await booking();
    await patch(setup.provider, setup.booking.id, "in_progress");
    await patch(setup.provider, setup.booking.id, "completed");
    return setup;
  }

  it("lets both parties review each other once and lists received reviews with the reviewer", async () => {
    const { seeker, provider, booking: b } = await completed();
    const first = await seeker.postJson("/api/reviews", { bookingId: b.id, revieweeId: provider.id, rating: 5, comment: "  Spotless work  " });
    expect(first.status).toBe(201);
    expect((await first.json()).comment).toBe("Spotless work");
    expect((await provider.postJson("/api/reviews", { bookingId: b.id, revieweeId: seeker.id, rating: 4 })).status).toBe(201);
    const twice = await seeker.postJson("/api/reviews", { bookingId: b.id, revieweeId: provider.id, rating: 3 });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toBe("You have already reviewed this booking");
    const received = await (await provider.request("/api/reviews/received")).json();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ rating: 5, reviewer: { id: seeker.id, firstName: "seeker" } });
    expect((await (await provider.request("/api/auth/user")).json()).averageRating).toBe("5.00");
  });

  it("refuses reviews before completion, of the wrong person, out of range, too long, by strangers", async () => {
    const early = await booking();
    expect((await early.seeker.postJson("/api/reviews", { bookingId: early.booking.id, revieweeId: early.provider.id, rating: 5 })).status).toBe(409);
    const { seeker, provider, booking: b } = await completed();
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ revieweeId: seeker.id, rating: 5 }, 400],
      [{ revieweeId: provider.id, rating: 0 }, 400],
      [{ revieweeId: provider.id, rating: 6 }, 400],
      [{ revieweeId: provider.id, rating: "5" }, 400],
      [{ revieweeId: provider.id, rating: 5, comment: "x".repeat(501) }, 400],
    ];
    for (const [body, status] of cases) {
      expect((await seeker.postJson("/api/reviews", { bookingId: b.id, ...body })).status, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
    const stranger = await signedIn("stranger");
    expect((await stranger.postJson("/api/reviews", { bookingId: b.id, revieweeId: provider.id, rating: 5 })).status).toBe(404);
    expect(await (await provider.request("/api/reviews/received")).json()).toEqual([]);
    expect((await new HttpClient(app.url).request("/api/reviews/received")).status).toBe(401);
  });
});

describe("the provider dashboard's active jobs (decision 0028)", () => {
  it("shows the 20 newest, then all of them behind 'Show all active jobs'", async () => {
    const seeker = await signedIn("busy-seeker");
    const provider = await signedIn("busy-provider", "provider");
    const titles: string[] = [];
    for (let i = 1; i <= 21; i++) {
      const job = await (await seeker.postJson("/api/jobs", { title: `Active job ${i}`, description: "d", categoryId: "repair" })).json();
      expect((await provider.postJson("/api/bookings", { jobId: job.id })).status).toBe(201);
      titles.push(`Active job ${i}`);
    }
    const cards = (html: string) => html.split('data-testid="active-job"').length - 1;
    // The Active Jobs list alone (Upcoming lists accepted bookings too, soonest first).
    const activeList = (html: string) => {
      const start = html.indexOf('data-testid="active-jobs"');
      return html.slice(start, html.indexOf("</ul>", start));
    };

    const dashboard = await (await provider.request("/")).text();
    expect(cards(dashboard)).toBe(20);
    expect(dashboard).toContain("Active job 21");
    expect(activeList(dashboard)).not.toMatch(/Active job 1</);
    expect(dashboard).toContain('href="/?activeJobs=all#active-jobs-title"');

    const all = await (await provider.request("/?activeJobs=all")).text();
    expect(cards(all)).toBe(21);
    expect(activeList(all)).toMatch(/Active job 1</);
    expect(all).not.toContain("Show all active jobs");
    // Upcoming previews the five soonest and points to the whole list, unless it is shown already.
    expect(dashboard.split('data-testid="upcoming-booking"').length - 1).toBe(5);
    expect(dashboard).toContain("See all your active jobs");
    expect(all).not.toContain("See all your active jobs");
  });
});
