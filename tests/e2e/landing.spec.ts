import { expect, signIn, test, uniqueEmail } from "./support.ts";

const FEATURES = [
  "Instant Matching",
  "Secure Payments",
  "Trusted Ratings & Reviews",
  "Location-Based Search",
  "Real-Time Notifications",
  "Dual Roles",
];

test.describe("landing page without JavaScript", () => {
  test("headline, sign-up links, Learn More anchor and the six features", async ({ noJsPage: page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Urgent help from people nearby");

    const getStarted = page.getByRole("link", { name: "Get Started" });
    const signUpNow = page.getByRole("link", { name: "Sign Up Now" });
    await expect(getStarted).toHaveAttribute("href", "/api/login");
    await expect(signUpNow).toHaveAttribute("href", "/api/login");

    await page.getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL(/\/#features$/);
    const features = page.locator("#features");
    await expect(features).toBeInViewport();

    const titles = features.getByRole("listitem").getByRole("heading", { level: 3 });
    await expect(titles).toHaveText(FEATURES);
  });

  test("Get Started leads to the sign-in page", async ({ noJsPage: page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/oidc\/interaction\/[\w-]+$/);
    await expect(page.locator("#email")).toBeVisible();
  });
});

test.describe("landing page with JavaScript", () => {
  test("Learn More scrolls to the features", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Urgent help from people nearby");
    await page.getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.getByRole("heading", { name: "Everything you need to get it done" })).toBeInViewport();
    await expect(page.locator("#features").getByRole("heading", { level: 3 })).toHaveText(FEATURES);
  });

  test("a signed-out visitor gets no JavaScript at all; a signed-in user's page hydrates", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Urgent help from people nearby");
    await expect(page.locator("script")).toHaveCount(0);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    // The feature icons come from the sprite, drawn without a script.
    const icon = page.locator("#features svg").first();
    await expect(icon.locator("use")).toHaveAttribute("href", /^\/icons\.svg\?v=\w+#zap$/);
    expect(await icon.evaluate((svg) => (svg as SVGSVGElement).getBBox().width)).toBeGreaterThan(0);
    expect(scripts).toEqual([]);

    await signIn(page, { email: uniqueEmail("landing-hydrates") });
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(scripts.length).toBeGreaterThan(0);
  });
});
