// Seeker side of "Jobs and matching": the seeker home, /my-jobs with its
// status tabs and cancel, the job page with Accept Job (with and without
// JavaScript, and the race lost to another provider), and the minimal booking page.
import { type Page } from "@playwright/test";

import { expect, newUserPage, signIn, test, uniqueEmail, waitForHydration } from "./support.ts";

interface CreatedJob {
  id: string;
  title: string;
  status: string;
  address: string;
}

const CATEGORY_IDS = ["repair", "cleaning", "moving", "construction", "assembly", "other"];

/** POST /api/jobs as the page's user ("Brooklyn, NY", $120, urgent unless told otherwise). */
async function createJob(page: Page, overrides: Record<string, unknown> = {}): Promise<CreatedJob> {
  const response = await page.request.post("/api/jobs", {
    data: {
      title: `Fix the leaking sink ${Math.random().toString(36).slice(2, 7)}`,
      description: "The kitchen sink has been dripping for two days and the cabinet below is getting wet.",
      categoryId: "repair",
      address: "Brooklyn, NY",
      budget: 120,
      isUrgent: true,
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedJob;
}

/** Switches the page's (signed-in) user to provider and goes online, through the JSON API. */
async function becomeOnlineProvider(page: Page) {
  const switched = await page.request.post("/api/users/switch-role", { data: { newRole: "provider", userType: "individual" } });
  expect(switched.status(), await switched.text()).toBe(200);
  const online = await page.request.post("/api/users/toggle-online", { data: { isOnline: true } });
  expect(online.status(), await online.text()).toBe(200);
}

function tab(page: Page, label: string) {
  return page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: new RegExp(`^${label}\\b`) });
}

function jobCard(page: Page, title: string) {
  return page.getByTestId("job-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

test.describe("seeker home", () => {
  test("a fresh seeker sees the categories and the empty state", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("seeker-home") });
    await expect(page.getByRole("heading", { level: 1, name: "What help do you need?" })).toBeVisible();

    const cards = page.getByTestId("category-card");
    await expect(cards).toHaveCount(6);
    for (const [i, id] of CATEGORY_IDS.entries()) {
      await expect(cards.nth(i)).toHaveAttribute("href", `/post-job?category=${id}`);
      await expect(cards.nth(i).getByTestId("available-count")).toHaveText(/^\d+ available$/);
    }
    await expect(cards.nth(0)).toContainText("Repair & Maintenance");
    // The demo provider Priya is online and offers repair: a real count, at least 1.
    const repair = Number((await cards.nth(0).getByTestId("available-count").textContent())?.split(" ")[0]);
    expect(repair).toBeGreaterThanOrEqual(1);

    await expect(page.getByRole("heading", { name: "Your Recent Requests" })).toBeVisible();
    await expect(page.getByText("No jobs posted yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Post Your First Job" })).toHaveAttribute("href", "/post-job");
    await expect(page.getByRole("link", { name: "View All" })).toHaveCount(0);
    // The floating button is for small screens only.
    await expect(page.getByRole("link", { name: "Post a job", exact: true })).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("link", { name: "Post a job", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Post a job", exact: true })).toHaveAttribute("href", "/post-job");
  });

  test("recent requests show the newest four jobs, with View All to /my-jobs", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("seeker-recent"), firstName: "Rita", lastName: "Moreno" });
    const created: CreatedJob[] = [];
    for (let i = 1; i <= 5; i++) created.push(await createJob(page, { title: `Recent job number ${i}` }));

    await page.goto("/");
    const recent = page.getByTestId("recent-requests");
    await expect(recent.getByTestId("job-card")).toHaveCount(4);
    // Newest first: 5, 4, 3, 2 (the first one is left out).
    await expect(recent.getByRole("heading", { level: 3 })).toHaveText([
      "Recent job number 5",
      "Recent job number 4",
      "Recent job number 3",
      "Recent job number 2",
    ]);
    const card = jobCard(page, "Recent job number 5");
    await expect(card.getByTestId("job-budget")).toHaveText("$120");
    await expect(card.getByText("Urgent", { exact: true })).toBeVisible();
    await expect(card.getByTestId("job-status")).toHaveText("posted");
    await expect(card).toContainText("Brooklyn, NY");
    await expect(card).toContainText("Rita Moreno");
    await expect(card).toContainText("0.0");
    await expect(card.getByRole("button", { name: "Save job" })).toBeVisible();
    await expect(card.getByRole("link", { name: "View Details" })).toHaveAttribute("href", `/jobs/${created[4].id}`);

    // Nothing sticks out sideways on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole("link", { name: "View All" }).click();
    await expect(page).toHaveURL(/\/my-jobs$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Jobs" })).toBeVisible();
    await expect(page.getByTestId("job-card")).toHaveCount(5);
  });

  test("without JavaScript the streamed counts and requests are in the page, not their skeletons", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("seeker-home-nojs") });
    await createJob(page, { title: "Clean the windows", categoryId: "cleaning", budget: 80 });
    await page.goto("/");
    await expect(page.getByTestId("available-count")).toHaveCount(6);
    for (const count of await page.getByTestId("available-count").all()) await expect(count).toBeVisible();
    await expect(jobCard(page, "Clean the windows")).toBeVisible();
    await expect(jobCard(page, "Clean the windows").getByTestId("job-budget")).toHaveText("$80");
    await expect(page.getByRole("status", { name: "Loading your recent requests" })).toHaveCount(0);
    await page.getByRole("link", { name: "View All" }).click();
    await expect(page).toHaveURL(/\/my-jobs$/);
  });
});

test.describe("my jobs", () => {
  test("status tabs filter, and a posted job is cancelled in place (JavaScript)", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("myjobs-js") });
    const keep = await createJob(page, { title: "Assemble a wardrobe", categoryId: "assembly", isUrgent: false, budget: null });
    const drop = await createJob(page, { title: "Paint the hallway", categoryId: "cleaning" });

    await page.goto("/my-jobs");
    await waitForHydration(page);
    await expect(tab(page, "All")).toHaveAttribute("aria-current", "page");
    await expect(tab(page, "All")).toContainText("2");
    await expect(tab(page, "Posted")).toContainText("2");
    await expect(tab(page, "Cancelled")).toContainText("0");
    await expect(jobCard(page, keep.title).getByTestId("job-budget")).toHaveCount(0); // no budget: no amount

    await tab(page, "Cancelled").click();
    await expect(page).toHaveURL(/\/my-jobs\?status=cancelled$/);
    await expect(tab(page, "Cancelled")).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No cancelled jobs.")).toBeVisible();
    await expect(page.getByTestId("my-jobs-empty").getByRole("link", { name: "Post a Job" })).toHaveAttribute("href", "/post-job");

    await tab(page, "Posted").click();
    await expect(page).toHaveURL(/\?status=posted$/);
    const card = jobCard(page, drop.title);
    await card.getByRole("link", { name: /Cancel job/ }).click();
    // The question opens in place, no navigation.
    await expect(page).toHaveURL(/\?status=posted$/);
    await expect(card.getByText("Cancel this job?")).toBeVisible();
    await card.getByRole("link", { name: "Keep it" }).click();
    await expect(card.getByText("Cancel this job?")).toBeHidden();
    await card.getByRole("link", { name: /Cancel job/ }).click();
    await card.getByRole("button", { name: "Yes, cancel job" }).click();

    await expect(page.getByTestId("toast")).toContainText("Job cancelled");
    await expect(page).toHaveURL(/\/my-jobs\?status=posted$/);
    await expect(page.getByTestId("job-card")).toHaveCount(1);
    await expect(tab(page, "Cancelled")).toContainText("1");
    await tab(page, "Cancelled").click();
    await expect(page.getByTestId("job-card")).toHaveCount(1);
    await expect(jobCard(page, drop.title).getByTestId("job-status")).toHaveText("cancelled");
    await expect(jobCard(page, drop.title).getByRole("link", { name: /Cancel job/ })).toHaveCount(0);
  });

  test("cancel from the job page without JavaScript, with its confirm step", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("myjobs-nojs") });
    const job = await createJob(page, { title: "Move a sofa upstairs", categoryId: "moving" });
    await createJob(page, { title: "Mount a TV", categoryId: "assembly" });

    // From /my-jobs: the link leads to the confirm state; 'Keep it' goes back.
    await page.goto("/my-jobs");
    await jobCard(page, job.title)
      .getByRole("link", { name: /Cancel job/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/my-jobs\\?confirm=cancel&job=${job.id}`));
    await expect(page.getByText("Cancel this job?")).toHaveCount(1);
    await page.getByRole("link", { name: "Keep it" }).click();
    await expect(page).toHaveURL(/\/my-jobs$/);
    await expect(page.getByText("Cancel this job?")).toHaveCount(0);

    // From the job page: confirm and land on /my-jobs.
    await page.goto(`/jobs/${job.id}`);
    await page.getByRole("link", { name: /Cancel job/ }).click();
    await expect(page).toHaveURL(`/jobs/${job.id}?confirm=cancel#job-actions`);
    await expect(page.getByText("Cancel this job?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, cancel job" }).click();
    await expect(page).toHaveURL(/\/my-jobs$/);
    await expect(page.getByTestId("toast-nojs")).toContainText("Job cancelled");
    await expect(tab(page, "Cancelled")).toContainText("1");
    await expect(tab(page, "Posted")).toContainText("1");
    await tab(page, "Cancelled").click();
    await expect(page).toHaveURL(/\?status=cancelled$/);
    await expect(page.getByTestId("job-card")).toHaveCount(1);
    await expect(jobCard(page, job.title)).toBeVisible();

    // A cancelled job cannot be cancelled again.
    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByTestId("job-status")).toHaveText("cancelled");
    await expect(page.getByRole("link", { name: /Cancel job/ })).toHaveCount(0);
  });

  test("a long history comes in pages, and cancelling on an older page comes back to it (no JavaScript)", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("myjobs-pages") });
    const jobs: CreatedJob[] = [];
    for (let i = 1; i <= 26; i++) jobs.push(await createJob(page, { title: `Odd job number ${i}`, categoryId: "other", isUrgent: false }));

    await page.goto("/my-jobs");
    await expect(tab(page, "All")).toContainText("26");
    await expect(page.getByTestId("job-card")).toHaveCount(24);
    await expect(jobCard(page, "Odd job number 26")).toBeVisible();
    await expect(jobCard(page, "Odd job number 2")).toHaveCount(0);
    const more = page.getByRole("navigation", { name: "More jobs" });
    await expect(more.getByRole("link", { name: "Newest jobs" })).toHaveCount(0);
    await more.getByRole("link", { name: "Older jobs" }).click();

    await expect(page).toHaveURL(new RegExp(`/my-jobs\\?before=${jobs[2].id}$`));
    await expect(page.getByTestId("job-card")).toHaveCount(2);
    await expect(jobCard(page, "Odd job number 2")).toBeVisible();
    await expect(more.getByRole("link", { name: "Older jobs" })).toHaveCount(0);

    // Cancelling the oldest job, through its confirm step, lands back on this page.
    await jobCard(page, "Odd job number 1")
      .getByRole("link", { name: /Cancel job/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/my-jobs\\?before=${jobs[2].id}&confirm=cancel&job=${jobs[0].id}`));
    await page.getByRole("button", { name: "Yes, cancel job" }).click();
    await expect(page).toHaveURL(new RegExp(`/my-jobs\\?before=${jobs[2].id}$`));
    await expect(page.getByTestId("toast-nojs")).toContainText("Job cancelled");
    await expect(jobCard(page, "Odd job number 1").getByTestId("job-status")).toHaveText("cancelled");

    await more.getByRole("link", { name: "Newest jobs" }).click();
    await expect(page).toHaveURL(/\/my-jobs$/);
    await expect(page.getByTestId("job-card")).toHaveCount(24);

    // A cursor that is not a job id is the first page.
    await page.goto("/my-jobs?before=not-a-job");
    await expect(page.getByTestId("job-card")).toHaveCount(24);
    await expect(more.getByRole("link", { name: "Newest jobs" })).toHaveCount(0);
  });
});

test.describe("job detail and accept", () => {
  test("a provider accepts with JavaScript; the seeker then sees the job matched", async ({ page, browser, baseURL }) => {
    // Two users and a dozen pages: 12 s on an idle machine, past the 30 s default on a loaded CI runner.
    test.slow();
    await signIn(page, { email: uniqueEmail("detail-seeker"), firstName: "Nora", lastName: "Quinn" });
    const job = await createJob(page, { title: "Replace a broken light switch" });

    // The seeker's own view: every field, no Accept Job.
    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByRole("heading", { level: 1, name: job.title })).toBeVisible();
    await expect(page.getByTestId("job-status")).toHaveText("posted");
    await expect(page.getByText("Urgent", { exact: true })).toBeVisible();
    await expect(page.getByTestId("job-budget")).toHaveText("$120");
    await expect(page.getByText("Brooklyn, NY")).toBeVisible();
    await expect(page.getByText(/^Posted (just now|\d+ (second|minute)s? ago)$/)).toBeVisible();
    await expect(page.getByText("The kitchen sink has been dripping")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Posted by" })).toBeVisible();
    const postedBy = page.getByRole("region", { name: "Posted by" });
    await expect(postedBy).toContainText("Nora Quinn");
    await expect(postedBy).toContainText("Rating 0.0");
    await expect(page.getByRole("button", { name: "Accept Job" })).toHaveCount(0);
    await expect(page.getByTestId("location-approximate")).toHaveCount(0);
    await expect(page.getByTestId("location-area-only")).toHaveCount(0);
    await expect(page.getByTestId("job-distance")).toHaveCount(0);

    const provider = await newUserPage(browser, baseURL, { prefix: "detail-provider", firstName: "Omar", lastName: "Diaz" });
    await becomeOnlineProvider(provider);
    await provider.goto(`/jobs/${job.id}`);
    await waitForHydration(provider);
    // Brooklyn is a few miles from the default New York location of a provider without one.
    await expect(provider.getByTestId("job-distance")).toHaveText(/^· \d+\.\d mi away$/);
    await expect(provider.getByRole("link", { name: /Cancel job/ })).toHaveCount(0);
    // Not booked yet: the area only (decision 0039).
    await expect(provider.getByTestId("location-area-only")).toBeVisible();
    // Hold the form's post to see the pending state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await provider.route(
      (url) => url.pathname.startsWith(`/jobs/${job.id}`),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await provider.getByRole("button", { name: "Accept Job" }).click();
    await expect(provider.getByRole("button", { name: "Accepting..." })).toBeDisabled();
    release();
    await expect(provider).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
    const toast = provider.getByTestId("toast");
    await expect(toast).toContainText("Job accepted!");
    await expect(toast).toContainText("You can now start working on this job.");
    await expect(provider.getByRole("heading", { level: 1, name: job.title })).toBeVisible();
    await expect(provider.getByRole("heading", { name: "Client" })).toBeVisible();
    await expect(provider.getByTestId("counterparty-name")).toHaveText("Nora Quinn");
    await expect(provider.getByTestId("booking-total")).toHaveText("$120.00");
    await expect(provider.getByTestId("booking-status")).toHaveText("accepted");
    const bookingUrl = provider.url();

    // The job page now says matched, without Accept Job.
    await provider.goto(`/jobs/${job.id}`);
    await expect(provider.getByTestId("job-status")).toHaveText("matched");
    await expect(provider.getByRole("button", { name: "Accept Job" })).toHaveCount(0);
    await expect(provider.getByTestId("location-area-only")).toHaveCount(0);
    await provider.context().close();

    // The seeker: matched on home and in /my-jobs, and the booking shows the provider.
    await page.goto("/");
    await expect(jobCard(page, job.title).getByTestId("job-status")).toHaveText("matched");
    await page.goto("/my-jobs?status=matched");
    await expect(tab(page, "Matched")).toHaveAttribute("aria-current", "page");
    await expect(jobCard(page, job.title).getByTestId("job-status")).toHaveText("matched");
    await expect(jobCard(page, job.title).getByRole("link", { name: /Cancel job/ })).toHaveCount(0);
    await page.goto(bookingUrl);
    await expect(page.getByRole("heading", { name: "Service Provider" })).toBeVisible();
    await expect(page.getByTestId("counterparty-name")).toHaveText("Omar Diaz");
  });

  test("a provider accepts without JavaScript", async ({ page, browser, baseURL }) => {
    await signIn(page, { email: uniqueEmail("nojs-seeker") });
    const job = await createJob(page, { title: "Unclog the bathtub", budget: 75.5, isUrgent: false });

    const provider = await newUserPage(browser, baseURL, { prefix: "nojs-provider", javaScript: false });
    await becomeOnlineProvider(provider);
    await provider.goto(`/jobs/${job.id}`);
    await expect(provider.getByTestId("job-budget")).toHaveText("$76");
    await expect(provider.getByText("Urgent", { exact: true })).toHaveCount(0);
    await provider.getByRole("button", { name: "Accept Job" }).click();
    await expect(provider).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
    const toast = provider.getByTestId("toast-nojs");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Job accepted!");
    await expect(toast).toContainText("You can now start working on this job.");
    await expect(provider.getByRole("heading", { name: "Client" })).toBeVisible();
    await expect(provider.getByTestId("booking-total")).toHaveText("$75.50");
    await provider.context().close();

    await page.goto("/my-jobs");
    await expect(jobCard(page, job.title).getByTestId("job-status")).toHaveText("matched");
    await expect(tab(page, "Matched")).toContainText("1");
  });

  test("accepting a job another provider took first shows the spec's toast and, on the page, why", async ({ page, browser, baseURL }) => {
    await signIn(page, { email: uniqueEmail("race-seeker") });
    const job = await createJob(page, { title: "Fix a wobbly table" });

    const first = await newUserPage(browser, baseURL, { prefix: "race-first" });
    const second = await newUserPage(browser, baseURL, { prefix: "race-second" });
    await becomeOnlineProvider(first);
    await becomeOnlineProvider(second);
    // The second provider's page must stay as it was rendered: with its live channel open, the first provider's
    // accept (or a reconnect on a busy runner) would refresh it and take the button away. Its socket goes nowhere.
    await second.routeWebSocket(/\/ws(\?|$)/, () => {});
    await first.goto(`/jobs/${job.id}`);
    await second.goto(`/jobs/${job.id}`);
    await waitForHydration(first);
    await waitForHydration(second);

    await first.getByRole("button", { name: "Accept Job" }).click();
    await expect(first).toHaveURL(/\/bookings\//);

    // The second provider's stale page still shows the button; their submission loses.
    await second.getByRole("button", { name: "Accept Job" }).click();
    const toast = second.getByTestId("toast");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Failed to accept job. Please try again.");
    await expect(toast).not.toContainText("already accepted");
    await expect(second).toHaveURL(`/jobs/${job.id}`);
    // The job is no longer posted and the second provider is no party to it: not found (decision 0039), with the reason.
    await expect(second.getByRole("heading", { level: 1, name: "Job not found" })).toBeVisible();
    await expect(second.getByTestId("accept-refusal")).toHaveText("This job was already accepted");
    await expect(second.getByRole("button", { name: "Accept Job" })).toHaveCount(0);

    const bookings = await second.request.get("/api/bookings/my-bookings");
    expect(await bookings.json()).toEqual([]);
    await first.context().close();
    await second.context().close();
  });

  test("a missing job and a stranger's booking are not found", async ({ page, browser, baseURL }) => {
    await signIn(page, { email: uniqueEmail("missing") });
    // A page asks which routes its links lead to once it has loaded. Hold that answer, as a busy
    // server would: "Go Back" must still show the home page, not the header over nothing
    // (scripts/route-discovery-fix.ts).
    let releaseDiscovery = () => {};
    const discoveryHeld = new Promise<void>((resolve) => (releaseDiscovery = resolve));
    await page.route(/\/\.manifest\?paths=/, async (route) => {
      await discoveryHeld;
      await route.continue().catch(() => {}); // the page may have moved on
    });
    for (const path of ["/jobs/00000000-0000-4000-8000-000000000000", "/jobs/not-a-uuid"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Job not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/");
    }
    await waitForHydration(page);
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "What help do you need?" })).toBeVisible();
    releaseDiscovery();
    await page.unrouteAll({ behavior: "ignoreErrors" });

    // A booking between two other users.
    const job = await createJob(page, { title: "Hang three shelves" });
    const provider = await newUserPage(browser, baseURL, { prefix: "missing-provider" });
    await becomeOnlineProvider(provider);
    const accepted = await provider.request.post("/api/bookings", { data: { jobId: job.id } });
    expect(accepted.status(), await accepted.text()).toBe(201);
    const booking = (await accepted.json()) as { id: string };
    await provider.context().close();

    const stranger = await newUserPage(browser, baseURL, { prefix: "missing-stranger" });
    const response = await stranger.goto(`/bookings/${booking.id}`);
    expect(response?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { level: 1, name: "Booking not found" })).toBeVisible();
    const bad = await stranger.goto("/bookings/nope");
    expect(bad?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { level: 1, name: "Booking not found" })).toBeVisible();
    await stranger.context().close();

    // The seeker is a party: the booking shows.
    await page.goto(`/bookings/${booking.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Hang three shelves" })).toBeVisible();
  });
});
