import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Browser, type Locator, type Page, type Request } from "@playwright/test";

import { expect, pathAndQuery, signIn, test, uniqueEmail, uniqueTitle, waitForHydration } from "./support.ts";

// The demo provider (online, repair and assembly) seeded for the e2e run.
const DEMO_PROVIDER = "Priya Patel";
const WIZARD_STEP_2 = "/post-job?category=repair";

interface FavoriteRow {
  targetType: "provider" | "job";
  targetId: string;
  role: "seeker" | "provider";
}

async function favorites(request: APIRequestContext): Promise<FavoriteRow[]> {
  const response = await request.get("/api/favorites");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as FavoriteRow[];
}

/** The heart's form on its way to the route action (with JavaScript a fetcher posts it). */
function isToggle(request: Request): boolean {
  return request.method() === "POST" && new URL(request.url()).pathname.startsWith("/favorites/toggle");
}

/** A fresh seeker in a context of its own posts a job near the default location; returns its title and id. */
async function postJobAsAnotherSeeker(browser: Browser, baseURL: string | undefined): Promise<{ title: string; id: string }> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail("fav-poster"), firstName: "Olive", lastName: "Poster" });
    const title = uniqueTitle("Assemble a bookcase");
    const response = await page.request.post("/api/jobs", {
      data: { categoryId: "assembly", title, description: "Flat-pack bookcase, all parts there.", address: "New York, NY", budget: 45 },
    });
    expect(response.status(), await response.text()).toBe(201);
    return { title, id: ((await response.json()) as { id: string }).id };
  } finally {
    await context.close();
  }
}

async function demoProviderId(request: APIRequestContext): Promise<string> {
  const providers = (await (await request.get("/api/providers/available?categoryId=repair")).json()) as Array<{
    id: string;
    firstName: string;
    lastName: string;
  }>;
  const priya = providers.find((p) => `${p.firstName} ${p.lastName}` === DEMO_PROVIDER);
  expect(priya, "the demo provider is online").toBeTruthy();
  return priya!.id;
}

function providerCard(scope: Page | Locator, name: string): Locator {
  return scope.getByTestId("provider-card").filter({ hasText: name });
}

function jobCard(scope: Page | Locator, title: string): Locator {
  return scope.getByTestId("job-card").filter({ hasText: title });
}

async function expectSaved(heart: Locator, kind: "job" | "provider", saved: boolean) {
  await expect(heart).toHaveAttribute("aria-pressed", String(saved));
  await expect(heart).toHaveAccessibleName(saved ? `Remove saved ${kind}` : `Save ${kind}`);
  // The drawing says it too: a saved heart is filled, an unsaved one is an outline.
  await expect(heart.locator("svg")).toHaveCSS("fill", saved ? /^(?!none$).+/ : "none");
}

function tab(page: Page, name: RegExp) {
  return page.getByRole("navigation", { name: "Favorites" }).getByRole("link", { name });
}

test.describe("favorites with JavaScript", () => {
  test("a provider saved in the wizard and a job saved on the dashboard show on /favorites, survive a reload, and are unsaved there", async ({
    page,
    browser,
    baseURL,
  }) => {
    const job = await postJobAsAnotherSeeker(browser, baseURL);
    await signIn(page, { email: uniqueEmail("fav-js"), returnTo: WIZARD_STEP_2 });
    const providerId = await demoProviderId(page.request);

    // Step 2 of the wizard: save the demo provider.
    const provider = providerCard(page, DEMO_PROVIDER);
    const providerHeart = provider.getByTestId("favorite-provider");
    await expectSaved(providerHeart, "provider", false);
    const saved = page.waitForResponse((r) => isToggle(r.request()));
    await providerHeart.click();
    await expectSaved(providerHeart, "provider", true);
    expect((await saved).ok()).toBe(true);
    expect(await favorites(page.request)).toEqual([expect.objectContaining({ targetType: "provider", targetId: providerId, role: "seeker" })]);

    // The provider dashboard: save a job near the default location.
    expect((await page.request.post("/api/users/switch-role", { data: { newRole: "provider", userType: "individual" } })).status()).toBe(200);
    expect((await page.request.post("/api/users/toggle-online", { data: { isOnline: true } })).status()).toBe(200);
    await page.goto("/");
    await waitForHydration(page);
    const card = jobCard(page.getByTestId("available-jobs"), job.title);
    const jobHeart = card.getByTestId("favorite-job");
    await expectSaved(jobHeart, "job", false);
    await jobHeart.click();
    await expectSaved(jobHeart, "job", true);
    await expect
      .poll(async () => (await favorites(page.request)).map((f) => `${f.targetType}:${f.role}`).sort())
      .toEqual(["job:provider", "provider:seeker"]);
    // The dashboard reads the heart back from the server.
    await page.reload();
    await waitForHydration(page);
    await expectSaved(jobCard(page.getByTestId("available-jobs"), job.title).getByTestId("favorite-job"), "job", true);

    // /favorites: both tabs with their counts, providers first.
    await page.getByRole("link", { name: "Favorites" }).click();
    await expect(page).toHaveURL(pathAndQuery("/favorites"));
    await expect(tab(page, /^Saved Providers \(1\)$/)).toHaveAttribute("aria-current", "page");
    await expect(tab(page, /^Saved Jobs \(1\)$/)).not.toHaveAttribute("aria-current", "page");
    const savedProvider = providerCard(page, DEMO_PROVIDER);
    await expect(savedProvider).toContainText("Online");
    await expect(savedProvider.getByTestId("provider-rating")).toHaveText(/\d\.\d \(\d+ reviews?\)/);
    await expect(savedProvider.getByTestId("provider-jobs")).toHaveText(/^\d+ jobs? completed$/);
    await expect(savedProvider.getByTestId("provider-rate")).toHaveText(/^\$\d+\/hr$/);
    await expect(savedProvider.getByRole("link", { name: DEMO_PROVIDER })).toHaveAttribute("href", `/providers/${providerId}`);
    await expectSaved(savedProvider.getByTestId("favorite-provider"), "provider", true);

    await tab(page, /^Saved Jobs/).click();
    await expect(page).toHaveURL(pathAndQuery("/favorites?tab=jobs"));
    await expect(tab(page, /^Saved Jobs \(1\)$/)).toHaveAttribute("aria-current", "page");
    const savedJob = jobCard(page, job.title);
    await expect(savedJob).toBeVisible();
    await expect(savedJob.getByRole("link", { name: "View Details" })).toHaveAttribute("href", `/jobs/${job.id}`);

    // Favorites survive a reload.
    await page.reload();
    await waitForHydration(page);
    await expect(tab(page, /^Saved Jobs \(1\)$/)).toBeVisible();
    await expect(tab(page, /^Saved Providers \(1\)$/)).toBeVisible();

    // Unsave the job here: the card goes, the count drops, the empty state links to jobs.
    await savedJob.getByTestId("favorite-job").click();
    await expect(savedJob).toHaveCount(0);
    await expect(tab(page, /^Saved Jobs \(0\)$/)).toBeVisible();
    const noJobs = page.getByTestId("favorites-empty-jobs");
    await expect(noJobs).toContainText("No saved jobs yet");
    await expect(noJobs.getByRole("link", { name: "Find jobs" })).toHaveAttribute("href", "/");

    // The provider was saved as a seeker; unsaving it from here removes that favorite.
    await tab(page, /^Saved Providers/).click();
    await expect(page).toHaveURL(pathAndQuery("/favorites?tab=providers"));
    await providerCard(page, DEMO_PROVIDER).getByTestId("favorite-provider").click();
    await expect(providerCard(page, DEMO_PROVIDER)).toHaveCount(0);
    await expect(tab(page, /^Saved Providers \(0\)$/)).toBeVisible();
    const noProviders = page.getByTestId("favorites-empty-providers");
    await expect(noProviders).toContainText("No saved providers yet");
    await expect(noProviders.getByRole("link", { name: "Find providers" })).toHaveAttribute("href", "/providers");
    expect(await favorites(page.request)).toEqual([]);
  });

  test("the heart flips at once and rolls back with a toast when the server refuses the save", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("fav-fail"), returnTo: WIZARD_STEP_2 });
    const providerId = await demoProviderId(page.request);
    const heart = providerCard(page, DEMO_PROVIDER).getByTestId("favorite-provider");
    await expectSaved(heart, "provider", false);

    // The form reaches the server naming a provider that does not exist, which refuses it.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/favorites/toggle"),
      async (route) => {
        if (!isToggle(route.request())) return route.continue();
        await answered; // held until the optimistic state has been seen
        await route.continue({ postData: route.request().postData()!.replaceAll(providerId, randomUUID()) });
      },
    );
    await heart.click();
    await expectSaved(heart, "provider", true);
    answer();

    await expectSaved(heart, "provider", false);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Failed to update favorite");
    expect(await favorites(page.request)).toEqual([]);

    // Once the form reaches the server as sent, the same heart saves for real.
    await page.unrouteAll();
    await heart.click();
    await expectSaved(heart, "provider", true);
    await expect.poll(async () => (await favorites(page.request)).length).toBe(1);
    await page.reload();
    await expectSaved(providerCard(page, DEMO_PROVIDER).getByTestId("favorite-provider"), "provider", true);
  });
});

test.describe("favorites without JavaScript", () => {
  test("hearts are forms: save a provider in the wizard and a job from My Jobs, then unsave them on /favorites", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("fav-nojs"), returnTo: WIZARD_STEP_2 });
    const heart = providerCard(page, DEMO_PROVIDER).getByTestId("favorite-provider");
    await expectSaved(heart, "provider", false);
    await heart.click();
    // The form posts and the browser comes back to the same page.
    await expect(page).toHaveURL(pathAndQuery(WIZARD_STEP_2));
    await expectSaved(providerCard(page, DEMO_PROVIDER).getByTestId("favorite-provider"), "provider", true);

    const title = uniqueTitle("Patch a wall");
    const created = await page.request.post("/api/jobs", {
      data: { categoryId: "repair", title, description: "Small hole in drywall.", address: "Brooklyn, NY" },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto("/my-jobs");
    await jobCard(page, title).getByTestId("favorite-job").click();
    await expect(page).toHaveURL(pathAndQuery("/my-jobs"));
    await expectSaved(jobCard(page, title).getByTestId("favorite-job"), "job", true);

    await page.goto("/favorites");
    await expect(tab(page, /^Saved Providers \(1\)$/)).toHaveAttribute("aria-current", "page");
    await expect(tab(page, /^Saved Jobs \(1\)$/)).toBeVisible();
    await providerCard(page, DEMO_PROVIDER).getByTestId("favorite-provider").click();
    await expect(page).toHaveURL(pathAndQuery("/favorites"));
    await expect(tab(page, /^Saved Providers \(0\)$/)).toBeVisible();
    await expect(page.getByTestId("favorites-empty-providers")).toBeVisible();

    await tab(page, /^Saved Jobs/).click();
    await expect(page).toHaveURL(pathAndQuery("/favorites?tab=jobs"));
    await jobCard(page, title).getByTestId("favorite-job").click();
    await expect(page).toHaveURL(pathAndQuery("/favorites?tab=jobs"));
    await expect(tab(page, /^Saved Jobs \(0\)$/)).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("favorites-empty-jobs")).toBeVisible();
    expect(await favorites(page.request)).toEqual([]);
  });

  test("a job saved as a seeker shows saved on the provider dashboard, and its heart there removes that favorite", async ({
    noJsPage: page,
    browser,
    baseURL,
  }) => {
    const job = await postJobAsAnotherSeeker(browser, baseURL);
    await signIn(page, { email: uniqueEmail("fav-roles") });
    const saved = await page.request.post("/api/favorites", { data: { targetType: "job", targetId: job.id, role: "seeker" } });
    expect(saved.status(), await saved.text()).toBe(201);
    expect((await page.request.post("/api/users/switch-role", { data: { newRole: "provider", userType: "individual" } })).status()).toBe(200);
    expect((await page.request.post("/api/users/toggle-online", { data: { isOnline: true } })).status()).toBe(200);

    await page.goto("/");
    const heart = () => jobCard(page.getByTestId("available-jobs"), job.title).getByTestId("favorite-job");
    await expectSaved(heart(), "job", true);
    await heart().click();
    await expect(page).toHaveURL(pathAndQuery("/"));
    await expectSaved(heart(), "job", false);
    // The favorite saved under the other role is the one removed: none is left under either.
    expect(await favorites(page.request)).toEqual([]);
  });
});
