// The operator console through the built server (issue 34): an operator sees the overview, the user lookup and a
// user's page, the audit log and the signals; a user and a visitor get a plain 404 on every page and endpoint;
// Suspend, Reinstate and Exclude work as plain form posts (no JavaScript) with their toasts; the signals flag one
// seeker completing 3 bookings with one provider and 3 reviewers signing in from one address (every test client
// is on loopback), and excluding a review recomputes the provider's rating.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { flashedToast } from "../support/contact-privacy.ts";
import { becomeOnlineProvider, HttpClient, signedInAs, uniqueEmail } from "../support/http-client.ts";

const OPERATOR = uniqueEmail("operator");
const app = appServerForFile({ ADMIN_EMAILS: OPERATOR });

const signedIn = (email: string, firstName = "Test", lastName = "User") => signedInAs(app.url, email, firstName, lastName);

async function provider(lastName: string) {
  const client = await signedIn(uniqueEmail("pro"), "Pat", lastName);
  await becomeOnlineProvider(client);
  const saved = await client.postForm("/profile", {
    firstName: "Pat",
    lastName,
    phoneNumber: "",
    bio: "",
    address: "",
    hourlyRate: "",
    providerCategories: "repair",
  });
  expect(saved.status).toBe(302);
  return client;
}

/** A job of the seeker, taken and completed by the provider: the booking's id. */
async function completedBooking(seeker: HttpClient, pro: HttpClient): Promise<string> {
  const job = await (
    await seeker.postJson("/api/jobs", {
      title: "Fix the tap",
      description: "Under the sink",
      categoryId: "repair",
      budget: 80,
      address: "1 Main St, Brooklyn, NY",
    })
  ).json();
  const accepted = await pro.postJson("/api/bookings", { jobId: job.id });
  expect(accepted.status).toBe(201);
  const booking = await accepted.json();
  for (const status of ["in_progress", "completed"])
    expect((await pro.postJson(`/api/bookings/${booking.id}/status`, { status }, "PATCH")).status).toBe(200);
  return booking.id;
}

async function review(seeker: HttpClient & { id: string }, bookingId: string, revieweeId: string, rating: number): Promise<string> {
  const response = await seeker.postJson("/api/reviews", { bookingId, revieweeId, rating, comment: "Great" });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

async function page(client: HttpClient, path: string): Promise<{ status: number; body: string }> {
  const response = await client.request(path);
  return { status: response.status, body: await response.text() };
}

/** A form posted as a browser without JavaScript: the redirect, and the toast of the page it leads to. */
async function postForm(client: HttpClient, path: string, fields: Record<string, string>) {
  const response = await client.postForm(path, fields);
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const { response: next } = await client.navigate(location);
  return { location, toast: flashedToast(await next.text()) };
}

const PAGES = ["/admin", "/admin/users?q=pat", "/admin/audit", "/admin/signals"];

describe("the console", () => {
  it("is a plain 404 for a visitor and a signed-in user, on every page, form and endpoint", async () => {
    const visitor = new HttpClient(app.url);
    const user = await signedIn(uniqueEmail("user"));
    const id = user.id;
    for (const client of [visitor, user]) {
      for (const path of [...PAGES, `/admin/users/${id}`]) expect((await page(client, path)).status, path).toBe(404);
      for (const path of ["/api/admin/overview", "/api/admin/users?q=a", `/api/admin/users/${id}`, "/api/admin/audit", "/api/admin/signals"]) {
        expect((await client.request(path)).status, path).toBe(404);
      }
      for (const path of [`/api/admin/users/${id}/suspend`, `/api/admin/users/${id}/reinstate`, `/api/admin/reviews/${id}/exclude`]) {
        expect((await client.postJson(path, { reason: "x" })).status, path).toBe(404);
      }
      // A page post too, a signed-out visitor's included: /admin is not there for them (request-body.server.ts).
      const forms = [
        [`/admin/users/${id}`, { intent: "suspend", reason: "x" }],
        ["/admin/signals", { intent: "exclude", reviewId: id, reason: "x" }],
      ] as const;
      for (const [path, fields] of forms) {
        const response = await client.postForm(path, fields);
        expect(response.status, path).toBe(404);
      }
    }
    expect((await (await user.request("/api/auth/user")).json()).suspendedAt).toBeNull();
  });

  it("shows the operator the overview as SVG charts with their data tables, and the API's 30 days", async () => {
    const operator = await signedIn(OPERATOR, "Olive", "Operator");
    const seeker = await signedIn(uniqueEmail("seeker"));
    const pro = await provider("Overview");
    await completedBooking(seeker, pro);
    const { status, body } = await page(operator, "/admin");
    expect(status).toBe(200);
    for (const title of ["Jobs posted", "Bookings accepted", "Bookings completed", "Completion rate", "Median time to accept", "Booked value"]) {
      expect(body).toContain(title);
    }
    expect(body.match(/<svg role="img" aria-label="[^"]+"/g)).toHaveLength(6);
    expect(body.match(/<figure/g)).toHaveLength(6);
    expect(body).toContain("Show data");
    expect(body).toContain("Providers online now");

    const health = await (await operator.request("/api/admin/overview")).json();
    expect(health.days).toHaveLength(30);
    const today = health.days.at(-1);
    expect(today.jobsPosted).toBeGreaterThanOrEqual(1);
    expect(today.accepted).toBeGreaterThanOrEqual(1);
    expect(today.completed).toBeGreaterThanOrEqual(1);
    expect(today.bookedValue).toBeGreaterThanOrEqual(80);
  });

  it("finds a user, shows their page, and suspends and reinstates them by plain form posts, each in the audit log", async () => {
    const operator = await signedIn(OPERATOR, "Olive", "Operator");
    const email = uniqueEmail("zelda");
    const target = await signedIn(email, "Zelda", "Quartermain");

    const found = await page(operator, "/admin/users?q=quartermain");
    expect(found.body).toContain(`/admin/users/${target.id}`);
    expect(await (await operator.request(`/api/admin/users?q=${encodeURIComponent(email.toUpperCase())}`)).json()).toMatchObject([{ id: target.id }]);

    const profile = await page(operator, `/admin/users/${target.id}`);
    expect(profile.status).toBe(200);
    for (const heading of [
      "Jobs posted",
      "Bookings",
      "Reviews received",
      "Reviews given",
      "Reports about them",
      "Reports they made",
      "Actions taken",
    ]) {
      expect(profile.body).toContain(heading);
    }

    const noReason = await postForm(operator, `/admin/users/${target.id}`, { intent: "suspend", reason: " ", days: "7" });
    expect(noReason.toast).toMatchObject({ destructive: true, description: expect.stringContaining("A reason is required") });

    const suspended = await postForm(operator, `/admin/users/${target.id}`, { intent: "suspend", reason: "Scam messages", days: "" });
    expect(suspended.location).toBe(`/admin/users/${target.id}`);
    expect(suspended.toast).toMatchObject({ destructive: false, title: "User suspended", description: expect.stringContaining("Indefinitely") });
    expect((await target.request("/api/auth/user")).status).toBe(401);
    const shown = await page(operator, `/admin/users/${target.id}`);
    expect(shown.body).toContain("Scam messages");
    expect(shown.body).toContain("indefinitely");

    const reinstated = await postForm(operator, `/admin/users/${target.id}`, { intent: "reinstate", reason: "Appeal upheld" });
    expect(reinstated.toast).toMatchObject({ destructive: false, title: "User reinstated" });
    const again = await operator.postJson(`/api/admin/users/${target.id}/reinstate`, { reason: "twice" });
    expect(again.status).toBe(409);

    const audit = await page(operator, `/admin/audit?target=${target.id}`);
    expect(audit.body).toContain("user.suspend");
    expect(audit.body).toContain("user.reinstate");
    expect(audit.body).toContain("Appeal upheld");
    const entries = (await (await operator.request(`/api/admin/audit?operator=${operator.id}&target=${target.id}`)).json()).entries;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(["user.reinstate", "user.suspend"]);
    expect((await operator.request("/api/admin/audit?operator=nope")).status).toBe(400);
  });

  it("flags a seeker completing 3 bookings with one provider and 3 reviewers from one address; Exclude recounts the rating", async () => {
    const operator = await signedIn(OPERATOR, "Olive", "Operator");
    const pro = await provider(`Flagged${Date.now()}`);
    const puppet = await signedIn(uniqueEmail("puppet"));
    const bookings: string[] = [];
    for (let i = 0; i < 3; i++) bookings.push(await completedBooking(puppet, pro));
    const inflated = await review(puppet, bookings[0]!, pro.id, 5);
    for (const rating of [4, 4]) {
      const seeker = await signedIn(uniqueEmail("reviewer"));
      await review(seeker, await completedBooking(seeker, pro), pro.id, rating);
    }

    const signals = await page(operator, "/admin/signals");
    expect(signals.status).toBe(200);
    const text = signals.body.replaceAll("<!-- -->", "");
    expect(text).toContain("3 times, $240.00 in all");
    expect(text).toContain("3 reviewers of");
    const flags: Array<{ kind: string; bookings?: Array<{ id: string }>; reviews?: Array<{ id: string }> }> = await (
      await operator.request("/api/admin/signals")
    ).json();
    const pair = flags.find((f) => f.kind === "repeated-pair" && f.bookings!.some((b) => b.id === bookings[0]));
    expect(pair?.bookings?.map((b) => b.id).sort()).toEqual([...bookings].sort());
    expect(flags.find((f) => f.kind === "shared-address" && f.reviews!.some((r) => r.id === inflated))?.reviews).toHaveLength(3);

    const before = (await (await operator.request(`/api/admin/users/${pro.id}`)).json()).user;
    expect(before).toMatchObject({ averageRating: "4.33", totalReviews: 3 });
    const excluded = await postForm(operator, "/admin/signals", { intent: "exclude", reviewId: inflated, reason: "Sock puppet" });
    expect(excluded.toast).toMatchObject({ destructive: false, title: "Review excluded" });
    const after = await (await operator.request(`/api/admin/users/${pro.id}`)).json();
    expect(after.user).toMatchObject({ averageRating: "4.00", totalReviews: 2 });
    expect(after.reviewsReceived.find((r: { id: string }) => r.id === inflated).excludedAt).not.toBeNull();
    expect((await operator.postJson(`/api/admin/reviews/${inflated}/exclude`, { reason: "again" })).status).toBe(409);
    expect((await page(operator, `/admin/users/${pro.id}`)).body).toContain("Excluded from rating");
    const audit = await (await operator.request(`/api/admin/audit?target=${inflated}`)).json();
    expect(audit.entries).toMatchObject([{ action: "review.exclude", reason: "Sock puppet" }]);
  });
});
