// Shared helpers for the end-to-end suite: sign-in through the embedded
// development OpenID provider, unique accounts, and pages without JavaScript.
import { randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";

export { expect };

export interface SignInOptions {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Where the app should send the browser after sign-in (default "/"). */
  returnTo?: string;
}

export interface SignedInUser {
  email: string;
  firstName: string;
  lastName: string;
}

/** The JSON of GET /api/auth/user (the fields the suite looks at). */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  currentRole: "seeker" | "provider";
  userType: "individual" | "business";
}

/** An address no other test (or earlier run against the same database) uses. */
export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${Date.now()}-${randomBytes(4).toString("hex")}@example.com`;
}

const DEV_SIGN_IN = /\/oidc\/interaction\/[\w-]+$/;

/** True once the browser is back on the app (not the provider, not an /api/ redirect). */
function onApp(url: URL): boolean {
  return !url.pathname.startsWith("/oidc") && !url.pathname.startsWith("/api/");
}

/**
 * Fills in the password-less development sign-in page the browser is on and
 * waits until the browser is back on the app. Works with and without JavaScript.
 */
/** A job title no other test uses. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The signed-in user's jobs (GET /api/jobs/my-jobs), newest first. */
export async function myJobs<T = { id: string; title: string }>(request: APIRequestContext): Promise<T[]> {
  const response = await request.get("/api/jobs/my-jobs");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T[];
}

export async function completeDevSignIn(page: Page, options: Omit<SignInOptions, "returnTo"> = {}): Promise<SignedInUser> {
  const user: SignedInUser = {
    email: options.email ?? uniqueEmail(),
    firstName: options.firstName ?? "Erin",
    lastName: options.lastName ?? "Tester",
  };
  await expect(page).toHaveURL(DEV_SIGN_IN);
  await page.locator("#email").fill(user.email);
  await page.locator("#firstName").fill(user.firstName);
  await page.locator("#lastName").fill(user.lastName);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(onApp);
  return user;
}

/** Signs in a (by default brand-new) user and waits until the browser is on `returnTo`. */
export async function signIn(page: Page, options: SignInOptions = {}): Promise<SignedInUser> {
  const returnTo = options.returnTo ?? "/";
  await page.goto(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  const user = await completeDevSignIn(page, options);
  await expect(page).toHaveURL(pathAndQuery(returnTo));
  await waitForHydration(page);
  return user;
}

/** Matches a URL of this origin whose path and query are exactly `pathWithQuery`. */
export function pathAndQuery(pathWithQuery: string): (url: URL) => boolean {
  return (url) => url.pathname + url.search === pathWithQuery;
}

/** GET /api/auth/user through a request context that shares the browser's cookies. */
export async function fetchAuthUser(request: APIRequestContext): Promise<AuthUser> {
  const response = await request.get("/api/auth/user");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthUser;
}

/** The visible role-switch link (the header one at md+ widths, else the one in the profile menu). */
export function roleSwitchLink(page: Page) {
  return page.locator("[data-testid=role-switch] >> visible=true");
}

/** A new browser context with JavaScript turned off (noscript content is rendered). */
export async function newNoJsContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  noJsContexts.add(context);
  return context;
}

const noJsContexts = new WeakSet<BrowserContext>();

/** Waits until React has hydrated the page (a click before that follows the no-JS path). */
export async function waitForHydration(page: Page): Promise<void> {
  if (noJsContexts.has(page.context())) return;
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
  // The root commits (and marks the page) before a Suspense boundary whose client code is still loading is hydrated:
  // a click there would post its form the no-JS way. React tags each element it has hydrated with its fiber.
  await page.waitForFunction(() =>
    [...document.querySelectorAll("form, button")].every((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"))),
  );
}

interface Fixtures {
  /** A page in its own context with JavaScript disabled. */
  noJsPage: Page;
}

export const test = base.extend<Fixtures>({
  // Every page with JavaScript must run without uncaught exceptions.
  page: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.stack ?? error.message));
    await provide(page);
    expect(errors, "uncaught exceptions in the page").toEqual([]);
  },
  // (The fixture callback is named `provide`, not `use`, so React's hook lint rules leave it alone.)
  noJsPage: async ({ browser, baseURL }, provide) => {
    const context = await newNoJsContext(browser, baseURL);
    const page = await context.newPage();
    await provide(page);
    await context.close();
  },
});

/**
 * Records in the page whether its live channel (/ws) is open. The server
 * registers a socket before the browser sees it open, so once
 * `waitForLiveChannel` returns, events for the user reach this page.
 */
export async function trackLiveChannel(page: Page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const state = window as unknown as { __liveOpen?: boolean };
    class Tracked extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (new URL(String(url), window.location.href).pathname !== "/ws") return;
        this.addEventListener("open", () => (state.__liveOpen = true));
        this.addEventListener("close", () => (state.__liveOpen = false));
      }
    }
    window.WebSocket = Tracked;
  });
}

export async function waitForLiveChannel(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __liveOpen?: boolean }).__liveOpen === true);
}

/**
 * A user signed in (with a unique email from `prefix`) in a browser context of their own: without JavaScript when
 * `javaScript` is false; with the live channel tracked (trackLiveChannel) when `liveChannel`; the page's uncaught
 * exceptions pushed onto `errors` when given.
 */
export async function newUserPage(
  browser: Browser,
  baseURL: string | undefined,
  options: { prefix: string; firstName?: string; lastName?: string; javaScript?: boolean; liveChannel?: boolean; errors?: string[] },
): Promise<Page> {
  const context = options.javaScript === false ? await newNoJsContext(browser, baseURL) : await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = options.errors;
  if (errors) page.on("pageerror", (error) => errors.push(error.stack ?? error.message));
  if (options.liveChannel) await trackLiveChannel(page);
  await signIn(page, { email: uniqueEmail(options.prefix), firstName: options.firstName, lastName: options.lastName });
  return page;
}

/**
 * Makes the signed-in user behind `request` a provider who is online, through the JSON API: accepting a job
 * takes both (decision 0039).
 */
export async function becomeOnlineProvider(request: APIRequestContext): Promise<void> {
  const switched = await request.post("/api/users/switch-role", { data: { newRole: "provider", userType: "individual" } });
  expect(switched.status(), await switched.text()).toBe(200);
  const online = await request.post("/api/users/toggle-online", { data: { isOnline: true } });
  expect(online.status(), await online.text()).toBe(200);
}

/** The booking's provider (signed in on `request`) starts and completes it through the JSON API. */
export async function completeBooking(request: APIRequestContext, bookingId: string): Promise<void> {
  for (const status of ["in_progress", "completed"]) {
    const moved = await request.patch(`/api/bookings/${bookingId}/status`, { data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}
