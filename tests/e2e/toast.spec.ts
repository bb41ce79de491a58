import AxeBuilder from "@axe-core/playwright";
import { type Locator, type Page } from "@playwright/test";

import { expect, roleSwitchLink, signIn, test, uniqueEmail } from "./support.ts";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

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

  test("a toast is read out by a polite live region that was empty before its text", async ({ page }) => {
    await recordLiveRegions(page);
    await signIn(page, { email: uniqueEmail("toast-live") });
    const toast = await switchRoleWithDialog(page);
    await expect(toast).toBeVisible();
    // Screen readers often skip a region inserted together with its text: the text comes after the region.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard))
      .toContainEqual({
        live: "polite",
        firstText: "",
        text: expect.stringMatching(/Role switched successfully\. You are now offering services\.$/),
      });
  });

  test("a toast waits while the window is in the background, and closes once it is back", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, { email: uniqueEmail("toast-blur") });
    const toast = await switchRoleWithDialog(page);
    await expect(toast).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new FocusEvent("blur")));
    await page.waitForTimeout(6_000);
    await expect(toast).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new FocusEvent("focus")));
    await expect(toast).toBeHidden({ timeout: 8_000 });
  });

  test("a shown toast passes axe, on a desktop and on a phone", async ({ page }) => {
    test.setTimeout(90_000); // two axe runs, on a runner shared with other suites
    await page.setViewportSize(DESKTOP);
    await signIn(page, { email: uniqueEmail("toast-axe") });
    const toast = await switchRoleWithDialog(page);
    await expect(toast).toBeVisible();
    // The window in the background pauses the toast (tested above): it stays while it is checked and photographed.
    await page.evaluate(() => window.dispatchEvent(new FocusEvent("blur")));
    for (const [name, size] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await settled(toast);
      const box = (await toast.boundingBox())!;
      // The page's width less the viewport's padding on a phone; at most 420 px (less the padding) from md up.
      const pageWidth = await page.evaluate(() => document.documentElement.clientWidth);
      expect(box.width).toBe(name === "phone" ? pageWidth - 32 : 420 - 32);
      await page.screenshot({ path: `test-results/toast-${name}.png` });
      await expectNoAxeViolations(page, '[role=region][aria-label^="Notifications"]');
    }
    await expect(toast).toBeVisible();
  });

  test("without JavaScript the flashed toast passes axe", async ({ noJsPage, page: scratch }) => {
    test.setTimeout(90_000);
    await signIn(noJsPage, { email: uniqueEmail("toast-nojs-axe"), returnTo: "/switch-role?returnTo=%2F" });
    await noJsPage.getByRole("button", { name: "Continue" }).click();
    await expect(noJsPage.getByTestId("toast-nojs")).toBeVisible();
    await noJsPage.screenshot({ path: "test-results/toast-nojs-desktop.png" });
    // axe is a script: it checks the no-JS document (its <noscript> unwrapped, its scripts left out) in a page that runs one.
    const html = (await noJsPage.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
    await scratch.route("**/__toast-no-js-snapshot", (route) => route.fulfill({ contentType: "text/html", body: html }), { times: 1 });
    await scratch.goto(new URL("/__toast-no-js-snapshot", noJsPage.url()).href);
    await expectNoAxeViolations(scratch, "[data-testid=toast-nojs]");
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
    // Measured where it rests, after its slide-in.
    await settled(toast);
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

/** Waits for the toast's slide-in to end (a loaded runner measured it mid-animation, 266 px to the right). */
async function settled(toast: Locator) {
  await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

async function expectNoAxeViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).withTags(AXE_TAGS).analyze();
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

interface Heard {
  live: string;
  firstText: string;
  text: string;
}

/** Records every live region's text as it was when the region appeared and as it is at each later change. */
async function recordLiveRegions(page: Page) {
  await page.addInitScript(() => {
    const heard: Heard[] = [];
    const firstText = new WeakMap<Element, string>();
    (window as unknown as { heard: Heard[] }).heard = heard;
    const look = () => {
      for (const region of document.querySelectorAll("[aria-live]")) {
        const text = region.textContent ?? "";
        if (!firstText.has(region)) firstText.set(region, text);
        if (text) heard.push({ live: region.getAttribute("aria-live") ?? "", firstText: firstText.get(region)!, text });
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

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
