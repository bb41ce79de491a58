import { type Browser, type Page } from "@playwright/test";

import { expect, signIn, test, uniqueEmail } from "./support.ts";

/** Makes the signed-in user of `page` a provider through the JSON API. */
async function becomeProvider(page: Page) {
  const response = await page.request.post("/api/users/switch-role", { data: { newRole: "provider", userType: "individual" } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A fresh seeker in a browser context of its own posts a job through the JSON API; returns its title. */
async function postJobAsAnotherSeeker(browser: Browser, baseURL: string | undefined, address: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail("dash-seeker"), firstName: "Sasha", lastName: "Seeker" });
    const title = `Hang shelves ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const response = await page.request.post("/api/jobs", {
      data: { categoryId: "assembly", title, description: "Three floating shelves, drill needed.", address, budget: 60, isUrgent: true },
    });
    expect(response.status(), await response.text()).toBe(201);
    return title;
  } finally {
    await context.close();
  }
}

function banner(page: Page) {
  return page.getByTestId("availability-banner");
}

async function expectOffline(page: Page) {
  await expect(banner(page).getByRole("heading", { level: 2 })).toHaveText("You're Offline");
  await expect(page.getByRole("switch", { name: "Available for job requests" })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("offline-card")).toContainText("Turn on availability to see jobs near you");
  await expect(page.getByRole("heading", { name: "Available Jobs Near You" })).toHaveCount(0);
}

async function expectOnline(page: Page) {
  await expect(banner(page).getByRole("heading", { level: 2 })).toHaveText("You're Live!");
  await expect(page.getByRole("switch", { name: "Available for job requests" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("offline-card")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Available Jobs Near You" })).toBeVisible();
}

/** The job card of `title` among the available jobs. */
function availableJob(page: Page, title: string) {
  return page
    .getByTestId("available-jobs")
    .getByTestId("job-card")
    .filter({ has: page.getByRole("heading", { name: title }) });
}

test.describe("provider dashboard with JavaScript", () => {
  test("a fresh provider goes online, sees a Brooklyn job by distance, and goes offline", async ({ page, browser, baseURL }) => {
    await signIn(page, { email: uniqueEmail("dash-js") });
    await becomeProvider(page);
    await page.reload();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Provider dashboard");
    await expectOffline(page);
    await expect(page.getByTestId("today-earnings")).toHaveText("$0.00");
    await expect(page.getByTestId("total-earnings")).toHaveText("$0.00");
    await expect(page.getByTestId("jobs-completed")).toHaveText("0");
    await expect(page.getByTestId("provider-rating")).toContainText("0.0 (0 reviews)");
    await expect(page.getByText("No active jobs")).toBeVisible();

    const title = await postJobAsAnotherSeeker(browser, baseURL, "Brooklyn, NY");

    // Going online: the switch flips at once (optimistic) while the form is posting.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/availability"),
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.getByRole("switch", { name: "Available for job requests" }).click();
    await expect(page.getByRole("switch", { name: "Available for job requests" })).toHaveAttribute("aria-checked", "true");
    await expect(banner(page).getByRole("heading", { level: 2 })).toHaveText("You're Live!");
    release();

    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("You're now online");
    await expect(toast).toContainText("You'll receive job requests from help seekers");
    await expectOnline(page);
    await expect(page).toHaveURL((url) => url.pathname === "/");

    // No location yet: distances are from New York, NY.
    await expect(page.getByTestId("default-location-note")).toContainText("New York, NY");
    const card = availableJob(page, title);
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("job-distance")).toHaveText(/\d+(\.\d)? mi/);
    await expect(card).toContainText("Brooklyn, NY");

    // Going offline.
    await page.getByRole("switch", { name: "Available for job requests" }).click();
    await expect(toast).toContainText("You're now offline");
    await expect(toast).toContainText("You won't receive new job requests");
    await expectOffline(page);

    // The offline card's button is the same form.
    await page.getByTestId("go-online").click();
    await expect(toast).toContainText("You're now online");
    await expectOnline(page);
  });

  test("the demo provider sees earnings and active jobs", async ({ page }) => {
    await signIn(page, { email: "provider@nearhand.dev", firstName: "Priya", lastName: "Patel" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Provider dashboard");
    const total = await page.getByTestId("total-earnings").textContent();
    expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(Number(total!.replace(/[$,]/g, ""))).toBeGreaterThan(0);
    await expect(page.getByTestId("today-earnings")).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByTestId("provider-rating")).toHaveText(/\d\.\d \(\d+ reviews?\)/);
    expect(Number(await page.getByTestId("jobs-completed").textContent())).toBeGreaterThan(0);

    const active = page.getByTestId("active-job");
    expect(await active.count()).toBeGreaterThan(0);
    await expect(active.first()).toHaveAttribute("href", /^\/bookings\/[0-9a-f-]{36}$/);
    await expect(active.first()).toContainText(/accepted|in progress/i);
    await expect(active.first()).toContainText(/\$[\d,]+\.\d{2}/);

    // A list's link is followed inside the page, as a <Link> is; a click with a modifier is left to the browser.
    const row = active.first();
    const href = (await row.getAttribute("href"))!;
    const title = (await row.locator("p").first().textContent())!;
    await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
    const [tab] = await Promise.all([page.context().waitForEvent("page"), row.click({ modifiers: ["ControlOrMeta"] })]);
    await tab.close();
    await expect(page).toHaveURL("/");
    await row.click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});

test.describe("provider dashboard without JavaScript", () => {
  test("the switch is a form: online and offline with the flashed toast", async ({ noJsPage: page, browser, baseURL }) => {
    await signIn(page, { email: uniqueEmail("dash-nojs") });
    await becomeProvider(page);
    await page.goto("/");
    await expectOffline(page);
    await expect(page.getByTestId("total-earnings")).toHaveText("$0.00");

    const title = await postJobAsAnotherSeeker(browser, baseURL, "Brooklyn, NY");

    await page.getByRole("switch", { name: "Available for job requests" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    const toast = page.getByTestId("toast-nojs");
    await expect(toast).toContainText("You're now online");
    await expect(toast).toContainText("You'll receive job requests from help seekers");
    await expectOnline(page);
    await expect(availableJob(page, title).getByTestId("job-distance")).toHaveText(/\d+(\.\d)? mi/);

    await page.getByRole("switch", { name: "Available for job requests" }).click();
    await expect(page.getByTestId("toast-nojs")).toContainText("You're now offline");
    await expect(page.getByTestId("toast-nojs")).toContainText("You won't receive new job requests");
    await expectOffline(page);

    await page.getByTestId("go-online").click();
    await expect(page.getByTestId("toast-nojs")).toContainText("You're now online");
    await expectOnline(page);
  });
});
