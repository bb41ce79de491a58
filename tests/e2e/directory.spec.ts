// The provider directory (issue 33 §1): a seeker finds a provider by part of their name with a typo, narrows by
// category and distance, and every search is a URL; with JavaScript a changed filter searches at once, without it
// the Search button does. "Load more" appends the next page with JavaScript and leads to it without; each card has
// its Request button.
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";

import { completeDevSignIn, newNoJsContext, signIn, uniqueEmail, waitForHydration } from "./support";

const SEEKER = "seeker@nearhand.dev";

async function expectPriyaFound(page: Page) {
  const results = page.getByTestId("directory-results");
  await expect(results.getByRole("link", { name: "Priya Patel", exact: true })).toBeVisible();
}

/** Makes sure the directory has more than one page for `request`'s user: providers are added (repair, no rating) while it has not. */
async function ensureTwoPages(request: APIRequestContext, browser: Browser, baseURL: string | undefined) {
  const first = await request.get("/api/providers?sort=rating");
  expect(first.status(), await first.text()).toBe(200);
  const page = (await first.json()) as { providers: unknown[]; next: string | null };
  if (page.next) return;
  for (let i = page.providers.length; i <= 20; i++) {
    const context = await browser.newContext({ baseURL });
    const providerPage = await context.newPage();
    await signIn(providerPage, { email: uniqueEmail("directory-more"), firstName: "More", lastName: `Provider${i}` });
    const saved = await providerPage.request.post("/profile?edit=1", {
      form: { firstName: "More", lastName: `Provider${i}`, providerCategories: "repair", bio: "One more provider." },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(400);
    await context.close();
  }
}

/** The provider page links of the cards, in order. */
const cardLinks = (cards: Locator) => cards.evaluateAll((all) => all.map((card) => card.querySelector("h3 a")?.getAttribute("href")));

test.describe("provider directory", () => {
  test("with JavaScript: a misspelt name finds the provider, a filter searches at once, the header leads there", async ({ page }) => {
    await signIn(page, { email: SEEKER });
    await page.getByTestId("providers-link").click();
    await expect(page).toHaveURL(/\/providers$/);
    await page.getByTestId("directory-q").fill("Priya Patle");
    await page.getByTestId("directory-q").press("Enter");
    await expect(page).toHaveURL(/q=Priya\+Patle/);
    await expectPriyaFound(page);

    await page.getByLabel("Category").selectOption({ label: "Assembly & Installation" });
    await expect(page).toHaveURL(/category=assembly/);
    await expectPriyaFound(page);

    await page.getByLabel("Distance").selectOption({ label: "Within 25 mi" });
    await expect(page).toHaveURL(/near=25/);
    await expectPriyaFound(page);
    for (const distance of await page.getByTestId("provider-distance").allTextContents()) {
      expect(distance).toMatch(/mi away$/);
    }

    await page.getByTestId("directory-q").fill("zzzz-nobody");
    await page.getByTestId("directory-q").press("Enter");
    await expect(page.getByTestId("directory-empty")).toContainText("No providers match this search");
  });

  test("without JavaScript: the Search button searches and the address is the search", async ({ browser, baseURL }) => {
    const context = await newNoJsContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto("/api/login?returnTo=%2Fproviders");
    await completeDevSignIn(page, { email: SEEKER });
    await page.getByTestId("directory-q").fill("Priya Patle");
    await page.getByLabel("Category").selectOption({ label: "Repair & Maintenance" });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=Priya\+Patle.*category=repair/);
    await expectPriyaFound(page);

    // A shared link opens the same search with the form filled in.
    await page.goto("/providers?q=Priya+Patle&category=repair&sort=rating");
    await expect(page.getByTestId("directory-q")).toHaveValue("Priya Patle");
    await expect(page.getByLabel("Sort by")).toHaveValue("rating");
    await expectPriyaFound(page);
    await context.close();
  });

  test("Load more appends the next page with JavaScript, and leads to it without; each card offers Request", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await signIn(page, { email: SEEKER });
    await ensureTwoPages(page.request, browser, baseURL);
    await page.goto("/providers?sort=rating");
    await waitForHydration(page);
    const cards = page.getByTestId("directory-results").getByTestId("provider-card");
    await expect(cards).toHaveCount(20);
    const firstCard = cards.first();
    const firstHref = await firstCard.locator("h3 a").getAttribute("href");
    const firstName = await firstCard.locator("h3 a").innerText();
    await expect(firstCard.getByRole("link", { name: `Request ${firstName}` })).toHaveAttribute("href", `${firstHref}/request`);
    const before = await cardLinks(cards);

    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page).toHaveURL(/[?&]pages=2/);
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    const after = await cardLinks(cards);
    expect(after.slice(0, 20)).toEqual(before);
    expect(new Set(after).size).toBe(after.length);
    // Focus moves to the first card that arrived.
    await expect(cards.nth(20).locator("h3 a")).toBeFocused();

    // Without JavaScript the link is the next page, from the cursor on.
    const context = await newNoJsContext(browser, baseURL);
    const noJs = await context.newPage();
    await noJs.goto("/api/login?returnTo=%2Fproviders%3Fsort%3Drating");
    await completeDevSignIn(noJs, { email: SEEKER });
    const noJsCards = noJs.getByTestId("directory-results").getByTestId("provider-card");
    await expect(noJsCards).toHaveCount(20);
    await expect(noJsCards.first().getByRole("link", { name: /^Request / })).toBeVisible();
    await noJs.getByRole("link", { name: "Load more" }).click();
    await expect(noJs).toHaveURL(/[?&]after=/);
    const next = await cardLinks(noJsCards);
    expect(next.length).toBeGreaterThan(0);
    expect(next.some((href) => before.includes(href))).toBe(false);
    await context.close();
  });
});
