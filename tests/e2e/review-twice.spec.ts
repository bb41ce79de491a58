// A second review of one booking (e.g. from another tab): the toast carries the
// spec's text (§8: 'Error' / 'Failed to submit review. Please try again.'), and
// the page says why, next to the review already given.
import { type Browser, type Page } from "@playwright/test";

import { becomeOnlineProvider, expect, fetchAuthUser, newNoJsContext, signIn, test, uniqueEmail, waitForHydration } from "./support.ts";

/** A completed booking between the user of `seekerPage` and a new provider; returns its id and the provider's id. */
async function completedBooking(seekerPage: Page, browser: Browser, baseURL: string | undefined) {
  const posted = await seekerPage.request.post("/api/jobs", {
    data: {
      title: "Paint the porch",
      description: "One coat on the front porch.",
      categoryId: "repair",
      address: "Brooklyn, NY",
      budget: 90,
      isUrgent: false,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const jobId = ((await posted.json()) as { id: string }).id;
  const context = await browser.newContext({ baseURL });
  const provider = await context.newPage();
  await signIn(provider, { email: uniqueEmail("twice-provider"), firstName: "Pat", lastName: "Painter" });
  const providerId = (await fetchAuthUser(provider.request)).id;
  await becomeOnlineProvider(provider.request);
  const accepted = await provider.request.post("/api/bookings", { data: { jobId } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const bookingId = ((await accepted.json()) as { id: string }).id;
  for (const status of ["in_progress", "completed"]) {
    const moved = await provider.request.patch(`/api/bookings/${bookingId}/status`, { data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await context.close();
  return { bookingId, providerId };
}

/** The same user reviews the booking elsewhere (another tab) while this page's form is open. */
async function reviewElsewhere(page: Page, bookingId: string, revieweeId: string) {
  const response = await page.request.post("/api/reviews", { data: { bookingId, revieweeId, rating: 4 } });
  expect(response.status(), await response.text()).toBe(201);
}

async function expectSpecToastAndReason(page: Page, toastId: "toast" | "toast-nojs") {
  const toast = page.getByTestId(toastId);
  await expect(toast).toContainText("Error");
  await expect(toast).toContainText("Failed to submit review. Please try again.");
  await expect(toast).not.toContainText("already");
  await expect(page.getByTestId("my-review")).toBeVisible();
  await expect(page.getByTestId("review-rejected")).toHaveText("You have already reviewed this booking");
}

test("a second review, with JavaScript", async ({ page, browser, baseURL }) => {
  await signIn(page, { email: uniqueEmail("twice-js") });
  const { bookingId, providerId } = await completedBooking(page, browser, baseURL);
  await page.goto(`/bookings/${bookingId}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Leave Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave a Review" });
  await dialog.getByTestId("star-5").click();
  await reviewElsewhere(page, bookingId, providerId);
  await dialog.getByRole("button", { name: "Submit Review" }).click();
  await expectSpecToastAndReason(page, "toast");
});

test("a second review, without JavaScript", async ({ browser, baseURL }) => {
  const context = await newNoJsContext(browser, baseURL);
  const page = await context.newPage();
  await signIn(page, { email: uniqueEmail("twice-nojs") });
  const { bookingId, providerId } = await completedBooking(page, browser, baseURL);
  await page.goto(`/bookings/${bookingId}?dialog=review#review`);
  const form = page.getByRole("region", { name: "Leave a Review" });
  await form.getByTestId("star-5").click();
  await reviewElsewhere(page, bookingId, providerId);
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expectSpecToastAndReason(page, "toast-nojs");
  await context.close();
});
