// Alert emails end to end: the app's worker sends through SMTP to the embedded catcher, which the test reads
// through the harness hook (tests/support/server-hooks.ts); the unsubscribe link is used as a mail client would.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { becomeOnlineProviderOf, signedInAs, uniqueEmail, type HttpClient } from "../support/http-client.ts";
import { MAIL_PATH } from "../support/server-hooks.ts";

const app = appServerForFile({ MAIL_WORKER_POLL_SECONDS: "0.5", MAIL_RETRY_SECONDS: "1" });

interface Caught {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

async function mailbox(): Promise<Caught[]> {
  return (await fetch(`${app.url}${MAIL_PATH}`)).json();
}

async function mailTo(email: string): Promise<Caught[]> {
  return (await mailbox()).filter((m) => m.to.includes(email));
}

/** Waits until `email` has `count` messages, then a little longer to see that no more arrive. */
async function settledMailTo(email: string, count: number): Promise<Caught[]> {
  await expect.poll(async () => (await mailTo(email)).length, { timeout: 20_000, interval: 200 }).toBeGreaterThanOrEqual(count);
  await new Promise((r) => setTimeout(r, 1500));
  return mailTo(email);
}

async function signedIn(label: string, role: "seeker" | "provider" = "seeker") {
  const client = await signedInAs(app.url, uniqueEmail(label), label, "Tester");
  if (role === "provider") await becomeOnlineProviderOf(client, label, "assembly");
  return client;
}

async function acceptedBooking(job: Record<string, unknown> = {}) {
  const seeker = await signedIn("seeker");
  const provider = await signedIn("provider", "provider");
  const posted = await (
    await seeker.postJson("/api/jobs", { title: "Mount a TV", description: "65 inch", categoryId: "assembly", budget: 150, ...job })
  ).json();
  const booking = await (await provider.postJson("/api/bookings", { jobId: posted.id })).json();
  return { seeker, provider, job: posted, booking };
}

const patch = (client: HttpClient, id: string, status: string) => client.postJson(`/api/bookings/${id}/status`, { status }, "PATCH");

describe("booking alerts", () => {
  it("tell the seeker, and only the seeker, that their job was accepted, in the in-app words, with both parts and a one-click unsubscribe", async () => {
    const { seeker, provider, booking } = await acceptedBooking();
    const [mail, ...more] = await settledMailTo(seeker.email, 1);
    expect(more).toEqual([]);
    expect(mail.subject).toBe("Job accepted");
    expect(mail.text).toContain(`provider accepted "Mount a TV"`);
    expect(mail.text).toContain(`${app.url}/bookings/${booking.id}`);
    expect(mail.html).toContain(`href="${app.url}/bookings/${booking.id}"`);
    expect(mail.html).not.toMatch(/<script|<img|https?:\/\/(?!localhost)/);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toMatch(
      new RegExp(`^<${app.url}/unsubscribe/one-click\\?user=${seeker.id}&kind=bookings&sig=[\\w-]+>$`),
    );
    expect(mail.text).toMatch(new RegExp(`Stop them: ${app.url}/unsubscribe\\?user=${seeker.id}&kind=bookings&sig=[\\w-]+\n`));
    expect(await mailTo(provider.email)).toEqual([]);
  });

  it("tell the seeker when the job starts and completes, the completed one leading to the review", async () => {
    const { seeker, provider, booking } = await acceptedBooking();
    await settledMailTo(seeker.email, 1);
    await patch(provider, booking.id, "in_progress");
    await patch(provider, booking.id, "completed");
    const mails = await settledMailTo(seeker.email, 3);
    expect(mails.map((m) => m.subject).sort()).toEqual(["Job accepted", "Job completed", "Job started"]);
    const completed = mails.find((m) => m.subject === "Job completed")!;
    expect(completed.text).toContain(`Leave a review: ${app.url}/bookings/${booking.id}?dialog=review#review`);
  });
});

describe("unsubscribing", () => {
  it("a mail client's one-click POST turns that kind off with no session; opening the link changes nothing; a forged link is refused", async () => {
    const { seeker, provider, booking } = await acceptedBooking();
    const [mail] = await settledMailTo(seeker.email, 1);
    const oneClickUrl = mail.headers["list-unsubscribe"].slice(1, -1);
    const page = /Stop them: (\S+)/.exec(mail.text)![1];

    const opened = await fetch(page);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Stop getting booking update emails from Nearhand?");
    const forged = await fetch(oneClickUrl.replace(/sig=[\w-]+/, "sig=forged"), {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(forged.status).toBe(404);
    expect((await fetch(page.replace(/sig=[\w-]+/, "sig=forged"))).status).toBe(404);

    const oneClick = await fetch(oneClickUrl, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    expect(oneClick.status).toBe(200);
    expect(await (await fetch(page)).text()).toContain("You will no longer get booking update emails.");

    await patch(provider, booking.id, "in_progress");
    await new Promise((r) => setTimeout(r, 2500));
    expect((await mailTo(seeker.email)).map((m) => m.subject)).toEqual(["Job accepted"]);
  });
});

describe("a mail server in trouble", () => {
  it("loses nothing: mail refused for a while is delivered, once, when the server takes mail again; the app answers meanwhile", async () => {
    await fetch(`${app.url}${MAIL_PATH}?refusing=true`, { method: "POST" });
    try {
      const { seeker } = await acceptedBooking();
      await new Promise((r) => setTimeout(r, 2500));
      expect(await mailTo(seeker.email)).toEqual([]);
      expect((await seeker.request("/api/bookings/my-bookings")).status).toBe(200);
      await fetch(`${app.url}${MAIL_PATH}?refusing=false`, { method: "POST" });
      const mails = await settledMailTo(seeker.email, 1);
      expect(mails.map((m) => m.subject)).toEqual(["Job accepted"]);
    } finally {
      await fetch(`${app.url}${MAIL_PATH}?refusing=false`, { method: "POST" });
    }
  });
});

describe("urgent jobs", () => {
  it("email an online provider offering the category nearby at once; a job that is not urgent sends no email now", async () => {
    const provider = await signedIn("near", "provider");
    const seeker = await signedIn("poster");
    await seeker.postJson("/api/jobs", { title: "Leaking tap", description: "now", categoryId: "assembly", isUrgent: true });
    await seeker.postJson("/api/jobs", { title: "Shelf someday", description: "later", categoryId: "assembly", isUrgent: false });
    const mails = await settledMailTo(provider.email, 1);
    expect(mails.map((m) => m.subject)).toEqual(["Urgent job near you"]);
    expect(mails[0].text).toContain('"Leaking tap"');
  });
});

describe("preferences on /profile", () => {
  it("show each kind on by default but the digest, and a kind turned off with the no-JS form sends no more email", async () => {
    const provider = await signedIn("choosy", "provider");
    const checked = async () => {
      const page = await (await provider.request("/profile")).text();
      return Object.fromEntries(
        [...page.matchAll(/<input type="checkbox"[^>]*name="(\w+)"[^>]*>/g)]
          .filter(([, name]) => !name.startsWith("push_"))
          .map(([input, name]) => [name, input.includes('checked=""')]),
      );
    };
    expect(await checked()).toEqual({ urgentJobs: true, jobDigest: false, bookings: true, messages: true, reviews: true });
    expect((await provider.postForm("/profile/email-alerts", { bookings: "on", messages: "on", reviews: "on" })).status).toBe(302);
    expect(await checked()).toEqual({ urgentJobs: false, jobDigest: false, bookings: true, messages: true, reviews: true });
    const seeker = await signedIn("poster2");
    await seeker.postJson("/api/jobs", { title: "Burst pipe", description: "now", categoryId: "assembly", isUrgent: true });
    await new Promise((r) => setTimeout(r, 2500));
    expect(await mailTo(provider.email)).toEqual([]);
  });
});

describe("/dev/mail", () => {
  it("is the signed-in user's mailbox: lists their mail only and opens a message; signed out, it asks for sign-in", async () => {
    const { seeker, provider } = await acceptedBooking();
    await settledMailTo(seeker.email, 1);
    const page = await (await seeker.request("/dev/mail")).text();
    expect(page).toContain("Development mailbox");
    expect(page).toContain(`to ${seeker.email}`);
    const id = /href="\/dev\/mail\?id=(\d+)"/.exec(page)![1];
    const opened = await (await seeker.request(`/dev/mail?id=${id}`)).text();
    expect(opened).toContain("list-unsubscribe");
    expect(opened).toContain("Job accepted");
    expect(await (await provider.request("/dev/mail")).text()).not.toContain(seeker.email);
    expect(await (await provider.request(`/dev/mail?id=${id}`)).text()).not.toContain("list-unsubscribe");
    expect((await fetch(`${app.url}/dev/mail`, { redirect: "manual" })).headers.get("location")).toMatch(/^\/api\/login/);
  });
});
