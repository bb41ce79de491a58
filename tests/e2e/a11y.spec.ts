// Accessibility: axe (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA) on every screen and dialog — signed out, as a
// seeker and as a provider, with JavaScript and without it — at a phone (390×844) and a desktop (1280×800)
// width. Every run must have 0 violations; each run prints its number of checks (passes + violations +
// incomplete rule results) and the file prints the total at the end. One signed-in page per role is reused
// and only resized between the two widths; the data (jobs, bookings in each status, messages, reviews,
// favorites) is built through the JSON API once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIResponse, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

import {
  becomeOnlineProvider,
  expect,
  fetchAuthUser,
  newNoJsContext,
  roleSwitchLink,
  signIn,
  test,
  uniqueEmail,
  waitForHydration,
} from "./support.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

// The two tests (with and without JavaScript) run side by side, each in its own worker with its own data.
test.describe.configure({ mode: "parallel" });

let totalChecks = 0;
let totalRuns = 0;

/** The scratch page (with JavaScript) that axe checks a no-JS page's document in, per worker. */
let scratch: Page | undefined;
const SNAPSHOT_PATH = "/__a11y-no-js-snapshot";

/**
 * One axe run on the page as it is now; a soft failure lists the violations (rule, impact, targets).
 * axe is a script, and Playwright cannot evaluate scripts in a page without JavaScript: there the document as
 * the browser parsed it without scripting (<noscript> content included) is copied, minus its (never run)
 * scripts and with its <noscript> wrappers unwrapped, into a scratch page of the same origin, width and
 * stylesheets, and axe checks that copy.
 */
async function axe(page: Page, label: string, javaScript: boolean) {
  const started = Date.now();
  // A dialog still fading in mixes its colours with the page's: axe would measure contrast mid-animation (seen
  // once on a busy runner: 3.74:1 on the upload dialog's link). Finite animations are waited for; spinners are not.
  if (javaScript)
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
  let target = page;
  if (!javaScript) {
    if (!scratch) throw new Error("no scratch page for the no-JS runs");
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
    await scratch.setViewportSize(page.viewportSize()!);
    await scratch.route(`**${SNAPSHOT_PATH}`, (route) => route.fulfill({ contentType: "text/html", body: html }), { times: 1 });
    await scratch.goto(SNAPSHOT_PATH);
    target = scratch;
  }
  const results = await new AxeBuilder({ page: target })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const checks = results.passes.length + results.violations.length + results.incomplete.length;
  totalChecks += checks;
  totalRuns += 1;
  console.log(
    `axe ${label}: ${checks} checks (${results.passes.length} passed, ${results.violations.length} violations, ${results.incomplete.length} incomplete) in ${Date.now() - started} ms`,
  );
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ")}`).join(" | ")}`,
  );
  expect.soft(violations, `axe violations on ${label}`).toEqual([]);
}

// One walk is about 1.5 min on an idle machine. CI runs both walks side by side on 2 cores with the other suites:
// on a slow machine each went past 6 min near its end (about 95 scans at 3–4 s each), so each gets 10.
const WALK_TIMEOUT_MS = 600_000;

/** Scans what is on screen at the phone width, then at the desktop width (the page is resized, not reloaded). */
async function scanBoth(page: Page, label: string, mode: "js" | "no-js") {
  await page.setViewportSize(PHONE);
  await axe(page, `${mode} ${label} @390`, mode === "js");
  await page.setViewportSize(DESKTOP);
  await axe(page, `${mode} ${label} @1280`, mode === "js");
}

/** Opens a dialog with JavaScript by `opener`, scans it at both widths, and closes it with Escape. */
async function scanDialog(page: Page, opener: Locator, name: string, label: string) {
  await opener.click();
  await expect(page.getByRole("dialog", { name })).toBeVisible();
  await scanBoth(page, label, "js");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

interface Data {
  seekerContext: BrowserContext;
  providerContext: BrowserContext;
  seeker: Page;
  provider: Page;
  openJobId: string;
  providerId: string;
  bookings: { accepted: string; in_progress: string; completed: string; cancelled: string };
  /** Direct requests of the seeker to the provider: one waiting, one declined. */
  requests: { pending: string; declined: string };
  /** The demo operator (issue 34's console), and a user they suspended. */
  operatorContext: BrowserContext;
  operator: Page;
  suspendedId: string;
}

let data: Data;

async function newSignedInPage(browser: Browser, baseURL: string | undefined, prefix: string, firstName: string, lastName: string) {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, { email: uniqueEmail(prefix), firstName, lastName });
  return { context, page };
}

async function ok(response: Promise<APIResponse>, status: number) {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  return answer.json() as Promise<{ id: string }>;
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const seeker = await newSignedInPage(browser, baseURL, "a11y-seeker", "Sasha", "Client");
  const provider = await newSignedInPage(browser, baseURL, "a11y-provider", "Pat", "Fixer");
  await becomeOnlineProvider(provider.page.request);
  const seekerUser = await fetchAuthUser(seeker.page.request);
  const providerUser = await fetchAuthUser(provider.page.request);

  const postJob = (title: string) =>
    ok(
      seeker.page.request.post("/api/jobs", {
        data: {
          title,
          description: "The garden gate hinge broke and the gate no longer closes.",
          categoryId: "repair",
          address: "Brooklyn, NY",
          budget: 150,
          isUrgent: true,
        },
      }),
      201,
    );
  const book = async (title: string) => {
    const job = await postJob(title);
    return (await ok(provider.page.request.post("/api/bookings", { data: { jobId: job.id } }), 201)).id;
  };
  const move = (bookingId: string, status: string) => ok(provider.page.request.patch(`/api/bookings/${bookingId}/status`, { data: { status } }), 200);

  const accepted = await book("Fix the garden gate");
  const inProgress = await book("Paint the fence");
  await move(inProgress, "in_progress");
  const completed = await book("Mount a shelf");
  await move(completed, "in_progress");
  await move(completed, "completed");
  const cancelled = await book("Clean the gutters");
  await move(cancelled, "cancelled");
  const openJob = await postJob("Assemble a wardrobe");

  // Direct requests (issue 33): the provider offers repair; one request waits for an answer, one was declined.
  const profile = await provider.page.request.post("/profile?edit=1", {
    headers: { Origin: new URL(baseURL!).origin },
    form: { firstName: "Pat", lastName: "Fixer", phoneNumber: "", bio: "", address: "", hourlyRate: "40", providerCategories: "repair" },
  });
  expect(profile.status(), await profile.text()).toBeLessThan(400);
  const requestPro = (title: string) =>
    ok(
      seeker.page.request.post("/api/bookings/requests", {
        data: { providerId: providerUser.id, categoryId: "repair", title, description: "The kitchen door sticks.", when: "asap" },
      }),
      201,
    );
  const pending = (await requestPro("Plane the kitchen door")).id;
  const declined = (await requestPro("Oil the hinges")).id;
  await ok(provider.page.request.patch(`/api/bookings/${declined}/status`, { data: { status: "cancelled", reason: "Away that week" } }), 200);

  // The provider reviewed the client; the client has not reviewed yet (the page offers 'Leave Review').
  await ok(
    provider.page.request.post("/api/reviews", { data: { bookingId: completed, revieweeId: seekerUser.id, rating: 4, comment: "Friendly client." } }),
    201,
  );
  for (const [from, to, content] of [
    [seeker.page, providerUser.id, "Hi! The gate is at the back of the house."],
    [provider.page, seekerUser.id, "Thanks, I'll be there in 20 minutes."],
  ] as const) {
    await ok(from.request.post("/api/messages", { data: { bookingId: accepted, content, receiverId: to } }), 201);
  }
  // The seeker's favorites: the provider and a job.
  await ok(seeker.page.request.post("/api/favorites", { data: { targetType: "provider", targetId: providerUser.id, role: "seeker" } }), 201);
  await ok(seeker.page.request.post("/api/favorites", { data: { targetType: "job", targetId: openJob.id, role: "seeker" } }), 201);

  // The console (issue 34): the demo operator, who suspended a user (the audit log and a Reinstate form).
  const operatorContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const operator = await operatorContext.newPage();
  await signIn(operator, { email: "admin@nearhand.dev", firstName: "Ada", lastName: "Admin" });
  const target = await newSignedInPage(browser, baseURL, "a11y-suspended", "Sam", "Spammer");
  const targetId = (await fetchAuthUser(target.page.request)).id;
  await target.context.close();
  await ok(operator.request.post(`/api/admin/users/${targetId}/suspend`, { data: { reason: "Spam in messages", days: 7 } }), 200);

  data = {
    operatorContext,
    operator,
    suspendedId: targetId,
    seekerContext: seeker.context,
    providerContext: provider.context,
    seeker: seeker.page,
    provider: provider.page,
    openJobId: openJob.id,
    providerId: providerUser.id,
    bookings: { accepted, in_progress: inProgress, completed, cancelled },
    requests: { pending, declined },
  };
});

test.afterAll(async () => {
  // The two tests run in two workers: each worker records its count where the other can read it; the
  // worker that finishes last prints the grand total.
  const folder = process.env.NEARHAND_E2E_DATA_DIR ?? os.tmpdir();
  fs.writeFileSync(path.join(folder, `a11y-checks-${test.info().workerIndex}.json`), JSON.stringify({ checks: totalChecks, runs: totalRuns }));
  const all = fs
    .readdirSync(folder)
    .filter((name) => name.startsWith("a11y-checks-"))
    .map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), "utf8")) as { checks: number; runs: number });
  console.log(`axe this worker: ${totalChecks} checks in ${totalRuns} runs`);
  console.log(
    `axe total (all workers so far): ${all.reduce((sum, c) => sum + c.checks, 0)} checks in ${all.reduce((sum, c) => sum + c.runs, 0)} runs`,
  );
  await data?.seekerContext.close();
  await data?.providerContext.close();
});

/** Signed out: the landing page and the 404 page, at both widths. */
async function scanSignedOut(page: Page, mode: "js" | "no-js") {
  await page.goto("/");
  await scanBoth(page, "landing (signed out)", mode);
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await scanBoth(page, "404", mode);
}

/** The screens every signed-in role shares, plus the ones of each role; `open` navigates (and hydrates). */
async function scanSignedIn(seeker: Page, provider: Page, mode: "js" | "no-js", javaScript: boolean) {
  const open = async (page: Page, path: string) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await waitForHydration(page);
  };
  /** Opens `path` and scans it at both widths. */
  const screen = async (page: Page, path: string, label: string) => {
    await open(page, path);
    await scanBoth(page, label, mode);
  };
  const { bookings, requests, openJobId, providerId } = data;

  // --- The seeker.
  await open(seeker, "/");
  await expect(seeker.getByTestId("your-booking").filter({ hasText: "Plane the kitchen door" })).toContainText("Waiting for Pat Fixer to answer");
  await scanBoth(seeker, "home (seeker) with bookings", mode);
  if (javaScript) {
    await seeker.setViewportSize(DESKTOP);
    await scanDialog(seeker, roleSwitchLink(seeker), "Offering Services As", "role-switch dialog");
  } else {
    await screen(seeker, "/switch-role?returnTo=%2F", "role-switch page");
  }

  await screen(seeker, "/post-job", "post-job step 1");
  await screen(seeker, "/post-job?category=repair", "post-job step 2");
  await screen(seeker, "/post-job?category=repair&step=3", "post-job step 3");
  if (javaScript) {
    // The job image's upload dialog (Uppy, loaded on demand; without JavaScript a plain file input on the page).
    await scanDialog(seeker, seeker.getByRole("button", { name: "Add image" }), "Job image", "upload dialog");
    // Focus goes back to the button that opened it.
    await expect(seeker.getByRole("button", { name: "Add image" })).toBeFocused();
  }

  // A missing title: the error is tied to its field (aria-invalid, aria-describedby naming the message).
  await seeker.getByRole("button", { name: "Post Job" }).click();
  const message = seeker.getByText("Title is required");
  await expect(message).toBeVisible();
  const title = seeker.getByLabel("Title");
  await expect(title).toHaveAttribute("aria-invalid", "true");
  const messageId = await message.getAttribute("id");
  expect(messageId, "the error message has an id").toBeTruthy();
  await expect(title).toHaveAttribute("aria-describedby", new RegExp(`(^|\\s)${messageId}(\\s|$)`));
  await expect(title).toHaveAccessibleDescription(/Title is required/);
  await scanBoth(seeker, "post-job step 3 with errors", mode);

  await screen(seeker, "/my-jobs", "my jobs");
  await screen(seeker, "/providers?q=patel", "provider directory");
  await screen(seeker, "/providers?q=zzzz-nobody", "provider directory, nothing found");

  for (const status of ["accepted", "in_progress", "completed", "cancelled"] as const) {
    await open(seeker, `/bookings/${bookings[status]}`);
    await expect(seeker.getByTestId("booking-status")).toHaveText(new RegExp(status.replace("_", " ")));
    await scanBoth(seeker, `booking ${status}`, mode);
  }

  // The dialogs of the booking page (without JavaScript: the page's sections).
  if (javaScript) {
    await open(seeker, `/bookings/${bookings.completed}`);
    await scanDialog(seeker, seeker.getByRole("link", { name: "Leave Review" }), "Leave a Review", "review dialog");
  } else {
    await open(seeker, `/bookings/${bookings.completed}?dialog=review`);
    await expect(seeker.getByRole("region", { name: "Leave a Review" })).toBeVisible();
    await scanBoth(seeker, "review section", mode);
  }

  // Pay now and the cancel question of an accepted booking: in place with JavaScript, the page's sections without.
  if (javaScript) {
    await open(seeker, `/bookings/${bookings.accepted}`);
    await scanDialog(seeker, seeker.getByRole("link", { name: "Pay now" }), "Payment", "payment dialog");
    await seeker.getByRole("link", { name: "Cancel booking" }).click();
  } else {
    await open(seeker, `/bookings/${bookings.accepted}?dialog=payment`);
    await expect(seeker.getByTestId("payment-notice")).toBeVisible();
    await scanBoth(seeker, "payment notice", mode);
    await open(seeker, `/bookings/${bookings.accepted}?confirm=cancel`);
  }
  await expect(seeker.getByText("Cancel this booking?")).toBeVisible();
  await scanBoth(seeker, "cancel confirmation", mode);

  await screen(seeker, `/providers/${providerId}`, "provider's public page");
  await screen(seeker, `/providers/${providerId}/request`, "request form");
  await screen(seeker, `/bookings/${requests.pending}`, "request waiting (seeker)");
  await screen(seeker, `/bookings/${requests.declined}`, "request declined, post to everyone (seeker)");

  await open(seeker, `/messages?booking=${bookings.accepted}`);
  await expect(seeker.getByTestId("thread-messages").getByTestId("message")).toHaveCount(2);
  await scanBoth(seeker, "messages with a conversation", mode);
  await screen(seeker, "/notifications", "notifications");
  await screen(seeker, "/profile", "profile (seeker)");
  await screen(seeker, "/profile?edit=1", "profile edit (seeker)");
  if (javaScript) {
    await open(seeker, "/profile");
    await scanDialog(seeker, seeker.getByRole("button", { name: "Upload photo" }), "Profile photo", "profile photo dialog");
    await expect(seeker.getByRole("button", { name: "Upload photo" })).toBeFocused();
  }
  await screen(seeker, "/favorites", "favorites (providers)");
  await screen(seeker, "/favorites?tab=jobs", "favorites (jobs)");

  // --- The provider.
  await open(provider, "/");
  await expect(provider.getByTestId("request").filter({ hasText: "Plane the kitchen door" })).toBeVisible();
  // Asked for as soon as possible, near the accepted booking's time: the card carries the clash warning.
  await expect(provider.getByTestId("request-clash").first()).toBeVisible();
  await scanBoth(provider, "home (provider) with a request", mode);
  await screen(provider, `/jobs/${openJobId}`, "job page (provider)");
  await screen(provider, "/profile?edit=1", "profile edit (provider)");
  await screen(provider, `/bookings/${requests.pending}`, "request to answer (provider)");
  await screen(provider, `/bookings/${requests.pending}?confirm=decline`, "decline with a reason (provider)");
  // The calendar feed (decision 0073): offered above, then with its link, Copy (with JavaScript), Reset and Turn off.
  await open(provider, "/profile");
  const createFeed = provider.getByRole("button", { name: "Create calendar feed" });
  if (await createFeed.isVisible()) await createFeed.click();
  await expect(provider.getByLabel("Your calendar feed link")).toBeVisible();
  await waitForHydration(provider);
  if (javaScript) await expect(provider.getByRole("button", { name: "Copy" })).toBeVisible();
  await scanBoth(provider, "profile with a calendar feed (provider)", mode);

  // Report (issue 34): the dialog with JavaScript, the report page without.
  if (javaScript) {
    await open(provider, `/jobs/${openJobId}`);
    await scanDialog(provider, provider.getByRole("link", { name: "Report this job" }), "Report this job", "report dialog");
  } else {
    await screen(provider, `/report?targetType=job&targetId=${openJobId}&returnTo=%2F`, "report page");
  }
  // Block (issue 34), last: the conversation that says why, the profile's Blocked users; unblocked after.
  await open(provider, `/messages?booking=${bookings.accepted}`);
  await provider.getByTestId("block-button").click();
  await expect(provider.getByTestId("thread-blocked")).toBeVisible();
  await scanBoth(provider, "messages, blocked (provider)", mode);
  await open(provider, "/profile#blocked-users");
  await expect(provider.getByTestId("blocked-user")).toHaveCount(1);
  await scanBoth(provider, "profile with Blocked users (provider)", mode);
  await provider.getByTestId("unblock-button").click();
  await expect(provider.getByTestId("blocked-users-empty")).toBeVisible();
}

/** The operator console's screens (issue 34), each at both widths. */
async function scanConsole(operator: Page, mode: "js" | "no-js") {
  for (const [path, label] of [
    ["/admin", "console overview"],
    ["/admin/users?q=Fixer", "console user lookup"],
    [`/admin/users/${data.providerId}`, "console user page (Suspend)"],
    [`/admin/users/${data.suspendedId}`, "console user page (Reinstate)"],
    ["/admin/audit", "console audit log"],
    ["/admin/signals", "console signals"],
  ]) {
    const response = await operator.goto(path);
    expect(response?.status(), path).toBe(200);
    await waitForHydration(operator);
    await scanBoth(operator, label, mode);
  }
}

/**
 * The operators' reports queue (issue 34), with the seeker's report of the provider's message in it: the queue, then
 * with its Hide form open. The demo operator (admin@nearhand.dev) signs in with JavaScript; without, a no-JS page
 * takes their cookies.
 */
async function scanReportsQueue(browser: Browser, baseURL: string | undefined, mode: "js" | "no-js") {
  const thread = (await (await data.seeker.request.get(`/api/messages/${data.bookings.accepted}`)).json()) as Array<{ id: string; senderId: string }>;
  const message = thread.find((m) => m.senderId === data.providerId)!;
  const reported = await data.seeker.request.post("/api/reports", {
    data: { targetType: "message", targetId: message.id, reason: "offensive", note: "Rude" },
  });
  expect([201, 409], await reported.text()).toContain(reported.status());

  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const signedIn = await context.newPage();
  await signIn(signedIn, { email: "admin@nearhand.dev", firstName: "Ada", lastName: "Operator" });
  const noJs = mode === "no-js" ? await newNoJsContext(browser, baseURL) : null;
  try {
    await noJs?.addCookies(await context.cookies());
    const page = noJs ? await noJs.newPage() : signedIn;
    await page.setViewportSize(DESKTOP);
    expect((await page.goto("/admin/reports"))?.status()).toBe(200);
    if (!noJs) await waitForHydration(page);
    // Each run reports its own seeker's message (the other test's and a retry's reports are in the queue too).
    const group = page.locator(`[data-testid="report-group"][aria-labelledby="group-${message.id}"]`);
    await expect(group).toBeVisible();
    await scanBoth(page, "reports queue (operator)", mode);
    await group.getByText("Hide the message").click();
    await expect(group.getByLabel("Reason (kept in the audit log)").nth(1)).toBeVisible();
    await scanBoth(page, "reports queue, Hide open (operator)", mode);
  } finally {
    await noJs?.close();
    await context.close();
  }
}

test("every screen and dialog passes axe, with JavaScript", async ({ page, browser, baseURL }) => {
  test.setTimeout(WALK_TIMEOUT_MS);
  await page.setViewportSize(DESKTOP);
  // Signed out, the landing and 404 pages are static documents (no scripts to wait for).
  await scanSignedOut(page, "js");

  const errors: string[] = [];
  for (const p of [data.seeker, data.provider]) p.on("pageerror", (error) => errors.push(error.stack ?? error.message));
  await scanSignedIn(data.seeker, data.provider, "js", true);
  data.operator.on("pageerror", (error) => errors.push(error.stack ?? error.message));
  await scanConsole(data.operator, "js");
  expect(errors, "uncaught exceptions in the signed-in pages").toEqual([]);
  await scanReportsQueue(browser, baseURL, "js");
});

test("every screen and dialog passes axe, without JavaScript", async ({ noJsPage: page, page: scratchPage, browser, baseURL }) => {
  test.setTimeout(WALK_TIMEOUT_MS);
  scratch = scratchPage;
  await page.setViewportSize(DESKTOP);
  await scanSignedOut(page, "no-js");

  // The signed-in sessions without JavaScript: the fixture's page takes the seeker's cookies, a second
  // no-JS page the provider's.
  await page.context().addCookies(await data.seekerContext.cookies());
  const providerContext = await newNoJsContext(browser, baseURL);
  await providerContext.addCookies(await data.providerContext.cookies());
  const provider = await providerContext.newPage();
  await provider.setViewportSize(DESKTOP);
  const operatorContext = await newNoJsContext(browser, baseURL);
  await operatorContext.addCookies(await data.operatorContext.cookies());
  const operator = await operatorContext.newPage();
  await operator.setViewportSize(DESKTOP);
  try {
    await scanSignedIn(page, provider, "no-js", false);
    await scanConsole(operator, "no-js");
  } finally {
    await providerContext.close();
    await operatorContext.close();
  }
  await scanReportsQueue(browser, baseURL, "no-js");
});
