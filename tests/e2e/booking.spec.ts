// Bookings and reviews: the booking page (/bookings/{id}) through its whole
// lifecycle — Start Job, Complete Job, both parties reviewing each other — with
// JavaScript and fully without it; the payment dialog; the rating-required
// toast; cancelling with a confirmation; a stranger's 'Booking not found';
// and the provider's new rating and job count on /providers/{id} and /profile.
import { type Browser, type Page } from "@playwright/test";

import { becomeOnlineProvider, expect, fetchAuthUser, newNoJsContext, signIn, test, uniqueEmail, waitForHydration } from "./support.ts";

const setupTitleFragment = /Fix the garden gate/;

interface Party {
  page: Page;
  id: string;
  email: string;
  name: string;
}

interface BookingSetup {
  bookingId: string;
  jobTitle: string;
  seeker: Party;
  provider: Party;
}

/** A signed-in user in a browser context of its own (with JavaScript unless told otherwise). */
async function newParty(
  browser: Browser,
  baseURL: string | undefined,
  options: { prefix: string; firstName: string; lastName: string; javaScript: boolean; page?: Page },
): Promise<Party> {
  let page = options.page;
  if (!page) {
    const context = options.javaScript ? await browser.newContext({ baseURL }) : await newNoJsContext(browser, baseURL);
    page = await context.newPage();
    if (options.javaScript) failOnPageErrors(page);
  }
  const email = uniqueEmail(options.prefix);
  await signIn(page, { email, firstName: options.firstName, lastName: options.lastName });
  const me = await fetchAuthUser(page.request);
  return { page, id: me.id, email, name: `${options.firstName} ${options.lastName}` };
}

/** The `page` fixture fails on uncaught exceptions; pages of extra contexts do the same here. */
function failOnPageErrors(page: Page) {
  page.on("pageerror", (error) => {
    throw new Error(`uncaught exception in the page: ${error.stack ?? error.message}`);
  });
}

/**
 * A seeker posts a job (POST /api/jobs), a second user becomes a provider
 * (switch-role, then toggle-online) and accepts it (POST /api/bookings).
 */
async function setUpBooking(
  browser: Browser,
  baseURL: string | undefined,
  options: { javaScript: boolean; seekerPage?: Page; prefix: string; budget?: number },
): Promise<BookingSetup> {
  const seeker = await newParty(browser, baseURL, {
    prefix: `${options.prefix}-seeker`,
    firstName: "Sasha",
    lastName: "Client",
    javaScript: options.javaScript,
    page: options.seekerPage,
  });
  const jobTitle = `Fix the garden gate ${Math.random().toString(36).slice(2, 7)}`;
  const posted = await seeker.page.request.post("/api/jobs", {
    data: {
      title: jobTitle,
      description: "The garden gate hinge broke and the gate no longer closes.",
      categoryId: "repair",
      address: "Brooklyn, NY",
      budget: options.budget ?? 150,
      isUrgent: true,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const job = (await posted.json()) as { id: string };

  const provider = await newParty(browser, baseURL, {
    prefix: `${options.prefix}-provider`,
    firstName: "Pat",
    lastName: "Fixer",
    javaScript: options.javaScript,
  });
  await becomeOnlineProvider(provider.page.request);
  const accepted = await provider.page.request.post("/api/bookings", { data: { jobId: job.id } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const booking = (await accepted.json()) as { id: string };
  return { bookingId: booking.id, jobTitle, seeker, provider };
}

/** Moves a booking through the JSON API (PATCH /api/bookings/:id/status). */
async function moveBooking(page: Page, bookingId: string, status: string) {
  const response = await page.request.patch(`/api/bookings/${bookingId}/status`, { data: { status } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The toast: the live one with JavaScript, the <noscript> fallback without. */
function toast(page: Page, javaScript: boolean) {
  return page.getByTestId(javaScript ? "toast" : "toast-nojs");
}

function timelineStep(page: Page, label: string) {
  return page.getByTestId("timeline-step").filter({ hasText: label });
}

async function openBooking(page: Page, bookingId: string) {
  await page.goto(`/bookings/${bookingId}`);
  await waitForHydration(page);
}

/** Leave Review: a dialog with JavaScript; without it, a link to the page's ?dialog=review section. */
async function openReviewForm(page: Page, bookingId: string, javaScript: boolean) {
  await page.getByRole("link", { name: "Leave Review" }).click();
  if (javaScript) {
    const dialog = page.getByRole("dialog", { name: "Leave a Review" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`));
    return dialog;
  }
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}\\?dialog=review#review$`));
  const section = page.getByRole("region", { name: "Leave a Review" });
  await expect(section).toBeVisible();
  return section;
}

async function leaveReview(
  page: Page,
  bookingId: string,
  javaScript: boolean,
  review: { rating: 1 | 2 | 3 | 4 | 5; label: string; comment?: string },
) {
  const form = await openReviewForm(page, bookingId, javaScript);
  await expect(form.getByRole("radio")).toHaveCount(5);
  // A user clicks the star (the radio itself is visually hidden behind it).
  await form.getByTestId(`star-${review.rating}`).click();
  await expect(form.getByRole("radio", { name: review.label, exact: true })).toBeChecked();
  await expect(form.getByTestId("rating-label")).toHaveText(review.label, { useInnerText: true });
  if (review.comment) {
    await form.getByLabel("Comment").fill(review.comment);
    if (javaScript) await expect(form.getByTestId("review-comment-count")).toHaveText(`${review.comment.length}/500`);
  }
  await expect(form.getByLabel("Comment")).toHaveAttribute("maxlength", "500");
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(toast(page, javaScript)).toContainText("Review submitted");
  await expect(toast(page, javaScript)).toContainText("Thank you for your feedback!");
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`));
  // The review replaces the button.
  const mine = page.getByTestId("my-review");
  await expect(mine).toBeVisible();
  await expect(mine.getByTestId("rating-stars")).toHaveAttribute("data-rating", String(review.rating));
  if (review.comment) await expect(mine).toContainText(review.comment);
  await expect(page.getByRole("link", { name: "Leave Review" })).toHaveCount(0);
}

/** The full journey: start, complete, both parties review, the provider's profile shows it. */
async function journey(setup: BookingSetup, javaScript: boolean) {
  const { bookingId, jobTitle, seeker, provider } = setup;

  // --- The provider opens the booking.
  const p = provider.page;
  await openBooking(p, bookingId);
  await expect(p.getByRole("heading", { level: 1, name: jobTitle })).toBeVisible();
  await expect(p.getByTestId("booking-status")).toHaveText(/accepted/);
  await expect(p.getByTestId("booking-total")).toHaveText("$150.00");
  await expect(p.getByRole("region", { name: "Job details" })).toContainText("Brooklyn, NY");
  await expect(p.getByRole("region", { name: "Job details" })).toContainText("Repair & Maintenance");
  const client = p.getByRole("region", { name: "Client" });
  await expect(client.getByTestId("counterparty-name")).toHaveText(seeker.name);
  await expect(client.getByTestId("counterparty-rating")).toHaveText(/0\.0/);
  await expect(p.getByTestId("message-link")).toHaveAttribute("href", `/messages?booking=${bookingId}`);
  await expect(timelineStep(p, "Booking Created").getByTestId("timeline-time")).toBeVisible();
  await expect(timelineStep(p, "Booking Created")).toHaveAttribute("aria-current", "step");
  await expect(timelineStep(p, "Job Started")).toHaveAttribute("data-state", "pending");
  await expect(timelineStep(p, "Job Started").getByTestId("timeline-time")).toHaveCount(0);
  // A provider does not pay; the seeker does.
  await expect(p.getByTestId("pay-now")).toHaveCount(0);
  await expect(p.getByRole("button", { name: "Complete Job" })).toHaveCount(0);

  let release = () => {};
  if (javaScript) {
    // Hold the form's post to see the pending state.
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.route(
      (url) => url.pathname.startsWith(`/bookings/${bookingId}`),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
  }
  await p.getByRole("button", { name: "Start Job" }).click();
  if (javaScript) {
    await expect(p.getByRole("button", { name: "Updating..." })).toBeDisabled();
    release(); // later posts pass straight through
  }
  await expect(toast(p, javaScript)).toContainText("Status updated");
  await expect(p.getByTestId("booking-status")).toHaveText(/in progress/);
  await expect(timelineStep(p, "Job Started").getByTestId("timeline-time")).toBeVisible();
  await expect(timelineStep(p, "Job Started")).toHaveAttribute("aria-current", "step");
  await expect(p.getByRole("button", { name: "Start Job" })).toHaveCount(0);
  // Once work started, nobody may cancel (decision 0014).
  await expect(p.getByRole("link", { name: "Cancel booking" })).toHaveCount(0);

  await p.getByRole("button", { name: "Complete Job" }).click();
  await expect(p.getByTestId("booking-status")).toHaveText(/completed/);
  await expect(toast(p, javaScript)).toContainText("Status updated");
  await expect(timelineStep(p, "Job Completed").getByTestId("timeline-time")).toBeVisible();
  await expect(timelineStep(p, "Job Completed")).toHaveAttribute("aria-current", "step");
  await expect(p.getByRole("button", { name: "Complete Job" })).toHaveCount(0);

  // --- The provider reviews the client: 4 stars with a comment.
  if (!javaScript) {
    // Without JavaScript a missing rating comes back as the field's error.
    const form = await openReviewForm(p, bookingId, false);
    await form.getByLabel("Comment").fill("Clear instructions.");
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expect(p).toHaveURL(new RegExp(`/bookings/${bookingId}\\?dialog=review$`));
    await expect(toast(p, false)).toContainText("Rating required");
    const again = p.getByRole("region", { name: "Leave a Review" });
    await expect(again.getByText("Please select a star rating before submitting.")).toBeVisible();
    await expect(again.getByLabel("Comment")).toHaveValue("Clear instructions.");
    await p.goto(`/bookings/${bookingId}`);
  }
  await leaveReview(p, bookingId, javaScript, { rating: 4, label: "Very Good", comment: "Friendly client, clear instructions." });
  await expect(p.getByText(`${seeker.name} has not left a review yet.`)).toBeVisible();

  // --- The seeker sees the provider, the provider's review, and reviews back: 5 stars.
  const s = seeker.page;
  await openBooking(s, bookingId);
  await expect(s.getByTestId("booking-status")).toHaveText(/completed/);
  const providerCard = s.getByRole("region", { name: "Service Provider" });
  await expect(providerCard.getByRole("link", { name: provider.name })).toHaveAttribute("href", `/providers/${provider.id}`);
  const theirs = s.getByTestId("their-review");
  await expect(theirs).toContainText(`${provider.name}'s review of you`);
  await expect(theirs).toContainText("Friendly client, clear instructions.");
  await expect(theirs.getByTestId("rating-stars")).toHaveAttribute("data-rating", "4");
  await leaveReview(s, bookingId, javaScript, { rating: 5, label: "Excellent" });

  // --- The provider's public page and own profile show the new rating and job count.
  await providerCard.getByRole("link", { name: provider.name }).click();
  await expect(s).toHaveURL(new RegExp(`/providers/${provider.id}$`));
  await expect(s.getByRole("heading", { level: 1, name: provider.name })).toBeVisible();
  await expect(s.getByTestId("provider-rating")).toHaveText(/5\.0/);
  await expect(s.getByTestId("provider-review-count")).toHaveText("(1 review)");
  await expect(s.getByTestId("stat-jobs")).toHaveText("1");
  await expect(s.getByTestId("received-review")).toHaveCount(1);
  await expect(s.getByTestId("received-review")).toContainText(seeker.name);
  await expect(s.locator("body")).not.toContainText(provider.email);

  await p.goto("/profile");
  await expect(p.getByTestId("stat-rating")).toHaveText("5.0");
  await expect(p.getByTestId("stat-reviews")).toHaveText("1");
  await expect(p.getByTestId("stat-jobs")).toHaveText("1");
  await expect(p.getByTestId("received-review").first()).toContainText(seeker.name);

  // And the client got the provider's 4.
  await s.goto("/profile");
  await expect(s.getByTestId("stat-rating")).toHaveText("4.0");
  await expect(s.getByTestId("received-review").first()).toContainText("Friendly client, clear instructions.");
}

test.describe("booking journey", () => {
  test("accept, start, complete and both reviews, with JavaScript", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const setup = await setUpBooking(browser, baseURL, { javaScript: true, seekerPage: page, prefix: "journey-js" });
    await journey(setup, true);
    await setup.provider.page.context().close();
  });

  test("accept, start, complete and both reviews, with JavaScript disabled", async ({ noJsPage, browser, baseURL }) => {
    test.setTimeout(90_000);
    const setup = await setUpBooking(browser, baseURL, { javaScript: false, seekerPage: noJsPage, prefix: "journey-nojs" });
    await journey(setup, false);
    await setup.provider.page.context().close();
  });
});

test.describe("booking page", () => {
  test("the payment dialog, with JavaScript", async ({ page, browser, baseURL }) => {
    const { bookingId, provider } = await setUpBooking(browser, baseURL, { javaScript: true, seekerPage: page, prefix: "pay-js" });
    await openBooking(page, bookingId);
    const payment = page.getByRole("region", { name: "Payment" });
    await expect(payment.getByTestId("payment-method")).toHaveText("Card");
    await expect(payment.getByTestId("payment-status")).toHaveText("pending");
    await expect(payment).toContainText("$150.00");
    await page.getByRole("link", { name: "Pay now" }).click();
    const dialog = page.getByRole("dialog", { name: "Payment" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Stripe payment is not configured. Contact support for payment options.");
    await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`));
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: "Pay now" })).toBeFocused();
    await provider.page.context().close();
  });

  test("the payment notice, without JavaScript", async ({ noJsPage: page, browser, baseURL }) => {
    const { bookingId, provider } = await setUpBooking(browser, baseURL, { javaScript: false, seekerPage: page, prefix: "pay-nojs" });
    await openBooking(page, bookingId);
    await page.getByRole("link", { name: "Pay now" }).click();
    await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}\\?dialog=payment#payment$`));
    const notice = page.getByTestId("payment-notice");
    await expect(notice).toHaveText(/Stripe payment is not configured\. Contact support for payment options\./);
    await notice.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`));
    await expect(page.getByTestId("payment-notice")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Pay now" })).toBeVisible();
    await provider.page.context().close();
  });

  test("submitting a review without stars shows 'Rating required' (JavaScript)", async ({ page, browser, baseURL }) => {
    const { bookingId, provider } = await setUpBooking(browser, baseURL, { javaScript: true, seekerPage: page, prefix: "rating0" });
    await moveBooking(provider.page, bookingId, "in_progress");
    await moveBooking(provider.page, bookingId, "completed");
    await openBooking(page, bookingId);
    const dialog = await openReviewForm(page, bookingId, true);
    await expect(dialog.getByTestId("rating-label")).toHaveText("Select a rating", { useInnerText: true });
    await expect(dialog.getByTestId("review-comment-count")).toHaveText("0/500");
    await dialog.getByLabel("Comment").fill("Nice work");
    await expect(dialog.getByTestId("review-comment-count")).toHaveText("9/500");
    await dialog.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByTestId("toast")).toContainText("Rating required");
    await expect(page.getByTestId("toast")).toContainText("Please select a star rating before submitting.");
    // Nothing was posted: the dialog stays open, the button stays.
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`));

    // The stars are a keyboard-operable radio group.
    await dialog.getByRole("radio", { name: "Poor", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("radio", { name: "Good", exact: true })).toBeChecked();
    await expect(dialog.getByTestId("rating-label")).toHaveText("Good", { useInnerText: true });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: "Leave Review" })).toBeVisible();
    await provider.page.context().close();
  });

  test("a stranger opening the booking URL sees 'Booking not found'", async ({ page, browser, baseURL }) => {
    const { bookingId, seeker, provider } = await setUpBooking(browser, baseURL, { javaScript: true, prefix: "stranger" });
    await signIn(page, { email: uniqueEmail("stranger") });
    const response = await page.goto(`/bookings/${bookingId}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Booking not found" })).toBeVisible();
    await expect(page.getByText(setupTitleFragment)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    // A malformed id is the same page.
    const bad = await page.goto("/bookings/not-a-booking");
    expect(bad?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Booking not found" })).toBeVisible();
    await seeker.page.context().close();
    await provider.page.context().close();
  });

  test("the seeker cancels with a confirmation (JavaScript); the Message button goes away", async ({ page, browser, baseURL }) => {
    const { bookingId, provider } = await setUpBooking(browser, baseURL, { javaScript: true, seekerPage: page, prefix: "cancel-js" });
    await openBooking(page, bookingId);
    await expect(page.getByTestId("message-link")).toBeVisible();
    // The seeker has no Start Job.
    await expect(page.getByRole("button", { name: "Start Job" })).toHaveCount(0);
    await page.getByRole("link", { name: "Cancel booking" }).click();
    // The question opens in place, no navigation.
    await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`));
    await expect(page.getByText("Cancel this booking?")).toBeVisible();
    await page.getByRole("link", { name: "Keep booking" }).click();
    await expect(page.getByText("Cancel this booking?")).toBeHidden();
    await page.getByRole("link", { name: "Cancel booking" }).click();
    await page.getByRole("button", { name: "Yes, cancel booking" }).click();
    await expect(page.getByTestId("toast")).toContainText("Booking cancelled");
    await expect(page.getByTestId("booking-status")).toHaveText(/cancelled/);
    await expect(page.getByTestId("message-link")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Cancel booking" })).toHaveCount(0);
    await expect(page.getByTestId("pay-now")).toHaveCount(0);
    await expect(page.getByTestId("booking-cancelled")).toBeVisible();

    // The provider sees it too, without any button.
    await openBooking(provider.page, bookingId);
    await expect(provider.page.getByTestId("booking-status")).toHaveText(/cancelled/);
    await expect(provider.page.getByRole("button", { name: "Start Job" })).toHaveCount(0);
    // The thread stays readable, without a send box: the server refuses messages on a cancelled booking.
    await provider.page.goto(`/messages?booking=${bookingId}`);
    await expect(provider.page.getByTestId("thread-closed")).toHaveText("This booking was cancelled: messages are closed.");
    await expect(provider.page.getByRole("textbox", { name: "Message" })).toHaveCount(0);
    await provider.page.context().close();
  });

  test("the provider cancels with the no-JS confirm step; a stale cancel fails with a toast", async ({ noJsPage: page, browser, baseURL }) => {
    const setup = await setUpBooking(browser, baseURL, { javaScript: false, prefix: "cancel-nojs" });
    const p = setup.provider.page;
    await openBooking(p, setup.bookingId);
    await p.getByRole("link", { name: "Cancel booking" }).click();
    await expect(p).toHaveURL(new RegExp(`/bookings/${setup.bookingId}\\?confirm=cancel#booking-actions$`));
    await expect(p.getByText("Cancel this booking?")).toBeVisible();
    await p.getByRole("link", { name: "Keep booking" }).click();
    await expect(p).toHaveURL(new RegExp(`/bookings/${setup.bookingId}$`));
    await expect(p.getByText("Cancel this booking?")).toHaveCount(0);

    // The seeker opens the cancel question; meanwhile the provider cancels.
    await signIn(page, { email: setup.seeker.email, firstName: "Sasha", lastName: "Client" });
    await page.goto(`/bookings/${setup.bookingId}?confirm=cancel`);
    await expect(page.getByText("Cancel this booking?")).toBeVisible();
    await p.goto(`/bookings/${setup.bookingId}?confirm=cancel`);
    await p.getByRole("button", { name: "Yes, cancel booking" }).click();
    await expect(toast(p, false)).toContainText("Booking cancelled");
    await expect(p.getByTestId("booking-status")).toHaveText(/cancelled/);
    await expect(p.getByTestId("message-link")).toHaveCount(0);

    // The seeker's stale page posts a cancel that is no longer allowed.
    await page.getByRole("button", { name: "Yes, cancel booking" }).click();
    await expect(toast(page, false)).toContainText("Failed to update status. Please try again.");
    await expect(page).toHaveURL(new RegExp(`/bookings/${setup.bookingId}$`));
    await expect(page.getByTestId("booking-status")).toHaveText(/cancelled/);
    await setup.seeker.page.context().close();
    await p.context().close();
  });
});

test("the booking page fits a phone", async ({ page, browser, baseURL }) => {
  const { bookingId, provider } = await setUpBooking(browser, baseURL, { javaScript: true, seekerPage: page, prefix: "phone" });
  await page.setViewportSize({ width: 390, height: 844 });
  await openBooking(page, bookingId);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await provider.page.context().close();
});
