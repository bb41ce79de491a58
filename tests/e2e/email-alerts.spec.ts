// Email alerts as a user meets them: the choices on /profile (with JavaScript and without), and the seeker's
// "Job accepted" email in the development mailbox (/dev/mail), with its link to the booking.
import { type Page } from "@playwright/test";

import { becomeOnlineProvider, expect, signIn, test, uniqueEmail, uniqueTitle, waitForHydration } from "./support.ts";

async function saveWithoutMessages(page: Page, javaScript: boolean) {
  await page.goto("/profile#email-alerts");
  await waitForHydration(page);
  const section = page.getByTestId("email-alerts");
  await expect(section.getByRole("heading", { name: "Alerts", exact: true })).toBeVisible();
  for (const name of ["Urgent jobs near you", "Booking updates", "New messages", "New reviews"]) {
    await expect(section.getByRole("checkbox", { name: `Email: ${name}` })).toBeChecked();
  }
  await section.getByRole("checkbox", { name: "Email: New messages" }).uncheck();
  await section.getByRole("button", { name: "Save alerts" }).click();
  await expect(page.getByTestId(javaScript ? "toast" : "toast-nojs")).toContainText("Alerts saved");
  await page.goto("/profile");
  await expect(page.getByTestId("email-alerts").getByRole("checkbox", { name: "Email: New messages" })).not.toBeChecked();
  // Push is chosen per device: a browser without notifications on has no push column, and is told how to get one.
  await expect(page.getByTestId("email-alerts").getByRole("checkbox", { name: /^Push/ })).toHaveCount(0);
  await expect(page.getByTestId("email-alerts")).toContainText("To get them by push too, turn on notifications on this device above.");
  await expect(page.getByTestId("email-alerts").getByRole("checkbox", { name: "Email: Booking updates" })).toBeChecked();
}

test.describe("email alerts", () => {
  test("choose which emails to get, with JavaScript", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("alerts-js"), firstName: "Ali", lastName: "Mail", returnTo: "/profile" });
    await saveWithoutMessages(page, true);
  });

  test("choose which emails to get, without JavaScript", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("alerts-nojs"), firstName: "Nia", lastName: "Mail", returnTo: "/profile" });
    await saveWithoutMessages(page, false);
  });

  test("the seeker finds the 'Job accepted' email in the development mailbox", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("alerts-seeker");
    await signIn(page, { email, firstName: "Sam", lastName: "Seeker" });
    const title = uniqueTitle("Hang the shelves");
    const posted = await page.request.post("/api/jobs", { data: { title, description: "Three shelves", categoryId: "assembly", budget: 80 } });
    expect(posted.status(), await posted.text()).toBe(201);
    const job = await posted.json();

    const providerContext = await browser.newContext({ baseURL });
    const provider = await providerContext.newPage();
    await signIn(provider, { email: uniqueEmail("alerts-provider"), firstName: "Pat", lastName: "Provider" });
    await becomeOnlineProvider(provider.request);
    const accepted = await provider.request.post("/api/bookings", { data: { jobId: job.id } });
    expect(accepted.status(), await accepted.text()).toBe(201);
    const booking = await accepted.json();
    await providerContext.close();

    await expect(async () => {
      await page.goto("/dev/mail");
      await expect(page.getByRole("link", { name: "Job accepted" })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole("link", { name: "Job accepted" }).click();
    const message = page.getByTestId("dev-mail-message");
    await expect(message).toContainText(`Pat Provider accepted "${title}"`);
    await expect(message).toContainText(`/bookings/${booking.id}`);
    await expect(message).toContainText("List-Unsubscribe=One-Click");
  });
});
