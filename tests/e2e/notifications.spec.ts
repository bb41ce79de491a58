// /notifications and the header badge: the badge and the page update live when
// a provider accepts the seeker's job; items link to what they are about; mark
// one read (JavaScript) and mark all read (no JavaScript); the empty state.
import { randomUUID } from "node:crypto";
import { type Browser, type Page } from "@playwright/test";

import {
  becomeOnlineProvider,
  expect,
  newNoJsContext,
  newUserPage,
  signIn,
  test,
  trackLiveChannel,
  uniqueEmail,
  waitForHydration,
  waitForLiveChannel,
} from "./support.ts";

/** POST /api/jobs as the page's user; returns the job id. */
async function postJob(page: Page, title: string): Promise<string> {
  const response = await page.request.post("/api/jobs", {
    data: { title, description: "Two flat-pack shelves need assembling.", categoryId: "assembly", address: "Brooklyn, NY", budget: 60 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A provider in a context of their own (switched and online through the JSON API). */
async function newProvider(browser: Browser, baseURL: string | undefined, firstName: string): Promise<Page> {
  const page = await newUserPage(browser, baseURL, { prefix: "notif-provider", firstName, lastName: "Provider" });
  await becomeOnlineProvider(page.request);
  return page;
}

/** The provider accepts the job (POST /api/bookings); returns the booking id. */
async function accept(provider: Page, jobId: string): Promise<string> {
  const response = await provider.request.post("/api/bookings", { data: { jobId } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function item(page: Page, text: string) {
  return page.getByTestId("notification").filter({ hasText: text });
}

test.describe("notifications", () => {
  // Two or three people sign in per test: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test("a fresh user has none", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("notif-fresh"), returnTo: "/notifications" });
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(page.getByText("No notifications yet")).toBeVisible();
    await expect(page.getByTestId("notifications-link-badge")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  });

  test("the badge and the page update live when the provider accepts; the item links to the booking", async ({ page, browser, baseURL }) => {
    await trackLiveChannel(page);
    await signIn(page, { email: uniqueEmail("notif-live"), firstName: "Lena", lastName: "Seeker", returnTo: "/notifications" });
    const title = `Assemble two shelves ${Math.random().toString(36).slice(2, 7)}`;
    const jobId = await postJob(page, title);
    await expect(page.getByText("No notifications yet")).toBeVisible();
    await expect(page.getByTestId("notifications-link-badge")).toHaveCount(0);
    await waitForLiveChannel(page);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });

    const provider = await newProvider(browser, baseURL, "Alex");
    const bookingId = await accept(provider, jobId);

    // No reload: the live channel brings the badge and the list.
    await expect(page.getByTestId("notifications-link-badge")).toHaveText("1", { timeout: 5_000 });
    const accepted = item(page, `Alex Provider accepted "${title}"`);
    await expect(accepted).toBeVisible();
    await expect(accepted).toContainText("Job accepted");
    await expect(page.getByTestId("unread-badge")).toHaveText("1 unread");
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    await expect(accepted.getByRole("link", { name: "Job accepted" })).toHaveAttribute("href", `/bookings/${bookingId}`);
    await accepted.getByRole("link", { name: "Job accepted" }).click();
    await expect(page).toHaveURL(`/bookings/${bookingId}`);
    await provider.context().close();
  });

  test("the header badge updates live on any page", async ({ page, browser, baseURL }) => {
    await trackLiveChannel(page);
    await signIn(page, { email: uniqueEmail("notif-home") });
    const jobId = await postJob(page, "Hang a mirror");
    await expect(page.getByTestId("notifications-link-badge")).toHaveCount(0);
    await waitForLiveChannel(page);
    const provider = await newProvider(browser, baseURL, "Bea");
    await accept(provider, jobId);
    await expect(page.getByTestId("notifications-link-badge")).toHaveText("1", { timeout: 5_000 });
    await provider.context().close();
  });

  test("mark one read with JavaScript, then all read without it", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("notif-read");
    await signIn(page, { email, firstName: "Rosa", lastName: "Seeker" });
    const first = await postJob(page, "Assemble a desk");
    const second = await postJob(page, "Assemble a bed");
    const third = await postJob(page, "Assemble a chair");
    const provider = await newProvider(browser, baseURL, "Cleo");
    for (const jobId of [first, second, third]) await accept(provider, jobId);
    await provider.context().close();

    await page.goto("/notifications");
    await waitForHydration(page);
    const unread = page.getByTestId("notifications-unread");
    const earlier = page.getByTestId("notifications-earlier");
    await expect(page.getByTestId("unread-badge")).toHaveText("3 unread");
    await expect(page.getByTestId("notifications-link-badge")).toHaveText("3");
    await expect(earlier).toHaveCount(0);
    // Newest first.
    await expect(unread.getByTestId("notification")).toHaveText([/Assemble a chair/, /Assemble a bed/, /Assemble a desk/]);

    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });
    await item(page, "Assemble a bed")
      .getByRole("button", { name: /Mark as read/ })
      .click();
    await expect(earlier.getByTestId("notification")).toHaveCount(1);
    await expect(earlier).toContainText("Assemble a bed");
    await expect(unread.getByTestId("notification")).toHaveCount(2);
    await expect(page.getByTestId("unread-badge")).toHaveText("2 unread");
    await expect(page.getByTestId("notifications-link-badge")).toHaveText("2");
    await expect(earlier.getByRole("button", { name: /Mark as read/ })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The same user without JavaScript: 'Mark all as read' is a plain form.
    const noJs = await newNoJsContext(browser, baseURL);
    const plain = await noJs.newPage();
    await signIn(plain, { email, returnTo: "/notifications" });
    await expect(plain.getByTestId("unread-badge")).toHaveText("2 unread");
    await plain.getByRole("button", { name: "Mark all as read" }).click();
    await expect(plain).toHaveURL("/notifications");
    await expect(plain.getByTestId("notifications-unread")).toHaveCount(0);
    await expect(plain.getByTestId("notifications-earlier").getByTestId("notification")).toHaveCount(3);
    await expect(plain.getByTestId("notifications-link-badge")).toHaveCount(0);
    await expect(plain.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
    await noJs.close();
  });

  test("mark one read without JavaScript, and a refused one shows the error", async ({ noJsPage: page, browser, baseURL }) => {
    await signIn(page, { email: uniqueEmail("notif-nojs") });
    const jobId = await postJob(page, "Assemble a bookcase");
    const provider = await newProvider(browser, baseURL, "Dana");
    await accept(provider, jobId);
    await provider.context().close();

    await page.goto("/notifications");
    await item(page, "Assemble a bookcase")
      .getByRole("button", { name: /Mark as read/ })
      .click();
    await expect(page).toHaveURL("/notifications");
    await expect(page.getByTestId("notifications-unread")).toHaveCount(0);
    await expect(page.getByTestId("notifications-earlier")).toContainText("Assemble a bookcase");

    // Someone else's (or no such) notification: nothing changes, the error is flashed.
    const refused = await page.request.post("/notifications", { form: { intent: "read", id: randomUUID() }, maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    await page.goto("/notifications");
    await expect(page.getByTestId("toast-nojs")).toContainText("Failed to mark notification as read.");
  });
});
