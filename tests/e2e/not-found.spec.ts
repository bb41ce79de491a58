import { type Page } from "@playwright/test";

import { expect, signIn, test, uniqueEmail } from "./support.ts";

const MISSING = "/definitely/not/here";

async function expectNotFound(page: Page) {
  const response = await page.goto(MISSING);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  await expect(page).toHaveTitle(/^404 Page Not Found/);
}

test.describe("404 page", () => {
  test("signed out", async ({ page }) => {
    await expectNotFound(page);
    await expect(page.getByTestId("profile-menu")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  });

  test("signed in, inside the app's header", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("notfound") });
    await expectNotFound(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByTestId("profile-menu")).toHaveCount(1);
    await expect(page.getByTestId("messages-link")).toBeVisible();
    await page.screenshot({ path: "test-results/not-found-signed-in.png" });
    // The header works from there.
    await page.getByRole("link", { name: "Nearhand home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("signed in, without JavaScript", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("notfound-nojs") });
    await expectNotFound(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("signed out, without JavaScript", async ({ noJsPage: page }) => {
    await expectNotFound(page);
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Urgent help from people nearby");
  });
});
