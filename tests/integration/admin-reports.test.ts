// The operators' reports queue through the built server (issue 34): /admin/reports and /api/admin/* are a plain 404
// to everyone but operators; the page's forms work without JavaScript (a required reason, a toast, post/redirect/get);
// hiding a message removes it from both parties' threads in the API; the API dismisses and hides, 409 the second time.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { flashedToast } from "../support/contact-privacy.ts";
import { becomeOnlineProvider, HttpClient, signedInAs, uniqueEmail } from "../support/http-client.ts";
import { REPORT_PATH } from "../support/server-hooks.ts";

const app = appServerForFile();

const signedIn = (email: string, firstName: string) => signedInAs(app.url, email, firstName, "Tester");

async function report(values: { reporterId: string; targetType: string; targetId: string; targetUserId: string; reason: string; note?: string }) {
  const response = await fetch(new URL(REPORT_PATH, app.url), { method: "POST", body: JSON.stringify(values) });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** The page after a form's redirect, and the toast it shows. */
async function afterPost(client: HttpClient, response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/reports");
  const { response: page } = await client.navigate("/admin/reports");
  const html = await page.text();
  return { html, toast: flashedToast(html) };
}

describe("the reports queue", () => {
  it("is a plain 404 to everyone but operators, pages and API alike", async () => {
    const user = await signedIn(uniqueEmail("nosy"), "Nosy");
    const visitor = new HttpClient(app.url);
    for (const client of [user, visitor]) {
      expect((await client.request("/admin/reports")).status).toBe(404);
      expect(
        (await client.postForm("/admin/reports", { intent: "dismiss", targetType: "job", targetId: crypto.randomUUID(), reason: "x" })).status,
      ).toBe(404);
      expect((await client.request("/api/admin/reports")).status).toBe(404);
      const body = { targetType: "job", targetId: crypto.randomUUID(), reason: "x" };
      expect((await client.postJson("/api/admin/reports/dismiss", body)).status).toBe(404);
      expect((await client.postJson("/api/admin/hide", body)).status).toBe(404);
    }
  });

  it("shows a reported message in its thread; Hide and Dismiss work without JavaScript, the API refuses twice with 409", async () => {
    const operator = await signedIn("admin@nearhand.dev", "Ada");
    const seeker = await signedIn(uniqueEmail("seeker"), "Sam");
    const helper = await signedIn(uniqueEmail("helper"), "Harry");
    await becomeOnlineProvider(helper);
    const job = await (
      await seeker.postJson("/api/jobs", {
        title: "Hang shelves",
        description: "Three shelves",
        categoryId: "repair",
        address: "350 Jay St, Brooklyn, NY 11201",
      })
    ).json();
    const booking = await (await helper.postJson("/api/bookings", { jobId: job.id })).json();
    await seeker.postJson("/api/messages", { bookingId: booking.id, receiverId: helper.id, content: "When can you come?" });
    const abusive = await (
      await helper.postJson("/api/messages", { bookingId: booking.id, receiverId: seeker.id, content: "Pay me in cash or else" })
    ).json();
    await report({ reporterId: seeker.id, targetType: "message", targetId: abusive.id, targetUserId: helper.id, reason: "unsafe", note: "A threat" });

    const page = await (await operator.request("/admin/reports")).text();
    expect(page).toContain("Pay me in cash or else");
    expect(page).toContain("When can you come?");
    expect(page).toContain("Sam Tester");
    expect(page).toContain("A threat");
    expect(page.match(/<form[^>]*>/g)?.every((form) => form.includes('method="post"'))).toBe(true);

    const api = await (await operator.request("/api/admin/reports")).json();
    expect(api.find((g: { targetId: string }) => g.targetId === abusive.id)).toMatchObject({
      targetType: "message",
      count: 1,
      targetUserId: helper.id,
    });

    const noReason = await afterPost(
      operator,
      await operator.postForm("/admin/reports", { intent: "hide", targetType: "message", targetId: abusive.id, reason: " " }),
    );
    expect(noReason.toast).toMatchObject({ destructive: true });
    expect(`${noReason.toast!.title} ${noReason.toast!.description}`).toContain("A reason is required");

    const hidden = await afterPost(
      operator,
      await operator.postForm("/admin/reports", { intent: "hide", targetType: "message", targetId: abusive.id, reason: "Threat" }),
    );
    expect(hidden.toast).toMatchObject({ title: "Message hidden", destructive: false });
    expect(hidden.html).not.toContain("Pay me in cash or else");
    for (const party of [seeker, helper]) {
      const thread = await (await party.request(`/api/messages/${booking.id}`)).text();
      expect(thread).toContain("When can you come?");
      expect(thread).not.toContain("Pay me in cash or else");
    }
    const again = await operator.postJson("/api/admin/hide", { targetType: "message", targetId: abusive.id, reason: "Again" });
    expect(again.status).toBe(409);
    expect(await again.text()).toBe("This message is already hidden");

    await report({ reporterId: helper.id, targetType: "job", targetId: job.id, targetUserId: seeker.id, reason: "spam" });
    const dismissed = await operator.postJson("/api/admin/reports/dismiss", { targetType: "job", targetId: job.id, reason: "Not spam" });
    expect(dismissed.status).toBe(200);
    expect(await dismissed.json()).toEqual({ dismissed: 1 });
    expect((await operator.postJson("/api/admin/reports/dismiss", { targetType: "job", targetId: job.id, reason: "Again" })).status).toBe(409);
    expect((await operator.postJson("/api/admin/hide", { targetType: "user", targetId: job.id, reason: "x" })).status).toBe(400);
  });

  it("suspends a reported author from the queue (signed out at once) and reinstates them, without JavaScript", async () => {
    const operator = await signedIn("admin@nearhand.dev", "Ada");
    const reporter = await signedIn(uniqueEmail("reporter"), "Rita");
    const scammer = await signedIn(uniqueEmail("scammer"), "Scott");
    await report({
      reporterId: reporter.id,
      targetType: "user",
      targetId: scammer.id,
      targetUserId: scammer.id,
      reason: "scam",
      note: "Asked for a deposit",
    });

    const suspended = await afterPost(
      operator,
      await operator.postForm("/admin/reports", { intent: "suspend", targetType: "user", targetId: scammer.id, days: "", reason: "Deposit scam" }),
    );
    expect(suspended.toast).toMatchObject({ title: "Scott Tester suspended", destructive: false });
    expect(suspended.toast!.description).toContain("indefinitely");
    expect((await scammer.request("/api/auth/user")).status).toBe(401);

    // The group is closed; a new report about them shows their standing and the action, with Reinstate.
    await report({ reporterId: reporter.id, targetType: "user", targetId: scammer.id, targetUserId: scammer.id, reason: "other" });
    const page = await (await operator.request("/admin/reports")).text();
    expect(page).toContain("Suspended indefinitely: Deposit scam");
    expect(page).toContain("user.suspend");
    const reinstated = await afterPost(
      operator,
      await operator.postForm("/admin/reports", { intent: "reinstate", userId: scammer.id, reason: "Appeal accepted" }),
    );
    expect(reinstated.toast).toMatchObject({ title: "Scott Tester reinstated", destructive: false });
  });
});
