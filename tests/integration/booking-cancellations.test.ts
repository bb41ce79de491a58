// A provider who accepts a job, reads its address and the seeker's phone, cancels and accepts again (issue 31 §3.1):
// the loop is bounded by the rules of decision 0062. A provider never takes back a job they cancelled after
// accepting it; such cancellations are 3 per 24 hours (then 429, and no accepting either); others see their count.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { flashedToast } from "../support/contact-privacy.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

const app = appServerForFile();

const TOO_MANY = "You cancelled 3 accepted bookings in the last 24 hours";
const CANCELLED_BEFORE = "You cancelled this job after accepting it: it is left to other providers";
const DAY_SECONDS = 24 * 60 * 60;

type Client = HttpClient & { id: string; phone: string };

async function signedIn(label: string, role: "seeker" | "provider" = "seeker"): Promise<Client> {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label), label, "Tester");
  const phone = `+1 555 ${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  const saved = await client.postForm("/profile", { firstName: label, lastName: "Tester", phoneNumber: phone, bio: "", address: "", hourlyRate: "" });
  expect(saved.status).toBe(302);
  if (role === "provider") {
    expect((await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" })).status).toBe(200);
    expect((await client.postJson("/api/users/toggle-online", { isOnline: true })).status).toBe(200);
  }
  const me = await (await client.request("/api/auth/user")).json();
  return Object.assign(client, { id: me.id as string, phone });
}

let streets = 0;
async function postJob(seeker: HttpClient): Promise<{ id: string; address: string }> {
  const address = `${100 + ++streets} Harvest St, Brooklyn, NY 11201`;
  const response = await seeker.postJson("/api/jobs", {
    title: `Fix a tap ${streets}`,
    description: "Dripping",
    categoryId: "repair",
    budget: 60,
    address,
  });
  expect(response.status).toBe(201);
  return response.json();
}

const accept = (provider: HttpClient, jobId: string) => provider.postJson("/api/bookings", { jobId });
const patch = (client: HttpClient, bookingId: string, status: string) => client.postJson(`/api/bookings/${bookingId}/status`, { status }, "PATCH");

async function expectTooManyCancellations(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(DAY_SECONDS - 600);
  expect(retryAfter).toBeLessThanOrEqual(DAY_SECONDS);
  expect(await response.text()).toBe(`${TOO_MANY}, try again in ${retryAfter} s`);
}

/** Posts a page form and reads the toast flashed on the page it redirects to. */
async function formToast(client: HttpClient, path: string, fields: Record<string, string>) {
  const submitted = await client.postForm(path, fields);
  expect(submitted.status).toBe(302);
  const { response } = await client.navigate(submitted.headers.get("Location")!);
  return flashedToast(await response.text());
}

describe("the accept → read → cancel → accept loop (issue 31 §3.1)", () => {
  it("yields three addresses a day, not one per cycle: a cancelled job is never taken back, and the fourth cycle is refused", async () => {
    const seeker = await signedIn("harvested");
    const harvester = await signedIn("harvester", "provider");
    const jobs = await Promise.all(Array.from({ length: 6 }, () => postJob(seeker)));

    const harvested: string[] = [];
    const answers: number[] = [];
    for (const job of jobs) {
      const accepted = await accept(harvester, job.id);
      answers.push(accepted.status);
      if (accepted.status !== 201) {
        await expectTooManyCancellations(accepted);
        continue;
      }
      const booking = await accepted.json();
      const read = await (await harvester.request(`/api/bookings/${booking.id}`)).json();
      expect(read.seeker.phoneNumber).toBe(seeker.phone);
      harvested.push(read.job.address);
      expect((await patch(harvester, booking.id, "cancelled")).status).toBe(200);

      // Once cancelled: the address and phone are gone from the booking, and the job cannot be taken again.
      const after = await (await harvester.request(`/api/bookings/${booking.id}`)).json();
      expect(after).toMatchObject({ status: "cancelled", seeker: { phoneNumber: null }, job: { status: "posted" } });
      expect(after.job.address).not.toBe(job.address);
      // (After the third cancellation the daily allowance answers first.)
      const again = await accept(harvester, job.id);
      if (harvested.length < 3) expect(`${again.status} ${await again.text()}`).toBe(`409 ${CANCELLED_BEFORE}`);
      else await expectTooManyCancellations(again);
    }
    expect(answers).toEqual([201, 201, 201, 429, 429, 429]);
    expect(harvested).toEqual(jobs.slice(0, 3).map((j) => j.address));

    // The jobs stay on the market for every other provider.
    const other = await signedIn("honest", "provider");
    expect((await accept(other, jobs[0].id)).status).toBe(201);
    const mine = await (await harvester.request("/api/bookings/my-bookings")).json();
    expect(mine.filter((b: { jobId: string }) => b.jobId === jobs[0].id)).toHaveLength(1);
  });

  it("refuses a fourth cancellation in 24 hours with 429 from the API and a toast from the page; the seeker may still cancel", async () => {
    const seeker = await signedIn("held-seeker");
    const provider = await signedIn("held-provider", "provider");
    const bookings = [];
    for (let i = 0; i < 5; i++) {
      const response = await accept(provider, (await postJob(seeker)).id);
      expect(response.status).toBe(201);
      bookings.push(await response.json());
    }
    for (const booking of bookings.slice(0, 3)) expect((await patch(provider, booking.id, "cancelled")).status).toBe(200);

    await expectTooManyCancellations(await patch(provider, bookings[3].id, "cancelled"));
    const toast = await formToast(provider, `/bookings/${bookings[4].id}`, { intent: "status", status: "cancelled" });
    expect(toast).toMatchObject({ destructive: true, title: "Too many requests" });
    expect(toast!.description).toMatch(new RegExp(`^${TOO_MANY}\\. Please try again in \\d+ minutes\\.$`));
    for (const booking of bookings.slice(3)) expect((await (await seeker.request(`/api/bookings/${booking.id}`)).json()).status).toBe("accepted");

    // Accepting waits too, from the API and from the job page.
    const next = await postJob(seeker);
    await expectTooManyCancellations(await accept(provider, next.id));
    const refused = await formToast(provider, `/jobs/${next.id}`, { intent: "accept" });
    expect(refused).toMatchObject({ destructive: true, title: "Too many requests" });
    expect(refused!.description).toContain(TOO_MANY);

    // The seeker's own cancelling is neither limited nor counted against anyone.
    expect((await patch(seeker, bookings[3].id, "cancelled")).status).toBe(200);
    const profile = await (await seeker.request(`/api/users/${provider.id}`)).json();
    expect(profile.cancelledAfterAcceptingLast90Days).toBe(3);
  });

  it("refuses the job page's accept of a job the provider cancelled, saying why", async () => {
    const seeker = await signedIn("page-seeker");
    const provider = await signedIn("page-provider", "provider");
    const job = await postJob(seeker);
    const booking = await (await accept(provider, job.id)).json();
    expect(await formToast(provider, `/bookings/${booking.id}`, { intent: "status", status: "cancelled" })).toMatchObject({
      title: "Booking cancelled",
    });
    const toast = await formToast(provider, `/jobs/${job.id}`, { intent: "accept" });
    expect(toast).toMatchObject({ destructive: true, description: CANCELLED_BEFORE });
    expect((await (await seeker.request(`/api/jobs/${job.id}`)).json()).status).toBe("posted");

    // The list and the page agree with the rule: the job is not offered to them again.
    const page = await (await provider.request(`/jobs/${job.id}`)).text();
    expect(page).toMatch(new RegExp(`data-testid="accept-blocked"[^]*${CANCELLED_BEFORE}`));
    expect(page).not.toContain('value="accept"');
    const available: Array<{ id: string }> = await (await provider.request("/api/jobs/available")).json();
    expect(available.map((j) => j.id)).not.toContain(job.id);
    const other = await signedIn("page-other", "provider");
    const theirs: Array<{ id: string }> = await (await other.request("/api/jobs/available")).json();
    expect(theirs.map((j) => j.id)).toContain(job.id);
  });
});

describe("a provider's cancellations after accepting, as others see them", () => {
  it("are counted on GET /api/users/{id} and the provider's page; completed jobs and the seeker's cancellations are not", async () => {
    const seeker = await signedIn("count-seeker");
    const provider = await signedIn("counted", "provider");
    const fresh = await (await seeker.request(`/api/users/${provider.id}`)).json();
    expect(fresh.cancelledAfterAcceptingLast90Days).toBe(0);

    const first = await (await accept(provider, (await postJob(seeker)).id)).json();
    const second = await (await accept(provider, (await postJob(seeker)).id)).json();
    const third = await (await accept(provider, (await postJob(seeker)).id)).json();
    expect((await patch(provider, first.id, "cancelled")).status).toBe(200);
    expect((await patch(provider, second.id, "cancelled")).status).toBe(200);
    expect((await patch(seeker, third.id, "cancelled")).status).toBe(200);

    const shown = await (await seeker.request(`/api/users/${provider.id}`)).json();
    expect(shown).toMatchObject({ id: provider.id, totalJobsCompleted: 0, cancelledAfterAcceptingLast90Days: 2 });
    expect(JSON.stringify(shown)).not.toContain(provider.phone);
    const page = await (await seeker.request(`/providers/${provider.id}`)).text();
    expect(page).toContain("Cancelled after accepting: 2 in the last 90 days");
  });
});
