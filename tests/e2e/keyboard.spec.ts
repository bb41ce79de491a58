// A whole booking with the keyboard alone (no mouse): a seeker posts a job through the wizard, a provider accepts
// it, both exchange a message, the provider starts and completes the job, and each reviews the other in the review
// dialog. Every focus stop on the way must show a visible focus indicator, a dialog takes focus when it opens and
// gives it back to what opened it when it closes. (Signing in happens on the identity provider's pages: setup.)
import { type Browser, type Locator, type Page } from "@playwright/test";

import { becomeOnlineProvider, expect, pathAndQuery, signIn, test, uniqueEmail, uniqueTitle, waitForHydration } from "./support.ts";

/** Focus stops that showed no focus indicator, described, per page. */
const unseen = new Map<Page, string[]>();

/** Presses Tab until `target` has focus (failing after `max` presses), noting every stop without a visible focus. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      // A visually hidden control (the review's star radios) shows its focus on the label that draws it.
      const box = element.getBoundingClientRect();
      const drawn = box.width <= 1 && box.height <= 1 ? (element.closest("label") ?? element) : element;
      const style = getComputedStyle(drawn);
      const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
      const ringed = style.boxShadow !== "none";
      const label = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
      return { visible: element.matches(":focus-visible") && (outlined || ringed), label };
    });
    if (stop && !stop.visible) unseen.set(page, [...(unseen.get(page) ?? []), stop.label]);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

async function newKeyboardUser(browser: Browser, baseURL: string | undefined, prefix: string, firstName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, { email: uniqueEmail(prefix), firstName, lastName: "Keys" });
  return page;
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

test("a booking from post to reviews with the keyboard alone, focus always visible", async ({ page: seeker, browser, baseURL }) => {
  test.slow();
  await signIn(seeker, { email: uniqueEmail("kb-seeker"), firstName: "Kim", lastName: "Keys", returnTo: "/post-job" });
  const provider = await newKeyboardUser(browser, baseURL, "kb-provider", "Pat");
  await becomeOnlineProvider(provider.request);

  // The seeker posts a job: category, providers, details.
  await tabTo(seeker, seeker.getByRole("link", { name: /Repair & Maintenance/ }));
  await seeker.keyboard.press("Enter");
  await expect(seeker).toHaveURL(pathAndQuery("/post-job?category=repair"));
  await tabTo(seeker, seeker.getByRole("link", { name: "Continue to Post Job" }));
  await seeker.keyboard.press("Enter");
  await expect(seeker.getByRole("heading", { name: "Job Details" })).toBeVisible();
  await waitForHydration(seeker);
  const title = uniqueTitle("Keyboard tap");
  await tabTo(seeker, seeker.getByLabel("Title"));
  await seeker.keyboard.type(title);
  await tabTo(seeker, seeker.getByLabel("Description"));
  await seeker.keyboard.type("The tap drips; posted without a mouse.");
  await tabTo(seeker, seeker.getByRole("button", { name: "Post Job" }));
  await seeker.keyboard.press("Enter");
  await expect(seeker).toHaveURL(pathAndQuery("/"));
  await expect(seeker.getByTestId("toast")).toContainText("Job posted successfully!");
  const jobs = (await (await seeker.request.get("/api/jobs/my-jobs")).json()) as Array<{ id: string; title: string }>;
  const job = jobs.find((j) => j.title === title)!;

  // The provider accepts it from the job page.
  await provider.goto(`/jobs/${job.id}`);
  await waitForHydration(provider);
  await tabTo(provider, provider.getByRole("button", { name: "Accept Job" }));
  await provider.keyboard.press("Enter");
  await expect(provider).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
  const bookingId = provider.url().split("/").pop()!;

  // Both exchange a message.
  for (const [page, text] of [
    [provider, "On my way, ten minutes."],
    [seeker, "Thanks, the door is open."],
  ] as const) {
    await page.goto(`/messages?booking=${bookingId}`);
    await waitForHydration(page);
    await tabTo(page, page.getByRole("textbox", { name: "Message" }));
    await page.keyboard.type(text);
    await page.keyboard.press("Enter");
    // In the thread: the conversation list shows the same text as its last message once it has caught up.
    await expect(page.getByTestId("thread-messages").getByTestId("message-content").filter({ hasText: text })).toBeVisible();
  }

  // The provider starts and completes the job.
  await provider.goto(`/bookings/${bookingId}`);
  await waitForHydration(provider);
  await tabTo(provider, provider.getByRole("button", { name: "Start Job" }));
  await provider.keyboard.press("Enter");
  await expect(provider.getByTestId("booking-status")).toHaveText(/in progress/);
  await tabTo(provider, provider.getByRole("button", { name: "Complete Job" }));
  await provider.keyboard.press("Enter");
  await expect(provider.getByTestId("booking-status")).toHaveText(/completed/);

  // Each reviews the other in the dialog: it takes focus, Escape gives it back, the stars are a radio group.
  for (const page of [provider, seeker]) {
    await page.goto(`/bookings/${bookingId}`);
    await waitForHydration(page);
    const opener = page.getByRole("link", { name: "Leave Review" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Leave a Review" });
    await expect(dialog).toBeVisible();
    await expect.poll(() => isFocused(dialog)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect.poll(() => isFocused(opener)).toBe(true);

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole("radio", { name: "Poor" }));
    // Arrow keys move through a radio group: four to the right is five stars.
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("radio", { name: "Excellent" })).toBeChecked();
    await tabTo(page, dialog.getByRole("textbox"));
    await page.keyboard.type("Smooth from start to finish.");
    await tabTo(page, dialog.getByRole("button", { name: "Submit Review" }));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("my-review")).toBeVisible();
  }

  for (const page of [seeker, provider]) expect(unseen.get(page) ?? [], "focus stops without a visible focus indicator").toEqual([]);
  await provider.context().close();
});
