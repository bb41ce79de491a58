import { type Page } from "@playwright/test";

import { completeDevSignIn, expect, fetchAuthUser, roleSwitchLink, signIn, test, uniqueEmail } from "./support.ts";

async function expectSeekerHome(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What help do you need?");
  await expect(roleSwitchLink(page)).toContainText("Become a Provider");
  await expect(roleSwitchLink(page)).toContainText("Seeker");
}

async function expectProfileMenu(page: Page, fullName: string, email: string) {
  const summary = page.getByTestId("profile-menu");
  await expect(summary).toHaveAttribute("aria-label", "Profile menu");
  await summary.click();
  const menu = page.locator("details", { has: summary });
  await expect(menu).toHaveAttribute("open", "");
  await expect(menu.getByText(fullName, { exact: true })).toBeVisible();
  await expect(menu.getByText(email, { exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
  await expect(menu.getByRole("link", { name: "Sign out" })).toHaveAttribute("href", "/api/logout");
  return menu;
}

async function signOutAndCheck(page: Page, menu: ReturnType<Page["locator"]>) {
  await menu.getByRole("link", { name: "Sign out" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Urgent help from people nearby");
  await expect(page.getByTestId("profile-menu")).toHaveCount(0);
  const response = await page.request.get("/api/auth/user");
  expect(response.status()).toBe(401);
  expect(await response.text()).toBe("Unauthorized");
}

test.describe("sign-in without JavaScript", () => {
  test("signs in from the landing page and lands on / as a seeker", async ({ noJsPage: page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started" }).click();
    const user = await completeDevSignIn(page, { email: uniqueEmail("nojs-signin"), firstName: "Nora", lastName: "Script" });
    await expectSeekerHome(page);
    await expect(page.getByRole("link", { name: "Nearhand home" })).toBeVisible();

    const me = await fetchAuthUser(page.request);
    expect(me).toMatchObject({ email: user.email, currentRole: "seeker", userType: "individual" });
  });

  test("profile menu shows name and email; sign out returns to the landing page", async ({ noJsPage: page }) => {
    const user = await signIn(page, { email: uniqueEmail("nojs-signout"), firstName: "Otto", lastName: "Noscript" });
    const menu = await expectProfileMenu(page, "Otto Noscript", user.email);
    await signOutAndCheck(page, menu);
  });

  test("a signed-out visit to /switch-role goes to sign-in and comes back", async ({ noJsPage: page }) => {
    await page.goto("/switch-role");
    await expect(page).toHaveURL(/\/oidc\/interaction\/[\w-]+$/);
    await completeDevSignIn(page);
    await expect(page).toHaveURL((url) => url.pathname === "/switch-role");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Offering Services As");
  });
});

test.describe("sign-in with JavaScript", () => {
  test("signs in and shows the seeker home with the shell header", async ({ page }) => {
    const user = await signIn(page, { email: uniqueEmail("js-signin") });
    await expectSeekerHome(page);
    await expect(page.getByRole("link", { name: "Nearhand home" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Favorites" })).toHaveAttribute("href", "/favorites");
    await expect(page.getByTestId("notifications-link")).toHaveAttribute("href", "/notifications");
    await expect(page.getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/messages");
    // The first paint waits for the header and the page's content (decisions 0033, 0090): the awaited element follows both.
    const awaited = (await page.locator('head link[rel="expect"][blocking="render"]').getAttribute("href"))!;
    expect(awaited).toMatch(/^#[\w-]+$/);
    await expect(page.locator(awaited)).toBeAttached();
    const followsContent = await page.evaluate((selector) => {
      const end = document.querySelector(selector)!;
      return ["header", "main"].every((tag) => {
        const part = document.querySelector(tag)!;
        return !part.contains(end) && Boolean(part.compareDocumentPosition(end) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
    }, awaited);
    expect(followsContent).toBe(true);
    expect((await fetchAuthUser(page.request)).email).toBe(user.email);
  });

  test("returnTo is honoured: a protected page redirects to sign-in and back", async ({ page }) => {
    const response = await page.goto("/switch-role");
    // The redirect chain ends on the development provider's password-less page.
    expect(response?.url()).toMatch(/\/oidc\/interaction\/[\w-]+$/);
    await expect(page.getByRole("heading", { name: "Sign in to Nearhand (development)" })).toBeVisible();
    await completeDevSignIn(page, { email: uniqueEmail("js-return") });
    await expect(page).toHaveURL((url) => url.pathname === "/switch-role");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Offering Services As");
  });

  test("profile menu shows full name and email; sign out ends the session", async ({ page }) => {
    const user = await signIn(page, { email: uniqueEmail("js-signout"), firstName: "Jay", lastName: "Script" });
    const menu = await expectProfileMenu(page, "Jay Script", user.email);
    await signOutAndCheck(page, menu);
  });

  test("/api/auth/user is 401 when signed out", async ({ request }) => {
    const response = await request.get("/api/auth/user");
    expect(response.status()).toBe(401);
    expect(await response.text()).toBe("Unauthorized");
  });
});

test.describe("returnTo safety", () => {
  // Whatever returnTo says, sign-in only ever sends the browser to a page of this site.
  const HOSTILE = ["//evil.example/", "/\\evil.example/", "https://evil.example/", "/\t/evil.example/", "/\t\\evil.example/"];

  test("/api/login never redirects to another site", async ({ page, baseURL }) => {
    await signIn(page, { email: uniqueEmail("returnto") });
    const origin = new URL(baseURL!).origin;
    const targets: Record<string, string> = {};
    for (const returnTo of HOSTILE) {
      const response = await page.request.get(`/api/login?returnTo=${encodeURIComponent(returnTo)}`, {
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      // Resolved the way a browser resolves Location (tabs and newlines are stripped).
      targets[JSON.stringify(returnTo)] = new URL(response.headers()["location"] ?? "", origin).origin;
    }
    expect(targets).toEqual(Object.fromEntries(HOSTILE.map((returnTo) => [JSON.stringify(returnTo), origin])));
  });
});

test.describe("sign-out from another site", () => {
  test("a link on another site shows a confirmation, and only its button signs out (JavaScript off)", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("foreign-signout") });
    // A cross-site navigation: the evil page is served by the test itself on a route of a foreign origin.
    await page.route("https://evil.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: `<a href="${new URL("/api/logout", page.url()).href}">win a prize</a>` }),
    );
    await page.goto("https://evil.example/");
    await page.getByRole("link", { name: "win a prize" }).click();
    await expect(page.getByRole("heading", { name: "Sign out of Nearhand?" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    await page.getByRole("link", { name: "Stay signed in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What help do you need?");
    await page.goto("/api/logout");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Urgent help from people nearby");
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });
});

test("the demo seeker keeps the seeded name when signing in with the name fields blank", async ({ page }) => {
  await signIn(page, { email: "seeker@nearhand.dev", firstName: "", lastName: "" });
  expect(await fetchAuthUser(page.request)).toMatchObject({ firstName: "Sam", lastName: "Rivera" });
  const summary = page.getByTestId("profile-menu");
  await summary.click();
  await expect(page.locator("details", { has: summary }).getByText("Sam Rivera", { exact: true })).toBeVisible();
});

test("a newcomer who opened the app at 127.0.0.1 instead of localhost signs in", async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.getByRole("link", { name: "Get Started" }).click();
  await completeDevSignIn(page, { email: uniqueEmail("loopback") });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What help do you need?");
  expect(await fetchAuthUser(page.request)).toMatchObject({ firstName: "Erin" });
});
