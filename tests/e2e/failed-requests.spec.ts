// A request that never gets an answer from us — a gateway's 502 page during a deploy, a dropped mobile
// connection — never replaces the page (spec §4, §8): after a failed write the page stays, what was shown at
// once is undone, the write's own failure toast appears and what was typed is still there; a failed
// navigation loads the page as a document instead. Each case runs with both kinds of failure.
import type { APIRequestContext, Page, Request, Route } from "@playwright/test";

import { becomeOnlineProvider, completeBooking, expect, signIn, test, uniqueEmail, uniqueTitle, waitForHydration } from "./support.ts";

type Failure = "gateway" | "reset";
const FAILURES: Failure[] = ["gateway", "reset"];

/** Fails the router requests `matches` picks out the chosen way; everything else goes through. */
async function failRouterRequests(page: Page, failure: Failure, matches: (request: Request) => boolean) {
  await page.route(
    (url) => url.pathname.endsWith(".rsc") || url.pathname.endsWith(".manifest"),
    async (route: Route) => {
      if (!matches(route.request())) return route.continue();
      if (failure === "reset") return route.abort("connectionreset");
      return route.fulfill({
        status: 502,
        contentType: "text/html",
        body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
      });
    },
  );
}

const isPost = (request: Request) => request.method() === "POST";

/** Marks the window; `expectSamePage` fails if the document was loaded again since, or an error page replaced it. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

async function expectSamePage(page: Page) {
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  // The header is still drawn (by tag: a modal dialog hides it from the accessibility tree).
  await expect(page.locator("header").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

async function expectFailureToast(page: Page, description: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Error");
  await expect(toast).toContainText(description);
}

/** Marks the document, then does `write` while writes get no answer: the write's own failure toast appears. */
async function failWrite(page: Page, failure: Failure, write: () => Promise<unknown>, description: string) {
  await markDocument(page);
  await failRouterRequests(page, failure, isPost);
  await write();
  await expectFailureToast(page, description);
}

async function postJobThroughApi(request: APIRequestContext, title: string): Promise<string> {
  const job = await request.post("/api/jobs", {
    data: { title, description: "Two shelves to hang.", categoryId: "repair", address: "Brooklyn, NY", budget: 60 },
  });
  expect(job.status(), await job.text()).toBe(201);
  return ((await job.json()) as { id: string }).id;
}

/** A seeker with a posted job and a provider (in a context of its own) who accepted it. */
async function bookedJob(page: Page, prefix: string) {
  await signIn(page, { email: uniqueEmail(`${prefix}-seeker`), firstName: "Sia", lastName: "Seeker" });
  const jobId = await postJobThroughApi(page.request, uniqueTitle("Hang shelves"));
  const providerContext = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const provider = await providerContext.newPage();
  await signIn(provider, { email: uniqueEmail(`${prefix}-provider`), firstName: "Pat", lastName: "Provider" });
  await becomeOnlineProvider(provider.request);
  const booking = await provider.request.post("/api/bookings", { data: { jobId } });
  expect(booking.status(), await booking.text()).toBe(201);
  return { jobId, bookingId: ((await booking.json()) as { id: string }).id, provider };
}

for (const failure of FAILURES) {
  test.describe(`a write that gets no answer (${failure})`, () => {
    // Several of these sign in two people and book a job before the failure.
    test.setTimeout(90_000);
    test("the favorite heart flips back with 'Failed to update favorite'", async ({ page }) => {
      await signIn(page, { email: uniqueEmail("lost-fav"), returnTo: "/post-job?category=repair" });
      const heart = page.getByTestId("provider-card").first().getByTestId("favorite-provider");
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await failWrite(page, failure, () => heart.click(), "Failed to update favorite");
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await expectSamePage(page);
      expect(await (await page.request.get("/api/favorites")).json()).toEqual([]);
    });

    test("a heart whose action's route cannot be looked up flips back with its toast, and saves on the next click", async ({ page }) => {
      // The route lookup (React Router's manifest) gets no answer from the start: the page's own lookup of its forms'
      // routes fails quietly, and the heart's post has to look its route up first.
      await failRouterRequests(page, failure, (request) => new URL(request.url()).pathname.endsWith(".manifest"));
      await signIn(page, { email: uniqueEmail("lost-fav-route"), returnTo: "/post-job?category=repair" });
      await markDocument(page);
      const heart = page.getByTestId("provider-card").first().getByTestId("favorite-provider");
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await heart.click();
      await expectFailureToast(page, "Failed to update favorite");
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await expect(heart).not.toHaveAttribute("aria-busy", "true");
      await expectSamePage(page);
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      await expect.poll(async () => ((await (await page.request.get("/api/favorites")).json()) as unknown[]).length).toBe(1);
      await expect(heart).not.toHaveAttribute("aria-busy", "true");
      await expect(heart).toHaveAttribute("aria-pressed", "true");
    });

    test("the availability switch goes back with 'Failed to update status. Please try again.'", async ({ page }) => {
      await signIn(page, { email: uniqueEmail("lost-online") });
      await becomeOnlineProvider(page.request);
      await page.reload();
      await waitForHydration(page);
      const toggle = page.getByTestId("availability-switch");
      await expect(toggle).toHaveAttribute("aria-checked", "true");
      await failWrite(page, failure, () => toggle.click(), "Failed to update status. Please try again.");
      await expect(toggle).toHaveAttribute("aria-checked", "true");
      await expectSamePage(page);
    });

    test("a message that was not sent is back in the box with 'Failed to send message. Please try again.'", async ({ page }) => {
      const { bookingId, provider } = await bookedJob(page, "lost-message");
      await page.goto(`/messages?booking=${bookingId}`);
      await waitForHydration(page);
      const box = page.getByRole("textbox", { name: "Message" });
      const send = async () => {
        await box.fill("Are you coming at nine?");
        await box.press("Enter");
      };
      await failWrite(page, failure, send, "Failed to send message. Please try again.");
      await expect(box).toHaveValue("Are you coming at nine?");
      await expect(page.getByTestId("message-pending")).toHaveCount(0);
      await expectSamePage(page);
      // Once the connection is back, the same text goes.
      await page.unrouteAll();
      await box.press("Enter");
      await expect(page.getByTestId("thread-messages").getByTestId("message")).toHaveCount(1);
      await provider.context().close();
    });

    test("a notification stays unread with 'Failed to mark notification as read.'", async ({ page }) => {
      const { provider } = await bookedJob(page, "lost-read");
      await provider.context().close();
      await page.goto("/notifications");
      await waitForHydration(page);
      await expect(page.getByTestId("unread-badge")).toHaveText("1 unread");
      const markRead = page.getByTestId("notifications-unread").getByRole("button", { name: /Mark as read/ });
      await failWrite(page, failure, () => markRead.click(), "Failed to mark notification as read.");
      await expect(page.getByTestId("unread-badge")).toHaveText("1 unread");
      await expect(page.getByTestId("notifications-unread").getByTestId("notification")).toHaveCount(1);
      await expectSamePage(page);
    });

    test("the post-job form keeps what was typed with 'Failed to post job. Please try again.'", async ({ page }) => {
      await signIn(page, { email: uniqueEmail("lost-post"), returnTo: "/post-job?category=repair&step=3" });
      const post = page.getByRole("button", { name: "Post Job" });
      const title = uniqueTitle("Fix a squeaky door");
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Description").fill("The hinge squeaks every time.");
      await page.getByLabel("Location").fill("11201");
      await page.getByLabel("Budget (USD)").fill("45");
      await failWrite(page, failure, () => post.click(), "Failed to post job. Please try again.");
      await expect(page).toHaveURL(/\/post-job\?category=repair&step=3$/);
      await expect(page.getByLabel("Title")).toHaveValue(title);
      await expect(page.getByLabel("Description")).toHaveValue("The hinge squeaks every time.");
      await expect(page.getByRole("button", { name: "Post Job" })).toBeEnabled();
      await expectSamePage(page);
      expect(await (await page.request.get("/api/jobs/my-jobs")).json()).toEqual([]);
    });

    test("accepting a job fails in place with 'Failed to accept job. Please try again.'", async ({ page, browser, baseURL }) => {
      const seekerContext = await browser.newContext({ baseURL });
      const seeker = await seekerContext.newPage();
      await signIn(seeker, { email: uniqueEmail("lost-accept-seeker") });
      const jobId = await postJobThroughApi(seeker.request, uniqueTitle("Patch a wall"));
      await seekerContext.close();

      await signIn(page, { email: uniqueEmail("lost-accept-provider") });
      await becomeOnlineProvider(page.request);
      await page.goto(`/jobs/${jobId}`);
      await waitForHydration(page);
      const accept = page.getByRole("button", { name: "Accept Job" });
      await failWrite(page, failure, () => accept.click(), "Failed to accept job. Please try again.");
      await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
      await expect(page.getByRole("button", { name: "Accept Job" })).toBeEnabled();
      await expectSamePage(page);
    });

    test("a booking move and a review fail in place, the review dialog keeps its comment", async ({ page }) => {
      const { bookingId, provider } = await bookedJob(page, "lost-status");
      await provider.goto(`/bookings/${bookingId}`);
      await waitForHydration(provider);
      const start = provider.getByRole("button", { name: "Start Job" });
      await failWrite(provider, failure, () => start.click(), "Failed to update status. Please try again.");
      await expect(provider.getByRole("button", { name: "Start Job" })).toBeEnabled();
      await expectSamePage(provider);

      // Complete it for real, then the seeker's review fails to leave.
      await completeBooking(provider.request, bookingId);
      await provider.context().close();
      await page.goto(`/bookings/${bookingId}`);
      await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: "Leave a Review" });
      const review = async () => {
        await page.getByRole("link", { name: "Leave Review" }).click();
        await dialog.getByTestId("star-4").click();
        await dialog.getByLabel("Comment").fill("Quick and tidy.");
        await dialog.getByRole("button", { name: "Submit Review" }).click();
      };
      await failWrite(page, failure, review, "Failed to submit review. Please try again.");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Comment")).toHaveValue("Quick and tidy.");
      await expect(dialog.getByRole("button", { name: "Submit Review" })).toBeEnabled();
      await expectSamePage(page);
    });

    test("cancelling a job fails in place with 'Failed to cancel job. Please try again.'", async ({ page }) => {
      await signIn(page, { email: uniqueEmail("lost-cancel") });
      const jobId = await postJobThroughApi(page.request, uniqueTitle("Clear a gutter"));
      await page.goto(`/jobs/${jobId}?confirm=cancel`);
      await waitForHydration(page);
      const cancel = page.getByRole("button", { name: "Yes, cancel job" });
      await failWrite(page, failure, () => cancel.click(), "Failed to cancel job. Please try again.");
      await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}\\?confirm=cancel`));
      await expectSamePage(page);
      const job = (await (await page.request.get(`/api/jobs/${jobId}`)).json()) as { status: string };
      expect(job.status).toBe("posted");
    });

    test("the profile form keeps the edits with 'Failed to update profile. Please try again.'", async ({ page }) => {
      await signIn(page, { email: uniqueEmail("lost-profile"), firstName: "Opal", returnTo: "/profile?edit=1" });
      const form = page.getByRole("form", { name: "Edit profile" });
      await form.getByLabel("First name").fill("Ottilie");
      const save = form.getByRole("button", { name: "Save changes" });
      await failWrite(page, failure, () => save.click(), "Failed to update profile. Please try again.");
      await expect(form.getByLabel("First name")).toHaveValue("Ottilie");
      await expectSamePage(page);
      expect(((await (await page.request.get("/api/auth/user")).json()) as { firstName: string }).firstName).toBe("Opal");
    });

    test("switching role fails in place with 'Failed to switch role. Please try again.'", async ({ page }) => {
      await signIn(page, { email: uniqueEmail("lost-role") });
      const dialog = page.getByRole("dialog", { name: "Offering Services As" });
      const switchRole = async () => {
        await page.locator("[data-testid=role-switch] >> visible=true").click();
        await dialog.getByRole("button", { name: "Continue" }).click();
      };
      await failWrite(page, failure, switchRole, "Failed to switch role. Please try again.");
      await expectSamePage(page);
      expect(((await (await page.request.get("/api/auth/user")).json()) as { currentRole: string }).currentRole).toBe("seeker");
    });
  });

  test.describe(`a navigation that gets no answer (${failure})`, () => {
    test("clicking Favorites in the header loads it as a document instead of an error page", async ({ page }) => {
      await signIn(page, { email: uniqueEmail("lost-nav") });
      await markDocument(page);
      await failRouterRequests(page, failure, (request) => request.method() === "GET");
      await page.getByRole("banner").getByRole("link", { name: "Favorites" }).first().click();
      await expect(page).toHaveURL(/\/favorites$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Favorites");
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
      // It was a document load: the browser asked for the page itself.
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBeUndefined();
    });

    test("a revalidation of the page the user is on keeps what it shows", async ({ page }) => {
      await signIn(page, { email: uniqueEmail("lost-revalidate"), returnTo: "/favorites" });
      await markDocument(page);
      await failRouterRequests(page, failure, (request) => request.method() === "GET");
      // A click on the page's own link asks for its payload again.
      const asked = page.waitForRequest((request) => new URL(request.url()).pathname === "/favorites.rsc");
      await page.getByRole("banner").getByRole("link", { name: "Favorites" }).first().click();
      await asked;
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Favorites");
      await expectSamePage(page);
    });
  });
}
