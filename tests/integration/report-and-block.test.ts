// Report and block (issue 34) through the built server: the JSON API (POST /api/reports, POST and DELETE /api/blocks
// and what a block refuses elsewhere) and the no-JavaScript forms (/report, /blocks) with their toasts and pages.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { flashedToast } from "../support/contact-privacy.ts";
import { becomeOnlineProvider, signedInAs, uniqueEmail, type HttpClient } from "../support/http-client.ts";

const app = appServerForFile();
const word = () => `zq${Math.random().toString(36).slice(2, 8)}`;

const signedIn = (label: string, lastName = "Tester") => signedInAs(app.url, uniqueEmail(label), label, lastName);

/** An online provider offering repair, findable by their unique last name. */
async function provider(lastName = `Blockson${word()}`) {
  const client = await signedIn("Pat", lastName);
  await becomeOnlineProvider(client);
  const saved = await client.postForm("/profile?edit=1", {
    firstName: "Pat",
    lastName,
    phoneNumber: "555-0142",
    bio: "",
    address: "10002",
    hourlyRate: "40",
    providerCategories: "repair",
  });
  expect(saved.status).toBeLessThan(400);
  return Object.assign(client, { lastName });
}

const job = { categoryId: "repair", title: "Dripping tap", description: "Bathroom", budget: 70 };
const postJob = async (client: HttpClient) => {
  const response = await client.postJson("/api/jobs", job);
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
};
/** The page the browser lands on after a form post, and the toast it shows. */
const landed = async (client: HttpClient, response: Response) => {
  expect(response.status).toBe(302);
  const { response: page, url } = await client.navigate(response.headers.get("Location")!);
  const html = await page.text();
  return { url, html, toast: flashedToast(html) };
};

describe("POST /api/reports", () => {
  it("reports once per target (409 after), never oneself (403), only what the caller may see (404), with reasons checked (400)", async () => {
    const seeker = await signedIn("seeker");
    const reporter = await signedIn("reporter");
    const posted = await postJob(seeker);
    const body = { targetType: "job", targetId: posted.id, reason: "scam", note: "Wants a deposit first" };
    const sent = await reporter.postJson("/api/reports", body);
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ ...body, status: "open" });
    const again = await reporter.postJson("/api/reports", { ...body, reason: "spam" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already reported");
    expect((await seeker.postJson("/api/reports", body)).status).toBe(403);
    expect((await seeker.postJson("/api/reports", { targetType: "user", targetId: seeker.id, reason: "other" })).status).toBe(403);
    expect((await reporter.postJson("/api/reports", { targetType: "message", targetId: crypto.randomUUID(), reason: "other" })).status).toBe(404);
    expect((await reporter.postJson("/api/reports", { ...body, reason: "boring" })).status).toBe(400);
    expect((await reporter.postJson("/api/reports", { ...body, note: "x".repeat(1001) })).status).toBe(400);
    // The reported seeker hears nothing of it.
    const told = await (await seeker.request("/api/notifications")).text();
    expect(told).not.toMatch(/report/i);
  });
});

describe("a block through the API, either way", () => {
  it("closes messages (409, the same words both ways), the blocker's jobs, the directory and requests; bookings stay", async () => {
    const seeker = await signedIn("seeker");
    const worker = await provider();
    const first = await postJob(seeker);
    const accepted = await worker.postJson("/api/bookings", { jobId: first.id });
    expect(accepted.status).toBe(201);
    const booking = (await accepted.json()) as { id: string };
    const later = await postJob(seeker);

    expect((await seeker.postJson("/api/blocks", { userId: worker.id })).status).toBe(201);
    expect((await seeker.postJson("/api/blocks", { userId: worker.id })).status).toBe(201);
    expect((await seeker.postJson("/api/blocks", { userId: seeker.id })).status).toBe(403);
    expect((await seeker.postJson("/api/blocks", { userId: crypto.randomUUID() })).status).toBe(404);

    for (const [sender, receiver] of [
      [seeker, worker],
      [worker, seeker],
    ]) {
      const refused = await sender.postJson("/api/messages", { bookingId: booking.id, content: "Hello?", receiverId: receiver.id });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("You can't message this person");
      expect((await sender.request(`/api/bookings/${booking.id}`)).status).toBe(200);
      expect((await sender.request(`/api/messages?bookingId=${booking.id}`)).status).toBe(200);
    }
    const available = await (await worker.request("/api/jobs/available")).text();
    expect(available).not.toContain(later.id);
    expect((await worker.request(`/api/jobs/${later.id}`)).status).toBe(404);
    expect((await worker.postJson("/api/bookings", { jobId: later.id })).status).toBe(404);
    const directory = await (await seeker.request(`/api/providers?q=${worker.lastName}`)).json();
    expect(directory.providers).toEqual([]);
    expect(await (await seeker.request("/api/providers/available/repair")).text()).not.toContain(worker.id);
    const request = await seeker.postJson("/api/bookings/requests", { ...job, providerId: worker.id, when: "asap" });
    expect(request.status).toBe(404);
    expect(await request.text()).toContain("Provider not found");

    const unblocked = await seeker.postJson("/api/blocks", { userId: worker.id }, "DELETE");
    expect(await unblocked.json()).toEqual({ removed: true });
    expect(await (await seeker.postJson("/api/blocks", { userId: worker.id }, "DELETE")).json()).toEqual({ removed: false });
    expect((await worker.postJson("/api/messages", { bookingId: booking.id, content: "Back", receiverId: seeker.id })).status).toBe(201);
    expect((await worker.postJson("/api/bookings", { jobId: later.id })).status).toBe(201);
  });
});

describe("the forms without JavaScript", () => {
  it("report from the page: the form, 'Report sent', and a clear refusal of a second report", async () => {
    const seeker = await signedIn("seeker");
    const reporter = await signedIn("reporter");
    const posted = await postJob(seeker);
    const jobPage = await (await reporter.request(`/jobs/${posted.id}`)).text();
    expect(jobPage).toContain(`/report?targetType=job&amp;targetId=${posted.id}`);
    const formPage = await reporter.request(`/report?targetType=job&targetId=${posted.id}&returnTo=${encodeURIComponent(`/jobs/${posted.id}`)}`);
    expect(formPage.status).toBe(200);
    expect(await formPage.text()).toContain("Why are you reporting this?");
    const form = { targetType: "job", targetId: posted.id, reason: "spam", note: "", returnTo: `/jobs/${posted.id}` };
    const sent = await landed(reporter, await reporter.postForm("/report", form));
    expect(sent.url).toContain(`/jobs/${posted.id}`);
    expect(sent.toast).toEqual({ title: "Report sent", description: "Thanks. Our team will review it.", destructive: false });
    const again = await landed(reporter, await reporter.postForm("/report", form));
    expect(again.toast).toMatchObject({ destructive: true, description: expect.stringContaining("already reported") });
    // The seeker's own job has no Report link.
    expect(await (await seeker.request(`/jobs/${posted.id}`)).text()).not.toContain("/report?targetType=job");
  });

  it("block from the profile: the thread says why instead of the send box, the profile lists them, Unblock reopens", async () => {
    const seeker = await signedIn("seeker");
    const worker = await provider();
    const posted = await postJob(seeker);
    const booking = (await (await worker.postJson("/api/bookings", { jobId: posted.id })).json()) as { id: string };
    const profile = `/providers/${worker.id}`;
    const blocked = await landed(seeker, await seeker.postForm("/blocks", { userId: worker.id, intent: "block", returnTo: profile }));
    expect(blocked.toast).toMatchObject({ title: "User blocked", destructive: false });
    expect(blocked.html).toContain('data-testid="block-button"');
    expect(blocked.html).toContain(">Unblock<");
    expect(blocked.html).not.toContain('data-testid="request-provider"');

    for (const party of [seeker, worker]) {
      const thread = await (await party.request(`/messages?booking=${booking.id}`)).text();
      expect(thread).toContain('data-testid="thread-blocked"');
      expect(thread).toContain("You can&#x27;t message this person");
      const sent = await landed(party, await party.postForm(`/messages?booking=${booking.id}`, { bookingId: booking.id, content: "Hi" }));
      expect(sent.toast).toMatchObject({ destructive: true, description: "You can't message this person" });
    }
    expect((await seeker.request(`/providers/${worker.id}/request`)).status).toBe(404);

    const listed = await (await seeker.request("/profile")).text();
    expect(listed).toContain(`Pat ${worker.lastName}`);
    const unblocked = await landed(seeker, await seeker.postForm("/blocks", { userId: worker.id, intent: "unblock", returnTo: "/profile" }));
    expect(unblocked.toast).toMatchObject({ title: "User unblocked" });
    expect(unblocked.html).toContain('data-testid="blocked-users-empty"');
    expect(await (await seeker.request(`/messages?booking=${booking.id}`)).text()).not.toContain('data-testid="thread-blocked"');
  });
});
