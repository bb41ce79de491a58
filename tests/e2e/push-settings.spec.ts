// "Notifications on this device" on /profile (decision 0077), as a user meets it. With JavaScript: the button asks
// for permission only when clicked; headless Chromium reaches no push service (and without the app's service worker
// there is nothing to subscribe through), so the honest end is a clear message, not a subscription; the page never
// hangs on "Working…". Without JavaScript: the section says what is needed, lists a device made through the API, and
// its Remove button works as a plain form. axe finds nothing on either.
import { createECDH, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type Page } from "@playwright/test";

import { expect, signIn, test, uniqueEmail, waitForHydration } from "./support.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const SNAPSHOT_PATH = "/__push-settings-no-js-snapshot";
const PHONE = { width: 390, height: 844 };

/** axe on the page as it is; a page without JavaScript is checked as a copy of its document in a scripted page. */
async function expectNoViolations(page: Page, browser: Browser, javaScript: boolean) {
  let target = page;
  const scratchContext = javaScript ? null : await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: page.viewportSize()! });
  if (scratchContext) {
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
    target = await scratchContext.newPage();
    await target.route(`**${SNAPSHOT_PATH}`, (route) => route.fulfill({ contentType: "text/html", body: html }), { times: 1 });
    await target.goto(SNAPSHOT_PATH);
  }
  const results = await new AxeBuilder({ page: target }).withTags(TAGS).analyze();
  await scratchContext?.close();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
}

function browserSubscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.invalid/send/${randomBytes(8).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

test.describe("notifications on this device", () => {
  test("with JavaScript: permission is asked on the click, and a browser that cannot subscribe says so", async ({ page, browser }, testInfo) => {
    await page.setViewportSize(PHONE);
    await signIn(page, { email: uniqueEmail("push-js"), firstName: "Jo", lastName: "Push", returnTo: "/profile" });
    await waitForHydration(page);
    const section = page.getByTestId("push-devices");
    await expect(section.getByRole("heading", { name: "Notifications on this device" })).toBeVisible();
    await expect(section.getByTestId("push-needs-js")).toHaveCount(0);
    await expect(section.getByTestId("push-devices-empty")).toBeVisible();
    // Nothing asked on load: the permission is still the browser's default.
    expect(await page.evaluate(() => Notification.permission)).toBe("default");
    const turnOn = section.getByRole("button", { name: "Turn on notifications for this device" });
    await expect(turnOn).toBeVisible();
    await expectNoViolations(page, browser, true);
    await page.screenshot({ path: testInfo.outputPath("push-js-phone.png"), fullPage: true });

    await page.context().grantPermissions(["notifications"]);
    await turnOn.click();
    const device = section.getByTestId("push-device");
    // The service worker gets 5 s to be ready; then the browser's push service answers or fails.
    await expect(device).not.toHaveAttribute("data-state", "working", { timeout: 15_000 });
    const state = await device.getAttribute("data-state");
    const status = section.getByTestId("push-device-status");
    if (state === "on") {
      await expect(status).toHaveText("Notifications are on for this device.");
      await expect(section.getByTestId("push-device-row")).toHaveCount(1);
    } else {
      expect(["no-worker", "failed"]).toContain(state);
      await expect(status).toContainText(state === "no-worker" ? "background worker did not start" : "could not reach its push service");
      await expect(section.getByRole("button", { name: "Try again" })).toBeVisible();
      await expect(section.getByTestId("push-devices-empty")).toBeVisible();
    }
    await expectNoViolations(page, browser, true);
    await page.screenshot({ path: testInfo.outputPath("push-js-after-click.png"), fullPage: true });
  });

  test("without JavaScript: the section says what is needed, lists a device made through the API, and Remove works", async ({
    noJsPage: page,
    browser,
  }, testInfo) => {
    await page.setViewportSize(PHONE);
    await signIn(page, { email: uniqueEmail("push-nojs"), firstName: "Nel", lastName: "Push", returnTo: "/profile" });
    const created = await page.request.post("/api/push-subscriptions", { data: browserSubscription() });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();
    const section = page.getByTestId("push-devices");
    await expect(section.getByTestId("push-needs-js")).toContainText("Turning on notifications needs JavaScript");
    await expect(section.getByRole("button", { name: /Turn on/ })).toHaveCount(0);
    const row = section.getByTestId("push-device-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("nothing sent yet");
    await expect(row).toContainText("(this device)");
    await expect(row.getByTestId("push-device-alerts")).toHaveText("Urgent jobs, booking updates and messages");
    const alerts = page.getByTestId("email-alerts");
    await expect(alerts.getByRole("checkbox", { name: "Push to this device: Urgent jobs near you" })).toBeChecked();
    await expect(alerts.getByRole("checkbox", { name: "Push to this device: New reviews" })).not.toBeChecked();
    await expectNoViolations(page, browser, false);
    await page.screenshot({ path: testInfo.outputPath("push-nojs-phone.png"), fullPage: true });

    // This device's own choices, saved with the plain form; the email column keeps its own.
    await alerts.getByRole("checkbox", { name: "Push to this device: Booking updates" }).uncheck();
    await alerts.getByRole("checkbox", { name: "Push to this device: New reviews" }).check();
    await alerts.getByRole("button", { name: "Save alerts" }).click();
    await expect(page.getByTestId("toast-nojs")).toContainText("Alerts saved");
    await expect(row.getByTestId("push-device-alerts")).toHaveText("Urgent jobs, messages and reviews");
    await expect(alerts.getByRole("checkbox", { name: "Email: Booking updates" })).toBeChecked();
    const [listed] = await (await page.request.get("/api/push-subscriptions")).json();
    expect(listed.alerts).toEqual({ urgentJobs: true, bookings: false, messages: true, reviews: true });

    await row.getByRole("button", { name: /^Remove / }).click();
    await expect(page.getByTestId("toast-nojs")).toContainText("Device removed");
    await expect(page.getByTestId("push-devices").getByTestId("push-devices-empty")).toBeVisible();
    expect(await (await page.request.get("/api/push-subscriptions")).json()).toEqual([]);
  });
});
