// Report and block (issue 34), with JavaScript and without: a provider reports a seeker's job (the dialog, or the
// /report page), gets "Report sent"; a seeker blocks the provider from their public profile, the conversation then
// says why instead of the send box, and the profile's Blocked users unblocks them.
import { type Browser, type Page } from "@playwright/test";

import { becomeOnlineProvider, expect, fetchAuthUser, newUserPage, test, waitForHydration } from "./support.ts";

/** A seeker with a posted job, and a provider who accepted another of their jobs (a booking with a message). */
async function seekerAndProvider(browser: Browser, baseURL: string | undefined, javaScript: boolean) {
  const seeker = await newUserPage(browser, baseURL, { prefix: "block-seeker", firstName: "Sam", lastName: "Seeker", javaScript });
  const provider = await newUserPage(browser, baseURL, { prefix: "block-provider", firstName: "Pat", lastName: "Fixer", javaScript });
  await becomeOnlineProvider(provider.request);
  const post = async (title: string) => {
    const posted = await seeker.request.post("/api/jobs", { data: { title, description: "Under the sink", categoryId: "repair", budget: 80 } });
    expect(posted.status(), await posted.text()).toBe(201);
    return ((await posted.json()) as { id: string }).id;
  };
  const bookedJob = await post("Fix the tap");
  const accepted = await provider.request.post("/api/bookings", { data: { jobId: bookedJob } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const bookingId = ((await accepted.json()) as { id: string }).id;
  const providerId = (await fetchAuthUser(provider.request)).id;
  const sent = await seeker.request.post("/api/messages", { data: { bookingId, content: "The gate is open", receiverId: providerId } });
  expect(sent.status(), await sent.text()).toBe(201);
  const openJob = await post("Wants a deposit first");
  return { seeker, provider, bookingId, openJob, providerId };
}

async function expectToast(page: Page, javaScript: boolean, title: string, description?: string) {
  const toast = page.getByTestId(javaScript ? "toast" : "toast-nojs");
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

for (const javaScript of [true, false]) {
  test(`report a job and block a user, ${javaScript ? "with" : "without"} JavaScript`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { seeker, provider, bookingId, openJob, providerId } = await seekerAndProvider(browser, baseURL, javaScript);

    // The provider reports the job: in a dialog with JavaScript, on the report page without.
    await provider.goto(`/jobs/${openJob}`);
    // A click before hydration follows the link to the report page, the path without JavaScript.
    if (javaScript) await waitForHydration(provider);
    await provider.getByRole("link", { name: "Report this job" }).click();
    const form = javaScript ? provider.getByRole("dialog", { name: "Report this job" }) : provider.getByTestId("report-form");
    if (!javaScript) await expect(provider).toHaveURL(/\/report\?targetType=job/);
    await form.getByLabel("Scam or fraud").check();
    await form.getByLabel(/Note/).fill("Asks for a deposit before any work");
    await form.getByRole("button", { name: "Send report" }).click();
    await expectToast(provider, javaScript, "Report sent", "Thanks. Our team will review it.");
    await expect(provider).toHaveURL(new RegExp(`/jobs/${openJob}$`));
    if (javaScript) await expect(provider.getByRole("dialog")).toHaveCount(0);

    // The seeker blocks the provider from their public profile.
    await seeker.goto(`/providers/${providerId}`);
    await seeker.getByRole("button", { name: "Block Pat Fixer" }).click();
    await expectToast(seeker, javaScript, "User blocked");
    await expect(seeker.getByRole("button", { name: "Unblock Pat Fixer" })).toBeVisible();

    // Both see the conversation, read-only, and why.
    for (const page of [seeker, provider]) {
      await page.goto(`/messages?booking=${bookingId}`);
      await expect(page.getByTestId("message-content")).toHaveText(["The gate is open"]);
      await expect(page.getByTestId("thread-blocked")).toContainText("You can't message this person");
      await expect(page.getByRole("textbox", { name: /message/i })).toHaveCount(0);
    }
    // Nor does the provider see the seeker's job any more.
    expect((await provider.request.get(`/api/jobs/${openJob}`)).status()).toBe(404);

    // Unblocked from the profile's Blocked users.
    await seeker.goto("/profile");
    const blocked = seeker.getByTestId("blocked-users");
    await expect(blocked.getByTestId("blocked-user")).toHaveText([/Pat Fixer/]);
    await blocked.getByRole("button", { name: "Unblock Pat Fixer" }).click();
    await expectToast(seeker, javaScript, "User unblocked");
    await expect(seeker.getByTestId("blocked-users-empty")).toBeVisible();
    await seeker.goto(`/messages?booking=${bookingId}`);
    await expect(seeker.getByTestId("thread-blocked")).toHaveCount(0);

    await seeker.context().close();
    await provider.context().close();
  });
}
