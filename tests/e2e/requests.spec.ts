// Direct requests (issue 33 §2, §3): a seeker asks one provider for tomorrow 3–5 pm, the provider accepts (or
// declines with a reason), both see the booking with its time; with JavaScript on and off.
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";

import { completeDevSignIn, fetchAuthUser, newNoJsContext, signIn, uniqueTitle } from "./support";

const SEEKER = "seeker@nearhand.dev";
const PROVIDER = "provider@nearhand.dev";

/** Tomorrow's date where the market is (the server's APP_TIME_ZONE, New York by default). */
function tomorrowInMarket(): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" });
  return parts.format(new Date(Date.now() + 24 * 3_600_000));
}

async function providerId(browser: Browser, baseURL: string | undefined): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, { email: PROVIDER });
  const { id } = await fetchAuthUser(page.request);
  await context.close();
  return id;
}

/** Fills the request form for tomorrow 3–5 pm and sends it; lands on the booking page. */
async function sendRequest(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("The bathroom tap drips all night.");
  await page.getByText("Pick a day and time").click();
  await page.getByLabel("Day", { exact: true }).fill(tomorrowInMarket());
  await page.getByLabel("From", { exact: true }).fill("15:00");
  await page.getByLabel("Until", { exact: true }).fill("17:00");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/bookings\/[\w-]+$/);
  await expect(page.getByTestId("booking-when")).toHaveText("When: Tomorrow 3–5 pm");
  await expect(page.getByTestId("booking-status")).toContainText(/pending/i);
  await expect(page.getByTestId("booking-answer-by")).toContainText("has until");
}

/** Downloads the booking page's "Add to calendar" file and reads it. */
async function downloadCalendar(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("add-to-calendar").click()]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  return readFileSync(await download.path(), "utf8");
}

async function signedInPage(browser: Browser, baseURL: string | undefined, email: string, returnTo: string, javaScript: boolean) {
  const context = javaScript ? await browser.newContext({ baseURL }) : await newNoJsContext(browser, baseURL);
  const page = await context.newPage();
  await page.goto(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  await completeDevSignIn(page, { email });
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/[?]/g, "\\?")}$`));
  return { context, page };
}

for (const javaScript of [true, false]) {
  test.describe(`a direct request, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test("the seeker finds the provider by a misspelt name, filters, requests tomorrow 3–5 pm; the provider accepts from the dashboard; both see the time and download the .ics", async ({
      browser,
      baseURL,
    }) => {
      const seeker = await signedInPage(browser, baseURL, SEEKER, "/providers", javaScript);
      await seeker.page.getByTestId("directory-q").fill("Priya Patle");
      await seeker.page.getByLabel("Category").selectOption({ label: "Repair & Maintenance" });
      await seeker.page.getByLabel("Distance").selectOption({ label: "Within 25 mi" });
      await seeker.page.getByRole("button", { name: "Search" }).click();
      await expect(seeker.page).toHaveURL(/q=Priya\+Patle.*category=repair.*near=25/);
      await seeker.page.getByTestId("directory-results").getByRole("link", { name: "Request Priya Patel" }).click();
      await expect(seeker.page.getByRole("heading", { level: 1 })).toHaveText("Request Priya Patel");
      const title = uniqueTitle("Dripping tap");
      await sendRequest(seeker.page, title);
      const bookingPath = new URL(seeker.page.url()).pathname;

      const provider = await signedInPage(browser, baseURL, PROVIDER, "/", javaScript);
      const request = provider.page.getByTestId("request").filter({ hasText: title });
      await expect(request.getByTestId("request-when")).toHaveText("Tomorrow 3–5 pm");
      await request.getByRole("button", { name: "Accept" }).click();
      await expect(provider.page).toHaveURL(new RegExp(`${bookingPath}$`));
      await expect(provider.page.getByTestId("booking-status")).toContainText(/accepted/i);
      await expect(provider.page.getByTestId("booking-when")).toHaveText("When: Tomorrow 3–5 pm");

      await seeker.page.goto(bookingPath);
      await expect(seeker.page.getByTestId("booking-status")).toContainText(/accepted/i);
      await expect(seeker.page.getByTestId("booking-when")).toHaveText("When: Tomorrow 3–5 pm");
      // Each party downloads the booking's calendar file.
      for (const party of [seeker.page, provider.page]) {
        const calendar = await downloadCalendar(party);
        expect(calendar).toContain(`SUMMARY:${title}`);
        expect(calendar).toContain("STATUS:CONFIRMED");
        expect(calendar).toContain("X-WR-TIMEZONE:America/New_York");
        expect(calendar).toMatch(/DTSTART:\d{8}T\d{6}Z/);
      }
      await seeker.context.close();
      await provider.context.close();
    });

    test("the provider declines with a reason; the seeker reads it and posts the job to everyone", async ({ browser, baseURL }) => {
      const id = await providerId(browser, baseURL);
      const seeker = await signedInPage(browser, baseURL, SEEKER, `/providers/${id}/request`, javaScript);
      const title = uniqueTitle("Shelf");
      await sendRequest(seeker.page, title);
      const bookingPath = new URL(seeker.page.url()).pathname;

      const provider = await signedInPage(browser, baseURL, PROVIDER, bookingPath, javaScript);
      await provider.page.getByRole("link", { name: "Decline" }).click();
      const confirm = provider.page.getByTestId("cancel-booking-confirm");
      await confirm.getByLabel(/Reason/).fill("Away that day");
      await confirm.getByRole("button", { name: "Yes, decline" }).click();
      await expect(provider.page.getByTestId("booking-cancelled")).toContainText("This request was declined by you");

      await seeker.page.goto(bookingPath);
      await expect(seeker.page.getByTestId("booking-cancelled")).toContainText("This request was declined by Priya Patel");
      await expect(seeker.page.getByTestId("cancellation-reason")).toHaveText("Reason: “Away that day”");
      await seeker.page.getByTestId("repost-request").click();
      await expect(seeker.page.getByTestId("repost-request")).toHaveCount(0);
      await seeker.context.close();
      await provider.context.close();
    });
  });
}
