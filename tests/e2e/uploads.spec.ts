import { type Locator, type Page } from "@playwright/test";

import { expect, myJobs, pathAndQuery, signIn, test, uniqueEmail, uniqueTitle, waitForHydration } from "./support.ts";

const STEP_3 = "/post-job?category=repair&step=3";
// A real 1×1 PNG: browsers display it.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const JOB_IMAGE_MAX_BYTES = 5_242_880;

interface MyJob {
  id: string;
  title: string;
  imageUrl: string | null;
}

/** True once the image has loaded with real pixels. */
async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** Whether the browser has fetched the lazily loaded upload dialog module. */
function uploadDialogLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("upload-dialog")));
}

async function fillJob(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("The photo shows the damage.");
}

async function openJobPage(page: Page, title: string): Promise<MyJob> {
  const job = (await myJobs<MyJob>(page.request)).find((j) => j.title === title);
  expect(job?.imageUrl).toMatch(/^\/images\/users\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/);
  await page.goto(`/jobs/${job!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expectImageLoaded(page.getByTestId("job-image"));
  return job!;
}

test.describe("job image with JavaScript (upload dialog)", () => {
  test("a seeker attaches an image through the dialog, posts, and sees it on the job page", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("up-js"), returnTo: STEP_3 });
    await expect(page.getByText("Job image (optional, max 5 MB)")).toBeVisible();
    // No plain file input with JavaScript, and Uppy is not loaded with the page.
    await expect(page.getByTestId("job-image-input")).toHaveCount(0);
    expect(await uploadDialogLoaded(page)).toBe(false);

    const title = uniqueTitle("Cracked tile");
    await fillJob(page, title);
    await page.getByRole("button", { name: "Add image" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    expect(await uploadDialogLoaded(page)).toBe(true);
    // The spec's size (750 × 550) and no vendor credit.
    const box = await page.locator(".uppy-Dashboard-inner").boundingBox();
    expect(Math.round(box!.width)).toBe(750);
    expect(Math.round(box!.height)).toBe(550);
    await expect(page.locator(".uppy-Dashboard-poweredBy")).toHaveCount(0);

    await page.locator("input.uppy-Dashboard-input").first().setInputFiles({ name: "tile.png", mimeType: "image/png", buffer: PNG });
    // Nothing uploads before the file list is confirmed.
    const upload = page.locator(".uppy-StatusBar-actionBtn--upload");
    await expect(upload).toHaveText(/Upload 1 file/);
    const put = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname.startsWith("/_storage/"));
    await upload.click();
    expect((await put).status()).toBe(200);
    await expect(page.locator(".uppy-StatusBar")).toContainText("Complete");

    // The form shows the uploaded image; Escape closes the dialog.
    await expect(page.getByTestId("image-uploaded")).toHaveText("Image uploaded");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expectImageLoaded(page.getByTestId("image-thumbnail"));
    await expect(page.getByRole("button", { name: "Replace image" })).toBeVisible();

    await page.getByRole("button", { name: "Post Job" }).click();
    await expect(page).toHaveURL(pathAndQuery("/"));
    await expect(page.getByTestId("toast")).toContainText("Job posted successfully!");
    await openJobPage(page, title);
  });

  test("an image over 5 MB is refused in the dialog, and a failed signing shows its toast", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("up-js-refused"), returnTo: STEP_3 });
    await page.getByRole("button", { name: "Add image" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    const input = page.locator("input.uppy-Dashboard-input").first();

    const big = Buffer.alloc(JOB_IMAGE_MAX_BYTES + 1);
    PNG.copy(big);
    await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
    await expect(page.locator(".uppy-Informer").filter({ hasText: "huge.png" }).first()).toContainText(/exceeds maximum allowed size of 5 MB/);
    await expect(page.locator(".uppy-StatusBar-actionBtn--upload")).toHaveCount(0);

    await page.route("**/api/object-storage/upload-url?**", (route) => route.fulfill({ status: 503, body: "Failed to prepare image upload" }));
    await input.setInputFiles({ name: "small.png", mimeType: "image/png", buffer: PNG });
    await page.locator(".uppy-StatusBar-actionBtn--upload").click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Failed to prepare image upload");
    await expect(page.locator(".uppy-StatusBar")).toContainText("Upload failed");
    await expect(page.getByTestId("image-uploaded")).toHaveCount(0);
  });
});

test.describe("job image without JavaScript (file input)", () => {
  test("a seeker attaches an image with the file input, posts, and sees it on the job page", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("up-nojs"), returnTo: STEP_3 });
    await waitForHydration(page);
    const input = page.getByLabel("Job image (optional, max 5 MB)");
    await expect(input).toHaveAttribute("type", "file");
    await expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp,image/gif,image/avif");
    const title = uniqueTitle("Leaking radiator");
    await fillJob(page, title);
    await input.setInputFiles({ name: "radiator.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Post Job" }).click();
    await expect(page).toHaveURL(pathAndQuery("/"));
    await expect(page.getByTestId("toast-nojs")).toContainText("Job posted successfully!");
    await openJobPage(page, title);
  });

  test("a file over 5 MB is refused with an error toast and no job is created", async ({ noJsPage: page }) => {
    await signIn(page, { email: uniqueEmail("up-nojs-big"), returnTo: STEP_3 });
    const big = Buffer.alloc(JOB_IMAGE_MAX_BYTES + 1);
    PNG.copy(big); // a PNG signature, then padding: only its size is wrong
    await fillJob(page, uniqueTitle("Too big"));
    await page.getByLabel("Job image (optional, max 5 MB)").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
    await page.getByRole("button", { name: "Post Job" }).click();
    await expect(page).toHaveURL(pathAndQuery(STEP_3));
    const toast = page.getByTestId("toast-nojs");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("The image is larger than 5 MB");
    expect(await myJobs<MyJob>(page.request)).toEqual([]);
  });
});
