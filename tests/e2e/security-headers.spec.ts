// The Content-Security-Policy in a real browser (decision 0020): the main
// screens hydrate and work with JavaScript — sign-in, the seeker home, the
// post-job wizard with the upload dialog, the provider dashboard, a booking,
// messages — and the browser reports no violation on any of them, while an
// inline script without the nonce is refused.
import type { Page, Response } from "@playwright/test";

import { expect, pathAndQuery, signIn, test, uniqueEmail, waitForHydration } from "./support.ts";

// A real 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** Collects every CSP violation of the page's documents: the DOM event and the console report. */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction("__reportPolicyViolation", (text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportPolicyViolation(text: string): void }).__reportPolicyViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

function expectCommonHeaders(response: Response) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], response.url()).toBe("nosniff");
  expect(headers["x-frame-options"], response.url()).toBe("DENY");
  expect(headers["referrer-policy"], response.url()).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"], response.url()).toContain("frame-ancestors 'none'");
  // Not production: no HSTS on http://localhost.
  expect(headers["strict-transport-security"], response.url()).toBeUndefined();
}

/** The document's policy: scripts by nonce only; a page that hydrates did so under it (a static one has no script). */
async function expectDocumentPolicy(page: Page, response: Response | null, { hydrates = true } = {}) {
  expect(response).not.toBeNull();
  expectCommonHeaders(response!);
  const policy = response!.headers()["content-security-policy"]!;
  const scriptSources = /(?:^|;\s*)script-src ([^;]*)/.exec(policy)?.[1] ?? "";
  // A page that hydrates allows its inline scripts by nonce; a visitor's page has none, and allows none.
  if (hydrates) expect(scriptSources).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  else expect(scriptSources.trim()).toBe("'self'");
  expect(scriptSources).not.toContain("'unsafe-inline'");
  expect(scriptSources).not.toContain("'unsafe-eval'");
  if (hydrates) await waitForHydration(page);
  else await expect(page.locator("script")).toHaveCount(0);
}

test("the main screens run under the Content-Security-Policy without a violation", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const violations = await watchPolicyViolations(page);

  // Landing page, signed out: static, no script (decision 0029).
  await expectDocumentPolicy(page, await page.goto("/"), { hydrates: false });
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();

  // Sign-in through the embedded provider (its own page and policy), back to the seeker home.
  await signIn(page, { email: uniqueEmail("csp-seeker"), firstName: "Cara", lastName: "Policy" });
  await expectDocumentPolicy(page, await page.reload());

  // A client-side navigation fetches an RSC payload, with the headers too.
  const payload = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(".rsc"));
  await page.getByRole("link", { name: "Post Your First Job" }).click();
  expectCommonHeaders(await payload);
  await expect(page).toHaveURL(pathAndQuery("/post-job"));

  // Step 3 with the upload dialog: Uppy's styles, its thumbnail and the PUT to storage.
  await expectDocumentPolicy(page, await page.goto("/post-job?category=repair&step=3"));
  const title = `Policy check ${Date.now().toString(36)}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("The photo shows the broken hinge.");
  await page.getByRole("button", { name: "Add image" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.locator("input.uppy-Dashboard-input").first().setInputFiles({ name: "hinge.png", mimeType: "image/png", buffer: PNG });
  const put = page.waitForResponse((r) => r.request().method() === "PUT");
  await page.locator(".uppy-StatusBar-actionBtn--upload").click();
  expect((await put).status()).toBe(200);
  await expect(page.getByTestId("image-uploaded")).toHaveText("Image uploaded");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Post Job" }).click();
  await expect(page.getByTestId("toast")).toContainText("Job posted successfully!");

  // The job page shows the image (the /images redirect to storage).
  const jobs = (await (await page.request.get("/api/jobs/my-jobs")).json()) as Array<{ id: string; title: string }>;
  const job = jobs.find((j) => j.title === title)!;
  await expectDocumentPolicy(page, await page.goto(`/jobs/${job.id}`));
  const image = page.getByTestId("job-image");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The demo provider: dashboard, a booking, and a message sent with JavaScript.
  const provider = await browser.newContext({ baseURL });
  const providerPage = await provider.newPage();
  const providerViolations = await watchPolicyViolations(providerPage);
  await signIn(providerPage, { email: "provider@nearhand.dev", firstName: "Priya", lastName: "Patel" });
  await expect(providerPage.getByRole("heading", { level: 1 })).toHaveText("Provider dashboard");
  await expectDocumentPolicy(providerPage, await providerPage.reload());
  const bookingHref = await providerPage.getByTestId("active-job").first().getAttribute("href");
  await expectDocumentPolicy(providerPage, await providerPage.goto(bookingHref!));
  const bookingId = bookingHref!.split("/").pop()!;
  await expectDocumentPolicy(providerPage, await providerPage.goto(`/messages?booking=${bookingId}`));
  const text = `Checking the policy ${Date.now().toString(36)}`;
  await providerPage.getByPlaceholder("Type a message...").fill(text);
  await providerPage.keyboard.press("Enter");
  await expect(providerPage.getByTestId("thread-messages").getByText(text)).toBeVisible();
  await provider.close();

  expect(violations, "CSP violations in the seeker's pages").toEqual([]);
  expect(providerViolations, "CSP violations in the provider's pages").toEqual([]);

  // The watcher is live, and the policy does refuse an inline script without the nonce.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join("\n")).toContain("script-src");
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test("static assets and JSON answers carry the headers too", async ({ page }) => {
  await signIn(page, { email: uniqueEmail("csp-assets") });
  const assets: Response[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/assets/")) assets.push(response);
  });
  await page.reload();
  await waitForHydration(page);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) expectCommonHeaders(asset);
  const json = await page.request.get("/api/auth/user");
  expect(json.status()).toBe(200);
  expect(json.headers()["x-content-type-options"]).toBe("nosniff");
  expect(json.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
});
