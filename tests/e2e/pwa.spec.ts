// The installable app (decision 0076): the manifest is linked and served, the service worker registers and
// controls the page, a navigation without network shows the offline page (the browser offline, and the server
// really down), and a push delivered to the worker shows a notification whose click opens its page.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, CDPSession, Page } from "@playwright/test";

import { freePort } from "../support/free-port.ts";
import { expect, signIn, test, uniqueEmail } from "./support.ts";

const REPO = path.resolve(import.meta.dirname, "../..");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Waits until the service worker controls the page (it claims the pages open when it takes over). */
async function waitForWorker(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

async function expectOfflinePage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page).toHaveTitle("You're offline | Nearhand");
  // In the app's look: the built stylesheet came from the worker's cache.
  await expect(page.getByRole("link", { name: "Retry" })).toHaveCSS("background-color", "rgb(29, 78, 216)");
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("the manifest is linked and served, and the service worker registers and controls the page", async ({ page, baseURL }) => {
  await signIn(page, { email: uniqueEmail("pwa-install") });
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  expect(await response.json()).toMatchObject({ name: "Nearhand", start_url: "/", display: "standalone" });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1d4ed8");
  expect(await waitForWorker(page)).toBe(`${baseURL}/sw.js`);
  // The page keeps working under the worker: a client-side navigation and a document load.
  await page
    .getByRole("link", { name: /messages/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/messages/);
  await page.reload();
  await expect(page.locator("header").first()).toBeVisible();
});

/**
 * What Chromium says stands between the page and "Install app": the DevTools protocol's own check, which Lighthouse's
 * installable-manifest audit reports (`npm run lighthouse`, decision 0080), and the manifest's parse errors.
 * Playwright's contexts are off the record, which Chromium reports as `in-incognito`; Lighthouse ignores it too.
 */
async function installability(page: Page): Promise<{ errors: string[]; manifestUrl: string; manifestErrors: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const manifest = await cdp.send("Page.getAppManifest");
    return {
      errors: installabilityErrors.map(({ errorId }) => errorId).filter((errorId) => errorId !== "in-incognito"),
      manifestUrl: manifest.url,
      manifestErrors: manifest.errors.map(({ message }) => message),
    };
  } finally {
    await cdp.detach();
  }
}

test("the landing page and a signed-in page meet Chromium's installability criteria", async ({ page, baseURL }) => {
  const installable = { errors: [], manifestUrl: `${baseURL}/manifest.webmanifest`, manifestErrors: [] };
  await page.goto("/");
  expect(await installability(page)).toEqual(installable);
  await signIn(page, { email: uniqueEmail("pwa-installable"), returnTo: "/profile" });
  await waitForWorker(page);
  expect(await installability(page)).toEqual(installable);
  // The check speaks up: a document without the manifest is not installable.
  await page.goto("/api/auth/user");
  expect((await installability(page)).errors).toContain("no-manifest");
});

test("offline, a navigation shows the offline page at the address asked for, and Retry loads it once back online", async ({ page, context }) => {
  await signIn(page, { email: uniqueEmail("pwa-offline") });
  await waitForWorker(page);
  await context.setOffline(true);
  const response = await page.goto("/profile?tab=alerts");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/profile\?tab=alerts$/);
  await expectOfflinePage(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/pwa-offline-desktop.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectOfflinePage(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/pwa-offline-phone.png" });

  // Retry while still offline: the offline page again, never the browser's error page.
  await page.getByRole("link", { name: "Retry" }).click();
  await expectOfflinePage(page);
  await context.setOffline(false);
  await page.getByRole("link", { name: "Retry" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=alerts$/);
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toHaveCount(0);
  await expect(page.locator("header").first()).toBeVisible();
});

/** A server of its own (the suite's cannot be stopped), on a fixed port so that its origin survives a restart. */
class OwnServer {
  private child: ChildProcess | undefined;
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), "nearhand-pwa-"));
  readonly port: number;
  constructor(port: number) {
    this.port = port;
  }

  get url() {
    return `http://localhost:${this.port}`;
  }

  /** Starts `node server.ts` in `cwd` (by default this checkout; another holds another build). */
  async start(cwd = REPO) {
    const child = spawn(process.execPath, ["server.ts"], {
      cwd,
      env: {
        ...process.env,
        PORT: String(this.port),
        APP_URL: this.url,
        DATA_DIR: this.dataDir,
        SEED_DEMO: "false",
        RATE_LIMIT_MULTIPLIER: "1000",
        OIDC_ISSUER: "",
        OIDC_CLIENT_ID: "",
        OIDC_CLIENT_SECRET: "",
      },
      stdio: "ignore",
    });
    this.child = child;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      if (
        await fetch(`${this.url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      if (Date.now() > deadline) throw new Error("the server did not become ready");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }

  async destroy() {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

test("with the server down, a navigation shows the offline page, and Retry loads the page once it is back", async ({ browser }) => {
  test.setTimeout(180_000);
  const server = new OwnServer(await freePort());
  let context: BrowserContext | undefined;
  try {
    await server.start();
    context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail("pwa-down") });
    await waitForWorker(page);

    await server.stop();
    await page.goto("/messages");
    await expect(page).toHaveURL(/\/messages$/);
    await expectOfflinePage(page);

    await server.start();
    await page.getByRole("link", { name: "Retry" }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toHaveCount(0);
    await expect(page.locator("header").first()).toBeVisible();
  } finally {
    await context?.close();
    await server.destroy();
  }
});

/**
 * A checkout whose build is this one's with another worker version, as the next deploy's would be: the server, the
 * package file and a copy of the build, with the dependencies and the migrations linked.
 */
function nextBuildCheckout(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "nearhand-next-build-"));
  for (const shared of ["node_modules", "db"]) symlinkSync(path.join(REPO, shared), path.join(dir, shared));
  for (const file of ["server.ts", "package.json"]) cpSync(path.join(REPO, file), path.join(dir, file));
  cpSync(path.join(REPO, "build"), path.join(dir, "build"), { recursive: true });
  const worker = path.join(dir, "build/client/sw.js");
  const script = readFileSync(worker, "utf8");
  expect(script).toMatch(/version:`[0-9a-f]{12}`/);
  writeFileSync(worker, script.replace(/version:`[0-9a-f]{12}`/, "version:`0000next0000`"));
  for (const variant of [".br", ".gz"]) rmSync(worker + variant, { force: true });
  return dir;
}

test("after a deploy, the next navigation installs the new build's worker, which takes over and deletes the old caches", async ({ browser }) => {
  test.setTimeout(180_000);
  const server = new OwnServer(await freePort());
  const nextBuild = nextBuildCheckout();
  let context: BrowserContext | undefined;
  try {
    await server.start();
    context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail("pwa-update") });
    await waitForWorker(page);
    const cacheNames = async () => (await page.evaluate(() => caches.keys())).sort();
    await expect.poll(cacheNames).toHaveLength(2);
    const before = await cacheNames();

    await server.stop();
    await server.start(nextBuild);
    // The navigation finds the new script (its own is never cached: no-cache); the new worker installs, takes over.
    await page.goto("/messages");
    await expect.poll(cacheNames, { timeout: 15_000 }).toEqual(["nearhand-assets-0000next0000", "nearhand-offline-0000next0000"]);
    expect(before).not.toContain("nearhand-offline-0000next0000");
    // The next navigation is the new worker's: offline, it shows the page it kept (the old worker's is deleted).
    await context.setOffline(true);
    await page.goto("/profile");
    await expectOfflinePage(page);
  } finally {
    await context?.close();
    await server.destroy();
    rmSync(nextBuild, { recursive: true, force: true });
  }
});

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const notifications = await registration.getNotifications();
    return notifications.map(({ title, body, tag, data }) => ({ title, body, tag, data: data as unknown }));
  });
}

/** The page's service worker registration's id, as the DevTools protocol names it. */
async function registrationIdOf(cdp: CDPSession, scopeURL: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const registration = registrations.find((r) => r.scopeURL === scopeURL && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

test("a push delivered to the service worker shows a notification whose click opens its page", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await signIn(page, { email: uniqueEmail("pwa-push") });
  await waitForWorker(page);
  const cdp = await context.newCDPSession(page);
  const registrationId = await registrationIdOf(cdp, `${baseURL}/`);
  const push = (data: string) => cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL!, registrationId, data });

  // A 5 s wait for the first notice timed out once on a slow machine (it passed on retry): 15 s for each.
  const shownOnSlowMachine = { timeout: 15_000 };
  // A message that is no notice shows nothing.
  await push("not json");
  await push(JSON.stringify({ body: "no title" }));
  await push(JSON.stringify({ title: "Booking confirmed", body: "Sam accepted your job", url: "/profile", tag: "booking:1" }));
  await expect
    .poll(() => shownNotifications(page), shownOnSlowMachine)
    .toEqual([{ title: "Booking confirmed", body: "Sam accepted your job", tag: "booking:1", data: { url: "/profile" } }]);
  // One with the same tag replaces it.
  await push(JSON.stringify({ title: "Booking started", body: "Sam is on the way", url: "/profile", tag: "booking:1" }));
  await expect.poll(() => shownNotifications(page).then((shown) => shown.map((n) => n.title)), shownOnSlowMachine).toEqual(["Booking started"]);

  // The DevTools protocol cannot click a notification: the worker's own notificationclick listener is handed the
  // shown notification in a NotificationEvent dispatched inside the worker. (Such an event is untrusted: its
  // waitUntil throws after the listener has started the work, and the window cannot be focused; navigating
  // the app's window to the notice's page needs neither.)
  expect(page.url()).not.toMatch(/\/profile$/);
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: notification! }));
  });
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator("header").first()).toBeVisible();
  await expect.poll(() => shownNotifications(page)).toEqual([]);
});
