// The provider directory (issue 33 §1): a seeker finds a provider by part of their name with a typo, narrows by
// category and distance, and every search is a URL; with JavaScript a changed filter searches at once, without it
// the Search button does.
import { expect, test, type Page } from "@playwright/test";

import { completeDevSignIn, newNoJsContext, signIn } from "./support";

const SEEKER = "seeker@nearhand.dev";

async function expectPriyaFound(page: Page) {
  const results = page.getByTestId("directory-results");
  await expect(results.getByRole("link", { name: "Priya Patel" })).toBeVisible();
}

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
});
