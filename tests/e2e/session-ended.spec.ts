// A session that ends while a page is open (spec §8): every mutation island
// answers with the destructive toast 'Unauthorized' / 'You are logged out.
// Logging in again...' and goes to sign-in (/api/login) about 500 ms later; a
// navigation goes to sign-in at once. Without JavaScript a form post by a
// signed-out browser is redirected to sign-in. The session is ended by deleting
// its cookies after the page loaded.
import { type Browser, type Page } from "@playwright/test";

import { becomeOnlineProvider, completeBooking, expect, roleSwitchLink, signIn, test, uniqueEmail, waitForHydration } from "./support.ts";

/** The embedded identity provider's sign-in page: /api/login sent the browser there. */
const DEV_SIGN_IN = /\/oidc\/interaction\/[\w-]+$/;

/**
 * Ends the session under the open page: the app's session cookie goes, and so
 * does the identity provider's (else it would sign the browser straight back in).
 */
async function endSession(page: Page) {
  await page.context().clearCookies();
}

/**
 * Runs `mutate` on a page whose session has just ended and checks the spec's
 * answer: the toast, then a full-page visit to /api/login (coming back to
 * `returnTo`), which shows the identity provider's sign-in.
 */
async function expectLoggedOutToast(page: Page, returnTo: string, mutate: () => Promise<void>) {
  // The toaster's (empty) landmark is there once the page is hydrated.
  // (By attribute: an open dialog hides it from the accessibility tree.)
  await expect(page.locator('[role=region][aria-label^="Notifications (F8)"]')).toBeAttached();
  await endSession(page);
  const signInVisit = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/login" && request.isNavigationRequest());
  const clickedAt = Date.now();
  await mutate();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Unauthorized");
  await expect(toast).toContainText("You are logged out. Logging in again...");
  const visit = await signInVisit;
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(500);
  expect(new URL(visit.url()).searchParams.get("returnTo")).toBe(returnTo);
  await expect(page).toHaveURL(DEV_SIGN_IN);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
}

/** A user in a browser context of its own, signed in with JavaScript. */
async function otherUser(browser: Browser, baseURL: string | undefined, prefix: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, { email: uniqueEmail(prefix), firstName: "Sam", lastName: "Other" });
  return page;
}

/** Posts a job as the user of `page` through the JSON API; returns its id. */
async function postJob(page: Page, title = `Fix the fence ${Math.random().toString(36).slice(2, 7)}`): Promise<string> {
  const response = await page.request.post("/api/jobs", {
    data: { title, description: "Two loose boards on the garden fence.", categoryId: "repair", address: "Brooklyn, NY", budget: 80, isUrgent: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The user of `page` becomes an online provider and accepts the job; returns the booking's id. */
async function accept(page: Page, jobId: string): Promise<string> {
  await becomeOnlineProvider(page.request);
  const accepted = await page.request.post("/api/bookings", { data: { jobId } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return ((await accepted.json()) as { id: string }).id;
}

/** A booking of a job `seekerPage`'s user posted, accepted by a new provider. */
async function bookingFor(seekerPage: Page, browser: Browser, baseURL: string | undefined): Promise<{ bookingId: string; provider: Page }> {
  const jobId = await postJob(seekerPage);
  const provider = await otherUser(browser, baseURL, "ended-provider");
  return { bookingId: await accept(provider, jobId), provider };
}

test.describe("a session that ends while the page is open, with JavaScript", () => {
  test("the availability switch", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("ended-availability") });
    const switched = await page.request.post("/api/users/switch-role", { data: { newRole: "provider", userType: "individual" } });
    expect(switched.status()).toBe(200);
    await page.reload();
    await waitForHydration(page);
    await expectLoggedOutToast(page, "/", () => page.getByRole("switch", { name: "Available for job requests" }).click());
  });

  test("posting a job", async ({ page }) => {
    const step3 = "/post-job?category=repair&step=3";
    await signIn(page, { email: uniqueEmail("ended-post"), returnTo: step3 });
    await page.getByLabel("Title").fill("Fix a dripping tap");
    await page.getByLabel("Description").fill("The kitchen tap drips all night.");
    await page.getByLabel("Location").fill("11201");
    await expectLoggedOutToast(page, step3, () => page.getByRole("button", { name: "Post Job" }).click());
  });

  test("accepting a job", async ({ page, browser, baseURL }) => {
    const seeker = await otherUser(browser, baseURL, "ended-accept-seeker");
    const jobId = await postJob(seeker);
    await seeker.context().close();
    await signIn(page, { email: uniqueEmail("ended-accept") });
    await becomeOnlineProvider(page.request);
    await page.goto(`/jobs/${jobId}`);
    await waitForHydration(page);
    await expectLoggedOutToast(page, `/jobs/${jobId}`, () => page.getByRole("button", { name: "Accept Job" }).click());
  });

  test("a booking status button", async ({ page, browser, baseURL }) => {
    const seeker = await otherUser(browser, baseURL, "ended-status-seeker");
    const jobId = await postJob(seeker);
    await seeker.context().close();
    // The provider's page is the one whose session ends.
    await signIn(page, { email: uniqueEmail("ended-status") });
    const bookingId = await accept(page, jobId);
    await page.goto(`/bookings/${bookingId}`);
    await waitForHydration(page);
    await expectLoggedOutToast(page, `/bookings/${bookingId}`, () => page.getByRole("button", { name: "Start Job" }).click());
  });

  test("the review form", async ({ page, browser, baseURL }) => {
    await signIn(page, { email: uniqueEmail("ended-review") });
    const { bookingId, provider } = await bookingFor(page, browser, baseURL);
    await completeBooking(provider.request, bookingId);
    await provider.context().close();
    await page.goto(`/bookings/${bookingId}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Leave Review" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave a Review" });
    await dialog.getByTestId("star-5").click();
    await expectLoggedOutToast(page, `/bookings/${bookingId}`, () => dialog.getByRole("button", { name: "Submit Review" }).click());
  });

  test("the message composer", async ({ page, browser, baseURL }) => {
    await signIn(page, { email: uniqueEmail("ended-message") });
    const { bookingId, provider } = await bookingFor(page, browser, baseURL);
    await provider.context().close();
    const thread = `/messages?booking=${bookingId}`;
    await page.goto(thread);
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Message" }).fill("Are you on your way?");
    await expectLoggedOutToast(page, thread, () => page.getByRole("textbox", { name: "Message" }).press("Enter"));
  });

  test("the role switch dialog", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("ended-role") });
    await roleSwitchLink(page).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectLoggedOutToast(page, "/", () => dialog.getByRole("button", { name: "Continue" }).click());
  });

  test("marking a notification read", async ({ page, browser, baseURL }) => {
    await signIn(page, { email: uniqueEmail("ended-notification") });
    const { provider } = await bookingFor(page, browser, baseURL);
    await provider.context().close();
    await page.goto("/notifications");
    await waitForHydration(page);
    await expectLoggedOutToast(page, "/notifications", () =>
      page
        .getByRole("button", { name: /Mark as read/ })
        .first()
        .click(),
    );
  });

  test("cancelling a job", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("ended-cancel") });
    await postJob(page);
    await page.goto("/my-jobs");
    await waitForHydration(page);
    const card = page.getByTestId("job-card").first();
    await card.getByRole("link", { name: /Cancel job/ }).click();
    await expectLoggedOutToast(page, "/my-jobs", () => card.getByRole("button", { name: "Yes, cancel job" }).click());
  });

  test("the profile form", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("ended-profile"), returnTo: "/profile?edit=1" });
    await expectLoggedOutToast(page, "/profile?edit=1", () => page.getByRole("button", { name: "Save changes" }).click());
  });

  test("a header link goes to sign-in", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("ended-link") });
    await endSession(page);
    const signInVisit = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/login" && request.isNavigationRequest());
    await page.getByTestId("messages-link").click();
    const visit = await signInVisit;
    expect(new URL(visit.url()).searchParams.get("returnTo")).toBe("/messages");
    await expect(page).toHaveURL(DEV_SIGN_IN);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  });
});

test.describe("a session that ends while the page is open, without JavaScript", () => {
  test("a form post goes to sign-in", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("ended-nojs") });
    const switched = await page.request.post("/api/users/switch-role", { data: { newRole: "provider", userType: "individual" } });
    expect(switched.status()).toBe(200);
    await page.goto("/");
    await endSession(page);
    await page.getByRole("switch", { name: "Available for job requests" }).click();
    await expect(page).toHaveURL(DEV_SIGN_IN);
  });
});
