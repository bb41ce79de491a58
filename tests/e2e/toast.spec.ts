import { type Page } from "@playwright/test";
import { expect, roleSwitchLink, signIn, test, uniqueEmail } from "./support.ts";

/** Switches role through the dialog (keeping the user type) and returns the toast. */
async function switchRoleWithDialog(page: Page) {
  await roleSwitchLink(page).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toBeHidden();
  return page.getByTestId("toast");
}

test.describe("toasts", () => {
  test("a shown toast sits in an F8 landmark", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("toast-f8") });
    const toast = await switchRoleWithDialog(page);
    await expect(toast).toBeVisible();
    // The landmark comes with the first toast (Radix Toast loads then).
    const viewport = page.getByRole("region", { name: /Notifications \(F8\)/ });
    await expect(viewport).toHaveCount(1);
    await expect(viewport).toHaveAttribute("aria-label", /Notifications \(F8\)/);
    await page.keyboard.press("F8");
    // F8 moves focus into the toast list inside the landmark.
    await expect(viewport.locator("ol")).toBeFocused();
    await expect(toast).toBeVisible();
  });

  test("a toast closes by itself after about five seconds", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("toast-timer") });
    const toast = await switchRoleWithDialog(page);
    await expect(toast).toBeVisible();
    const shownAt = Date.now();
    await expect(toast).toBeHidden({ timeout: 8_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(3_500);
    expect(shownFor).toBeLessThan(8_000);
  });

  test("only one toast is shown at a time", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("toast-limit") });
    const first = await switchRoleWithDialog(page);
    await expect(first).toContainText("You are now offering services.");
    const second = await switchRoleWithDialog(page);
    await expect(second).toContainText("You are now seeking help.");
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await expect(page.getByText("You are now offering services.")).toHaveCount(0);
  });

  test("without JavaScript the flashed toast fades after about five seconds", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("toast-nojs"), returnTo: "/switch-role?returnTo=%2F" });
    await page.getByRole("button", { name: "Continue" }).click();
    const toast = page.getByTestId("toast-nojs");
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute("role", "status");
    await expect(toast).toBeHidden({ timeout: 8_000 });
  });
});
