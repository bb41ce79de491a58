// /profile (the user's own profile and its edit form, with and without
// JavaScript) and /providers/{id} (a provider's public page: no email, no phone).
import { type Page } from "@playwright/test";

import { expect, fetchAuthUser, pathAndQuery, signIn, test, uniqueEmail, waitForHydration } from "./support.ts";

/** Switches the signed-in user to provider through the JSON API. */
async function becomeProvider(page: Page) {
  const switched = await page.request.post("/api/users/switch-role", { data: { newRole: "provider", userType: "individual" } });
  expect(switched.status(), await switched.text()).toBe(200);
}

/** The toast: the live one with JavaScript, the <noscript> fallback without. */
function toast(page: Page, javaScript: boolean) {
  return page.getByTestId(javaScript ? "toast" : "toast-nojs");
}

const EDIT = {
  firstName: "Morgan",
  lastName: "Builder",
  phone: "+1 718 555 0142",
  bio: "Carpenter and mover, ten years in Brooklyn.",
  location: "Brooklyn, NY",
  hourlyRate: "55",
};

async function fillProfileForm(page: Page) {
  const form = page.getByRole("form", { name: "Edit profile" });
  await form.getByLabel("First name").fill(EDIT.firstName);
  await form.getByLabel("Last name").fill(EDIT.lastName);
  await form.getByLabel("Phone").fill(EDIT.phone);
  await form.getByLabel("Bio").fill(EDIT.bio);
  await form.getByLabel("Location").fill(EDIT.location);
  await expect(form.getByText("City, ST or ZIP — used to find jobs near you")).toBeVisible();
  await form.getByLabel("Hourly rate").fill(EDIT.hourlyRate);
  await form.getByRole("checkbox", { name: "Repair & Maintenance" }).check();
  await form.getByRole("checkbox", { name: "Moving & Delivery" }).check();
  await expect(form.getByRole("checkbox")).toHaveCount(6);
  return form;
}

async function expectEditedProfile(page: Page, email: string) {
  await expect(page).toHaveURL(pathAndQuery("/profile"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${EDIT.firstName} ${EDIT.lastName}`);
  await expect(page.getByTestId("profile-email")).toHaveText(email);
  await expect(page.getByTestId("profile-phone")).toHaveText(EDIT.phone);
  await expect(page.getByTestId("profile-bio")).toHaveText(EDIT.bio);
  await expect(page.getByTestId("profile-address")).toHaveText(EDIT.location);
  await expect(page.getByTestId("profile-hourly-rate")).toHaveText("$55/hr");
  await expect(page.getByTestId("service-categories").getByRole("listitem")).toHaveText(["Repair & Maintenance", "Moving & Delivery"]);
  await expect(page.getByTestId("role-badge")).toHaveText("Service Provider");
  await expect(page.getByTestId("type-badge")).toHaveText("Individual");
  // The location was resolved to coordinates, like a job's.
  const me = (await (await page.request.get("/api/auth/user")).json()) as { latitude: string | null; longitude: string | null };
  expect(Number(me.latitude)).toBeGreaterThan(40.5);
  expect(Number(me.latitude)).toBeLessThan(40.9);
  expect(Number(me.longitude)).toBeGreaterThan(-74.1);
  expect(Number(me.longitude)).toBeLessThan(-73.7);
}

test.describe("profile", () => {
  test("a fresh profile shows its badges, stats and empty reviews", async ({ page }) => {
    const email = uniqueEmail("profile-fresh");
    await signIn(page, { email, firstName: "Fresh", lastName: "Person", returnTo: "/profile" });
    await expect(page.getByRole("heading", { level: 1, name: "Fresh Person" })).toBeVisible();
    await expect(page.getByTestId("profile-email")).toHaveText(email);
    await expect(page.getByTestId("role-badge")).toHaveText("Help Seeker");
    await expect(page.getByTestId("type-badge")).toHaveText("Individual");
    await expect(page.getByTestId("stat-rating")).toHaveText("0.0");
    await expect(page.getByTestId("stat-reviews")).toHaveText("0");
    await expect(page.getByTestId("stat-jobs")).toHaveText("0");
    const memberSince = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "long", year: "numeric" }).format(new Date());
    await expect(page.getByTestId("stat-member-since")).toHaveText(memberSince);
    await expect(page.getByText("No reviews yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit profile" })).toHaveAttribute("href", "/profile?edit=1");

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("edit the profile without JavaScript", async ({ noJsPage: page }) => {
    const email = uniqueEmail("profile-nojs");
    await signIn(page, { email, firstName: "Nora", lastName: "Script", returnTo: "/profile" });
    await becomeProvider(page);
    await page.goto("/profile");
    await page.getByRole("link", { name: "Edit profile" }).click();
    await expect(page).toHaveURL(pathAndQuery("/profile?edit=1"));
    await expect(page.getByTestId("bio-count")).toHaveText("Up to 1000 characters");
    const form = await fillProfileForm(page);
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, false)).toContainText("Profile updated");
    await expectEditedProfile(page, email);

    // The form opens with the saved values; unticking every category clears them.
    await page.getByRole("link", { name: "Edit profile" }).click();
    const again = page.getByRole("form", { name: "Edit profile" });
    await expect(again.getByLabel("First name")).toHaveValue(EDIT.firstName);
    await expect(again.getByLabel("Hourly rate")).toHaveValue("55");
    await expect(again.getByRole("checkbox", { name: "Moving & Delivery" })).toBeChecked();
    await expect(again.getByRole("checkbox", { name: "Cleaning & Painting" })).not.toBeChecked();
    await again.getByRole("checkbox", { name: "Moving & Delivery" }).uncheck();
    await again.getByRole("checkbox", { name: "Repair & Maintenance" }).uncheck();
    await again.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, false)).toContainText("Profile updated");
    await expect(page.getByTestId("provider-info")).toContainText("No service categories yet");
  });

  test("a validation error comes back with the field's message, without JavaScript", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("profile-invalid"), firstName: "Val", lastName: "Idate", returnTo: "/profile?edit=1" });
    const form = page.getByRole("form", { name: "Edit profile" });
    await form.getByLabel("First name").fill("");
    await form.getByLabel("Bio").fill("Kept after the error");
    await form.getByLabel("Phone").fill("call me maybe");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(pathAndQuery("/profile?edit=1"));
    await expect(form.getByText("First name is required")).toBeVisible();
    await expect(form.getByText("Phone number may contain digits, spaces and + ( ) . - only")).toBeVisible();
    await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Bio")).toHaveValue("Kept after the error");
    // Nothing was saved.
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Val Idate");
  });

  for (const javaScript of [false, true]) {
    test(`a name with a control character is refused with the field's reason, JavaScript ${javaScript ? "on" : "off"}`, async ({
      page,
      noJsPage,
    }) => {
      const tab = javaScript ? page : noJsPage;
      await signIn(tab, { email: uniqueEmail("profile-control"), firstName: "Ann", lastName: "Lee", returnTo: "/profile?edit=1" });
      if (javaScript) await waitForHydration(tab);
      const form = tab.getByRole("form", { name: "Edit profile" });
      // A tab pasted from a spreadsheet (an <input> drops CR/LF itself; a script posting the form does not).
      await form.getByLabel("First name").fill("Ann\tBcc: x");
      await form.getByRole("button", { name: "Save changes" }).click();
      await expect(form.getByText("First name must not contain control characters")).toBeVisible();
      await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
      await tab.goto("/profile");
      await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Ann Lee");
    });
  }

  test("edit the profile with JavaScript", async ({ page }) => {
    const email = uniqueEmail("profile-js");
    await signIn(page, { email, firstName: "Jay", lastName: "Script", returnTo: "/profile" });
    await becomeProvider(page);
    await page.goto("/profile");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Edit profile" }).click();
    await expect(page).toHaveURL(pathAndQuery("/profile?edit=1"));
    const form = page.getByRole("form", { name: "Edit profile" });
    await expect(page.getByTestId("bio-count")).toHaveText("0/1000");

    // Checked in the browser first: an empty first name never leaves the page.
    await form.getByLabel("First name").fill("");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(form.getByText("First name is required")).toBeVisible();
    await expect(page).toHaveURL(pathAndQuery("/profile?edit=1"));

    await fillProfileForm(page);
    await expect(page.getByTestId("bio-count")).toHaveText(`${EDIT.bio.length}/1000`);
    await expect(form.getByText("First name is required")).toHaveCount(0);
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, true)).toContainText("Profile updated");
    await expectEditedProfile(page, email);

    // Cancel leaves the form without saving.
    await page.getByRole("link", { name: "Edit profile" }).click();
    await form.getByLabel("First name").fill("Changed");
    await form.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(pathAndQuery("/profile"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${EDIT.firstName} ${EDIT.lastName}`);
  });
});

test.describe("provider public page", () => {
  test("shows public fields and reviews, never email or phone", async ({ page, browser, baseURL }) => {
    // The provider fills in a profile.
    const context = await browser.newContext({ baseURL });
    const providerPage = await context.newPage();
    const providerEmail = uniqueEmail("public-provider");
    await signIn(providerPage, { email: providerEmail, firstName: "Quinn", lastName: "Public", returnTo: "/profile?edit=1" });
    await becomeProvider(providerPage);
    const online = await providerPage.request.post("/api/users/toggle-online", { data: { isOnline: true } });
    expect(online.status(), await online.text()).toBe(200);
    await providerPage.goto("/profile?edit=1");
    await waitForHydration(providerPage);
    const form = providerPage.getByRole("form", { name: "Edit profile" });
    await form.getByLabel("Phone").fill("+1 212 555 0177");
    await form.getByLabel("Bio").fill("Assembly and small repairs, same day.");
    await form.getByLabel("Hourly rate").fill("62");
    await form.getByRole("checkbox", { name: "Assembly & Installation" }).check();
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(providerPage.getByTestId("toast")).toContainText("Profile updated");
    const provider = await fetchAuthUser(providerPage.request);
    await context.close();

    // Someone else opens the public page.
    await signIn(page, { email: uniqueEmail("public-viewer") });
    await page.goto(`/providers/${provider.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Quinn Public" })).toBeVisible();
    await expect(page.getByTestId("online-badge")).toHaveText("Online");
    await expect(page.getByTestId("provider-rating")).toHaveText(/0\.0/);
    await expect(page.getByTestId("provider-review-count")).toHaveText("(0 reviews)");
    await expect(page.getByTestId("stat-jobs")).toHaveText("0");
    await expect(page.getByTestId("stat-hourly-rate")).toHaveText("$62/hr");
    await expect(page.getByTestId("provider-bio")).toHaveText("Assembly and small repairs, same day.");
    await expect(page.getByTestId("service-categories")).toHaveText("Assembly & Installation");
    await expect(page.getByText("No reviews yet")).toBeVisible();
    const text = await page.locator("body").innerText();
    expect(text).not.toContain(providerEmail);
    expect(text).not.toContain("555 0177");
    expect(await page.content()).not.toContain(providerEmail);
  });

  test("an unknown provider is 'Provider not found' with a 404", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("public-missing") });
    const missing = await page.goto("/providers/00000000-0000-4000-8000-000000000000");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Provider not found" })).toBeVisible();
    const malformed = await page.goto("/providers/nope");
    expect(malformed?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Provider not found" })).toBeVisible();
  });
});
