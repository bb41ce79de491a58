import { type Locator, type Page } from "@playwright/test";

import { expect, fetchAuthUser, roleSwitchLink, signIn, test, uniqueEmail } from "./support.ts";

const QUESTION = "Are you an individual or representing a business?";

async function expectHeaderRole(page: Page, role: "seeker" | "provider") {
  const link = roleSwitchLink(page);
  if (role === "seeker") {
    await expect(link).toContainText("Become a Provider");
    await expect(link).toContainText("Seeker");
  } else {
    await expect(link).toContainText("Find Help");
    await expect(link).toContainText("Provider");
  }
}

/** The switch to offering services is done: its toast, the header and the provider dashboard say so. */
async function expectNowProvider(page: Page, toast: Locator) {
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Role switched successfully");
  await expect(toast).toContainText("You are now offering services.");
  await expectHeaderRole(page, "provider");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Provider dashboard");
}

test.describe("role switch with JavaScript", () => {
  test("dialog switches seeker → provider (business) and back", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("js-role") });
    await expectHeaderRole(page, "seeker");

    // Seeker → provider.
    await roleSwitchLink(page).click();
    const dialog = page.getByRole("dialog", { name: "Offering Services As" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/"); // opened in place, no navigation
    await expect(dialog.getByRole("heading", { name: "Offering Services As" })).toBeVisible();
    await expect(dialog.getByText(QUESTION, { exact: true })).toBeVisible();
    const individual = dialog.getByRole("radio", { name: /Individual/ });
    const business = dialog.getByRole("radio", { name: /Business/ });
    await expect(individual).toBeChecked();
    await expect(business).not.toBeChecked();
    await expect(dialog.getByText("I'm helping myself or my family")).toBeVisible();
    await expect(dialog.getByText("I represent a company or organization")).toBeVisible();

    await business.check();
    await expect(business).toBeChecked();

    // Hold the form's post to observe the pending state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isSwitch = (request: { method(): string; url(): string }) =>
      request.method() === "POST" && new URL(request.url()).pathname.startsWith("/switch-role");
    await page.route(
      (url) => url.pathname.startsWith("/switch-role"),
      async (route) => {
        if (!isSwitch(route.request())) return route.continue();
        await held;
        await route.continue();
      },
    );
    await dialog.getByRole("button", { name: "Continue" }).click();
    const pendingButton = dialog.getByRole("button", { name: "Switching..." });
    await expect(pendingButton).toBeVisible();
    await expect(pendingButton).toBeDisabled();
    const switched = page.waitForResponse((response) => isSwitch(response.request()));
    release();
    expect((await switched).ok()).toBe(true);

    await expect(dialog).toBeHidden();
    const toast = page.getByTestId("toast");
    await expectNowProvider(page, toast);

    const provider = await fetchAuthUser(page.request);
    expect(provider.currentRole).toBe("provider");
    expect(provider.userType).toBe("business");

    // Provider → seeker.
    await roleSwitchLink(page).click();
    const back = page.getByRole("dialog", { name: "Seeking Help As" });
    await expect(back).toBeVisible();
    await expect(back.getByText(QUESTION, { exact: true })).toBeVisible();
    await expect(back.getByRole("radio", { name: /Business/ })).toBeChecked();
    await back.getByRole("radio", { name: /Individual/ }).check();
    await back.getByRole("button", { name: "Continue" }).click();
    await expect(back).toBeHidden();
    await expect(toast).toContainText("Role switched successfully");
    await expect(toast).toContainText("You are now seeking help.");
    await expect(toast).toHaveCount(1);
    await expectHeaderRole(page, "seeker");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What help do you need?");

    const seeker = await fetchAuthUser(page.request);
    expect(seeker.currentRole).toBe("seeker");
    expect(seeker.userType).toBe("individual");
  });

  test("the dialog can be closed without switching", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("js-role-close") });
    await roleSwitchLink(page).click();
    const dialog = page.getByRole("dialog", { name: "Offering Services As" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await roleSwitchLink(page).click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("toast")).toHaveCount(0);
    expect((await fetchAuthUser(page.request)).currentRole).toBe("seeker");
  });

  test("on a small screen the role switch sits in the profile menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, { email: uniqueEmail("js-role-small") });
    const menu = page.locator("details", { has: page.getByTestId("profile-menu") });
    // The header copy is meant for md+ widths only (class "hidden md:inline-flex").
    await expect.soft(page.locator("header nav > [data-testid=role-switch]")).toBeHidden();
    await page.getByTestId("profile-menu").click();
    const inMenu = menu.getByTestId("role-switch");
    await expect(inMenu).toBeVisible();
    await expect(inMenu).toContainText("Become a Provider");
    await inMenu.click();
    await expect(page.getByRole("dialog", { name: "Offering Services As" })).toBeVisible();
  });
});

test.describe("role switch page with JavaScript", () => {
  test("/switch-role submits as a page and the flashed toast shows", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("js-role-page"), returnTo: "/switch-role?returnTo=%2F" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Offering Services As");
    await page.getByRole("radio", { name: /Business/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Role switched successfully");
    await expect(toast).toContainText("You are now offering services.");
    await expect(toast).toHaveCount(1);
    await expectHeaderRole(page, "provider");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Provider dashboard");
    expect(await fetchAuthUser(page.request)).toMatchObject({ currentRole: "provider", userType: "business" });
  });
});

test.describe("role switch without JavaScript", () => {
  test("the role-switch link leads to /switch-role, which switches and flashes a toast", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("nojs-role") });
    await expectHeaderRole(page, "seeker");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Seeker → provider.
    await roleSwitchLink(page).click();
    await expect(page).toHaveURL((url) => url.pathname === "/switch-role" && url.searchParams.get("returnTo") === "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Offering Services As");
    await expect(page).toHaveTitle(/^Offering Services As/);
    await expect(page.getByText(QUESTION, { exact: true })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Individual/ })).toBeChecked();
    await page.getByRole("radio", { name: /Business/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
    await expectNowProvider(page, page.getByTestId("toast-nojs"));
    expect(await fetchAuthUser(page.request)).toMatchObject({ currentRole: "provider", userType: "business" });

    // The flash is shown once only.
    await page.reload();
    await expect(page.getByTestId("toast-nojs")).toHaveCount(0);

    // Provider → seeker.
    await roleSwitchLink(page).click();
    await expect(page).toHaveURL((url) => url.pathname === "/switch-role");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seeking Help As");
    await expect(page.getByRole("radio", { name: /Business/ })).toBeChecked();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByTestId("toast-nojs")).toContainText("You are now seeking help.");
    await expectHeaderRole(page, "seeker");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What help do you need?");
    expect(await fetchAuthUser(page.request)).toMatchObject({ currentRole: "seeker", userType: "business" });
  });
});
