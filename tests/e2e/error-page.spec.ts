// A page whose loader or server component fails shows the root's error page, styled like the rest of the app, with
// and without JavaScript: the stylesheet reaches it from React Router's route wrapper alone since the RSC plugin's
// own wrapper is off (decision 0078).
import { type Page } from "@playwright/test";

import { expect, signIn, test, uniqueEmail } from "./support.ts";

/** slate-50, the body's background (app/root.tsx), and brand-600, the link back's: only the stylesheet sets them. */
const PAGE_BACKGROUND = "oklch(0.984 0.003 247.858)";
const LINK_BACKGROUND = "rgb(29, 78, 216)";

async function expectErrorPage(page: Page, stage: "loader" | "render") {
  const response = await page.goto(`/dev/fail/${stage}`);
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
  await expect(page).toHaveTitle(/^500 Something went wrong/);
  await expect(page.locator("body")).toHaveCSS("background-color", PAGE_BACKGROUND);
  await expect(page.getByRole("link", { name: "Back to Nearhand" })).toHaveCSS("background-color", LINK_BACKGROUND);
}

test("a failing loader shows the styled error page", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("error-loader") });
  await expectErrorPage(page, "loader");
});

// A server component that throws while rendering is checked without JavaScript only: with it, main's build already
// logs React's hydration error #418 on that page (reported with issue 36's work, not changed by it).
for (const stage of ["loader", "render"] as const) {
  test(`a failing ${stage} shows the styled error page without JavaScript`, async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail(`error-${stage}-nojs`) });
    await expectErrorPage(page, stage);
  });
}
