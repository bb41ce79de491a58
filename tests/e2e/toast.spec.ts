import { type Locator, type Page } from "@playwright/test";
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

  test("a toast is read out by a live region that was there before it", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("toast-live") });
    const polite = page.locator('[role=region][aria-label^="Notifications"] [aria-live=polite]');
    await expect(polite).toBeAttached();
    await expect(polite).toHaveText("");
    const toast = await switchRoleWithDialog(page);
    await expect(toast).toBeVisible();
    await expect(polite).toHaveText("Role switched successfully. You are now offering services.");
  });

  test("a toast stays while the pointer rests on it, and closes by Escape or its Close button", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("toast-close") });
    let toast = await switchRoleWithDialog(page);
    await toast.hover();
    await page.waitForTimeout(6_000);
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Escape");
    await expect(toast).toBeHidden();
    toast = await switchRoleWithDialog(page);
    await toast.getByRole("button", { name: "Close" }).click();
    await expect(toast).toBeHidden();
  });

  test("a toast swiped right past 50 px closes; a shorter swipe leaves it", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("toast-swipe") });
    const toast = await switchRoleWithDialog(page);
    // Measured where it rests: after its slide-in (a loaded runner measured it mid-animation, 266 px to the right).
    await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    const box = (await toast.boundingBox())!;
    const drag = async (distance: number) => {
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + distance, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
    };
    await drag(30);
    // Short of the threshold it snaps back to where it was.
    await expect.poll(async () => (await toast.boundingBox())!.x).toBe(box.x);
    await drag(120);
    await expect(toast).toBeHidden();
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
    await expect(toast.getByRole("status")).toContainText("You are now offering services.");
    await expect(toast).toBeHidden({ timeout: 8_000 });
  });

  test("without JavaScript a faded toast leaves nothing that takes clicks", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("toast-nojs-faded"), returnTo: "/switch-role?returnTo=%2F" });
    await page.getByRole("button", { name: "Continue" }).click();
    const toast = page.getByTestId("toast-nojs");
    await expect(toast).toBeVisible();
    await page.screenshot({ path: "test-results/toast-nojs-visible.png" });
    const box = (await toast.boundingBox())!;
    // Only the toast itself takes clicks, not the space around it in its corner.
    expect(await elementAt(toast, box.x + box.width / 2, box.y - 8)).not.toBe("toast");
    expect(await elementAt(toast, box.x + box.width / 2, box.y + box.height / 2)).toBe("toast");
    await expect(toast).toBeHidden({ timeout: 8_000 });
    await page.screenshot({ path: "test-results/toast-nojs-faded.png" });
    expect(await elementAt(toast, box.x + box.width / 2, box.y + box.height / 2)).not.toBe("toast");
    expect(await elementAt(toast, box.x + 4, box.y + 4)).not.toBe("toast");
  });

  test("without JavaScript a shown toast can be closed", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("toast-nojs-close"), returnTo: "/switch-role?returnTo=%2F" });
    await page.getByRole("button", { name: "Continue" }).click();
    const toast = page.getByTestId("toast-nojs");
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Close" }).click();
    await expect(toast).toBeHidden();
    // Closing is no navigation: the page stays as it was.
    await expect(page).toHaveURL(/\/$/);
  });

  test("with JavaScript the toasts' corner takes no clicks around a toast", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("toast-corner") });
    const toast = await switchRoleWithDialog(page);
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    expect(await elementAt(toast, box.x + box.width / 2, box.y - 8)).toBe("page");
  });
});

/** What takes a click at (x, y): "toast" (the toast or the viewport box it sits in) or "page". */
async function elementAt(toast: Locator, x: number, y: number): Promise<"toast" | "page"> {
  return toast.evaluate(
    (element, [px, py]) => {
      const hit = document.elementFromPoint(px, py);
      return hit && element.parentElement?.contains(hit) ? "toast" : "page";
    },
    [x, y] as const,
  );
}
