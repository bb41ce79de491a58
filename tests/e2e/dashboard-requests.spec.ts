// Direct requests on the dashboard (issue 33 §2, §3), with JavaScript and without it: a seeker asks a provider for
// tomorrow 3–5 pm; the provider sees the request arrive under Requests (live, with JavaScript) with its time, accepts it from the dashboard, lands
// on the booking with its toast, and finds it under Upcoming; the seeker's home lists it as booked.
import { type Page } from "@playwright/test";

import { expect, fetchAuthUser, newUserPage, test, uniqueTitle, waitForHydration, waitForLiveChannel } from "./support.ts";

const MARKET = "America/New_York";

/** Tomorrow's date (YYYY-MM-DD) on the market's clock. */
function tomorrow(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: MARKET }).format(new Date(Date.now() + 24 * 3_600_000));
}

/** The signed-in user of `page` becomes a provider offering repairs (the profile form, as the page posts it). */
async function offerRepairs(page: Page, baseURL: string | undefined) {
  const switched = await page.request.post("/api/users/switch-role", { data: { newRole: "provider", userType: "individual" } });
  expect(switched.status(), await switched.text()).toBe(200);
  const saved = await page.request.post("/profile?edit=1", {
    form: { firstName: "Pat", lastName: "Fixer", providerCategories: "repair" },
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(saved.status(), await saved.text()).toBe(302);
}

for (const javaScript of [true, false]) {
  test(`the provider accepts a request from the dashboard, ${javaScript ? "with" : "without"} JavaScript`, async ({ browser, baseURL }) => {
    const errors: string[] = [];
    const seeker = await newUserPage(browser, baseURL, { prefix: "req-seeker", firstName: "Sasha", lastName: "Client", errors });
    const provider = await newUserPage(browser, baseURL, {
      prefix: "req-provider",
      firstName: "Pat",
      lastName: "Fixer",
      javaScript,
      liveChannel: javaScript,
      errors,
    });
    try {
      await offerRepairs(provider, baseURL);
      const { id: providerId } = await fetchAuthUser(provider.request);
      // The dashboard is open when the request comes: with JavaScript it arrives live, without it on the next load.
      await provider.goto("/");
      await waitForHydration(provider);
      if (javaScript) await waitForLiveChannel(provider);
      await expect(provider.getByTestId("requests")).toHaveCount(0);
      const title = uniqueTitle("Fix the garden gate");
      const asked = await seeker.request.post("/api/bookings/requests", {
        data: {
          providerId,
          categoryId: "repair",
          title,
          description: "The hinge broke",
          budget: 90,
          when: "scheduled",
          date: tomorrow(),
          startTime: "15:00",
          endTime: "17:00",
        },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      const { id: bookingId } = (await asked.json()) as { id: string };

      if (!javaScript) await provider.reload();
      const request = provider.getByTestId("request").filter({ hasText: title });
      await expect(request).toHaveCount(1);
      await expect(request.getByTestId("request-when")).toHaveText("Tomorrow 3–5 pm");
      await expect(request).toContainText("Sasha Client · Repair & Maintenance");
      await expect(request).toContainText(/Answer by (Today|Tomorrow) /);
      await expect(request.getByRole("link", { name: "Decline" })).toHaveAttribute("href", `/bookings/${bookingId}?confirm=decline#booking-actions`);
      await expect(provider.getByText("No upcoming bookings")).toBeVisible();

      await request.getByRole("button", { name: "Accept" }).click();
      await expect(provider).toHaveURL((url) => url.pathname === `/bookings/${bookingId}`);
      await expect(provider.getByTestId(javaScript ? "toast" : "toast-nojs")).toContainText("Request accepted");
      await expect(provider.getByTestId("booking-status")).toContainText("accepted");

      await provider.goto("/");
      await expect(provider.getByTestId("requests")).toHaveCount(0);
      const upcoming = provider.getByTestId("upcoming-booking").filter({ hasText: title });
      await expect(upcoming).toContainText("Tomorrow 3–5 pm");
      await expect(upcoming).toContainText("Sasha Client");
      await expect(upcoming).toHaveAttribute("href", `/bookings/${bookingId}`);

      await seeker.goto("/");
      const booked = seeker.getByTestId("your-booking").filter({ hasText: title });
      await expect(booked).toContainText("Tomorrow 3–5 pm");
      await expect(booked).toContainText("Booked with Pat Fixer");
      expect(errors, "uncaught exceptions in the pages").toEqual([]);
    } finally {
      await seeker.context().close();
      await provider.context().close();
    }
  });
}
