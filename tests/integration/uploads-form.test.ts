// The forms that take images, as a browser without JavaScript sends them
// (multipart with the file) and as the upload dialog leaves them (an imageUrl
// of an object the browser put in storage): the post-job wizard and the
// profile photo.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { onPostgres } from "../support/database.ts";
import { TEMPLATE_DIR } from "../support/global-setup.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

let app: AppServer;
// The server's data folder is ours, so the tests can see what the storage emulator holds.
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "nearhand-uploads-form-"));
  if (!onPostgres) cpSync(TEMPLATE_DIR, path.join(dataDir, "pglite"), { recursive: true });
  app = await startAppServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// A real 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const JOB_IMAGE_MAX_BYTES = 5_242_880;
const STEP_3 = "/post-job?category=repair&step=3";

async function signedIn(label = "form-uploader") {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label));
  const me = (await (await client.request("/api/auth/user")).json()) as { id: string; profileImageUrl: string | null };
  return { client, me };
}

/** Every file the storage emulator keeps for one user's prefix (the object and its metadata). */
function storedFiles(userId: string): string[] {
  const root = path.join(dataDir, "s3");
  if (!existsSync(root)) return [];
  const all = readdirSync(root, { recursive: true, withFileTypes: true });
  return all
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => file.includes(userId));
}

function jobForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }, field = "image"): FormData {
  const form = new FormData();
  form.set("categoryId", "repair");
  form.set("title", "Cracked window");
  form.set("description", "The photo shows the crack.");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

function postMultipart(client: HttpClient, target: string, body: FormData) {
  return client.request(target, { method: "POST", body, headers: { Origin: new URL(app.url).origin } });
}

async function myJobs(client: HttpClient): Promise<Array<{ title: string; imageUrl: string | null }>> {
  return (await client.request("/api/jobs/my-jobs")).json();
}

/** GET the page a redirect points at; its HTML carries the flashed toast. */
async function follow(client: HttpClient, response: Response): Promise<string> {
  const { response: page } = await client.navigate(response.headers.get("Location")!);
  return page.text();
}

async function expectServes(client: HttpClient, imageUrl: string, bytes: Uint8Array) {
  const redirect = await client.request(imageUrl);
  expect(redirect.status).toBe(302);
  const image = await fetch(new URL(redirect.headers.get("Location")!, app.url));
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(bytes));
}

describe("post-job without JavaScript (multipart)", () => {
  const big = new Uint8Array(JOB_IMAGE_MAX_BYTES + 1);
  big.set(PNG); // a PNG signature, then padding: only its size is wrong
  it.each([
    ["an image of 5 MB + 1 byte", { title: "Too big", bytes: big, name: "big.png" }, "The image is larger than 5 MB"],
    [
      "a text file that claims to be a PNG",
      { title: "Not an image", bytes: new TextEncoder().encode("just some text, not an image"), name: "photo.png" },
      "The image must be a JPEG, PNG, WebP, GIF or AVIF file",
    ],
  ])("refuses %s: back to step 3 with the error, no job, nothing stored", async (_, file, error) => {
    const { client, me } = await signedIn();
    const response = await postMultipart(client, STEP_3, jobForm({ title: file.title }, { bytes: file.bytes, name: file.name, type: "image/png" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(STEP_3);
    expect(await follow(client, response)).toContain(error);
    expect(await myJobs(client)).toEqual([]);
    expect(storedFiles(me.id)).toEqual([]);
  });

  it("stores a real PNG and posts the job with its stable /images/ URL, which serves the bytes", async () => {
    const { client, me } = await signedIn();
    const response = await postMultipart(client, STEP_3, jobForm({ title: "With a photo" }, { bytes: PNG, name: "window.png", type: "image/png" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await follow(client, response)).toContain("Job posted successfully!");
    const [job] = await myJobs(client);
    expect(job.title).toBe("With a photo");
    expect(job.imageUrl).toMatch(new RegExp(`^/images/users/${me.id}/[0-9a-f-]{36}\\.png$`));
    await expectServes(client, job.imageUrl!, PNG);
    // (What the refusals above check for: the stored object shows up here.)
    expect(storedFiles(me.id).length).toBeGreaterThan(0);
  });

  it("posts the job without an image when the file input is left empty", async () => {
    const { client } = await signedIn();
    const form = jobForm({ title: "No photo" });
    form.set("image", new Blob([], { type: "application/octet-stream" }), "");
    const response = await postMultipart(client, STEP_3, form);
    expect(response.headers.get("Location")).toBe("/");
    const [job] = await myJobs(client);
    expect(job).toMatchObject({ title: "No photo", imageUrl: null });
  });

  it("keeps a stored image when the rest of the form is rejected, and posts it on the next try", async () => {
    const { client } = await signedIn();
    const rejected = await postMultipart(client, STEP_3, jobForm({ title: "" }, { bytes: PNG, name: "a.png", type: "image/png" }));
    expect(rejected.headers.get("Location")).toBe(STEP_3);
    const page = await follow(client, rejected);
    expect(page).toContain("Title is required");
    expect(page).toContain("Image uploaded");
    const kept = page.match(/\/images\/users\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png/)?.[0];
    expect(kept).toBeTruthy();
    const posted = await postMultipart(client, STEP_3, jobForm({ title: "Second try", imageUrl: kept! }));
    expect(posted.headers.get("Location")).toBe("/");
    expect((await myJobs(client))[0]).toMatchObject({ title: "Second try", imageUrl: kept });
  });
});

describe("post-job with an image uploaded by the browser (imageUrl)", () => {
  async function uploadWithPresignedPut(client: HttpClient, bytes: Uint8Array, type = "image/png") {
    const params = await (
      await client.request(`/api/object-storage/upload-url?contentType=${encodeURIComponent(type)}&size=${bytes.byteLength}`)
    ).json();
    const put = await fetch(params.url, { method: "PUT", body: new Uint8Array(bytes), headers: { "Content-Type": type } });
    expect(put.status).toBe(200);
    return params.imageUrl as string;
  }

  it("saves a verified upload on the job", async () => {
    const { client } = await signedIn();
    const imageUrl = await uploadWithPresignedPut(client, PNG);
    const response = await postMultipart(client, STEP_3, jobForm({ title: "Uploaded first", imageUrl }));
    expect(response.headers.get("Location")).toBe("/");
    expect((await myJobs(client))[0]).toMatchObject({ title: "Uploaded first", imageUrl });
  });

  it("refuses someone else's image and an upload that is not an image: error toast, back to step 3, no job", async () => {
    const { client } = await signedIn();
    const { client: other } = await signedIn("other-uploader");
    const theirs = await uploadWithPresignedPut(other, PNG);
    const refused = await client.postForm(STEP_3, { categoryId: "repair", title: "Not mine", description: "x", imageUrl: theirs });
    expect(refused.headers.get("Location")).toBe(STEP_3);
    const page = await follow(client, refused);
    expect(page).toContain("imageUrl must be an image you uploaded");
    // The form comes back with what was typed, without the refused image.
    expect(page).toContain("Not mine");
    expect(page).not.toContain(theirs);

    const fake = await uploadWithPresignedPut(client, new TextEncoder().encode("<svg>not a png</svg>"));
    const again = await postMultipart(client, STEP_3, jobForm({ title: "Fake", imageUrl: fake }));
    expect(again.headers.get("Location")).toBe(STEP_3);
    expect(await follow(client, again)).toContain("The file is not the image it claims to be");
    expect(await myJobs(client)).toEqual([]);
  });
});

describe("profile photo", () => {
  it("without JavaScript: a multipart upload sets profileImageUrl", async () => {
    const { client, me } = await signedIn();
    expect(me.profileImageUrl).toBeNull();
    const form = new FormData();
    form.set("photo", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "me.png");
    const response = await postMultipart(client, "/profile/photo", form);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile");
    expect(await follow(client, response)).toContain("Profile photo updated");
    const after = await (await client.request("/api/auth/user")).json();
    expect(after.profileImageUrl).toMatch(new RegExp(`^/images/users/${me.id}/[0-9a-f-]{36}\\.png$`));
    await expectServes(client, after.profileImageUrl, PNG);
  });

  it("refuses a file that is not an image and keeps the old photo", async () => {
    const { client, me } = await signedIn();
    const form = new FormData();
    form.set("photo", new Blob(["GIF89 but not really"], { type: "image/gif" }), "me.gif");
    const response = await postMultipart(client, "/profile/photo", form);
    expect(response.headers.get("Location")).toBe("/profile");
    expect(await follow(client, response)).toContain("The image must be a JPEG, PNG, WebP, GIF or AVIF file");
    expect((await (await client.request("/api/auth/user")).json()).profileImageUrl).toBeNull();
    expect(storedFiles(me.id)).toEqual([]);
  });

  it("with JavaScript: the uploaded image's URL is checked and saved", async () => {
    const { client } = await signedIn();
    const params = await (await client.request(`/api/object-storage/upload-url?contentType=image/png&size=${PNG.byteLength}`)).json();
    await fetch(params.url, { method: "PUT", body: new Uint8Array(PNG), headers: { "Content-Type": "image/png" } });
    const response = await client.postForm("/profile/photo", { imageUrl: params.imageUrl });
    expect(response.headers.get("Location")).toBe("/profile");
    expect((await (await client.request("/api/auth/user")).json()).profileImageUrl).toBe(params.imageUrl);
  });
});

describe("hostile uploads", () => {
  /** Every object in the storage emulator, as its key (the emulator keeps <key>.data and <key>.meta.json files). */
  function storedKeys(): string[] {
    const objects = path.join(dataDir, "s3", "buckets");
    if (!existsSync(objects)) return [];
    return readdirSync(objects, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".data"))
      .map((entry) =>
        path
          .relative(objects, path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .slice(2)
          .join("/")
          .replace(/\.data$/, ""),
      );
  }
  const ownKey = (userId: string) =>
    new RegExp(`^users/${userId}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(png|jpg|gif|webp|avif)$`);
  const newKeys = (before: string[]) => storedKeys().filter((key) => !before.includes(key));

  it("ignores the file's name: path-traversal names are stored under a fresh key in the user's folder", async () => {
    const { client, me } = await signedIn("hostile-names");
    const names = ["../../etc/passwd", "..\\x.png", "%2e%2e/x.png", "a\u0000.png", "/absolute.png", "....//....//x.png", "CON.png"];
    for (const name of names) {
      const before = storedKeys();
      const response = await postMultipart(
        client,
        STEP_3,
        jobForm({ title: `Named ${JSON.stringify(name)}` }, { bytes: PNG, name, type: "image/png" }),
      );
      expect(response.headers.get("Location"), name).toBe("/");
      const added = newKeys(before);
      expect(added, name).toHaveLength(1);
      expect(added[0], name).toMatch(ownKey(me.id));
    }
    const jobs = await myJobs(client);
    expect(jobs).toHaveLength(names.length);
    for (const job of jobs) expect(job.imageUrl).toMatch(new RegExp(`^/images/users/${me.id}/[0-9a-f-]{36}\\.png$`));
    // Nothing anywhere but in users/<id>/ folders.
    for (const key of storedKeys()) expect(key).toMatch(/^users\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|gif|webp|avif)$/);
  });

  it("refuses files whose first bytes are no image, whatever their name and type say, and stores nothing", async () => {
    const { client } = await signedIn("hostile-bytes");
    const fakes: Array<[string, Uint8Array]> = [
      ["pdf.png", new TextEncoder().encode("%PDF-1.7\n%âãÏÓ")],
      ["page.jpg", new TextEncoder().encode("<!doctype html><script>alert(1)</script>")],
      ["image.svg", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ["elf.gif", Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
      ["zip.webp", Uint8Array.from([0x50, 0x4b, 3, 4, 20, 0, 0, 0])],
      ["truncated.png", PNG.subarray(0, 4)],
      ["gif87.gif", new TextEncoder().encode("GIF87b not really")],
    ];
    const before = storedKeys();
    for (const [name, bytes] of fakes) {
      const photo = new FormData();
      photo.set("photo", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
      const refused = await postMultipart(client, "/profile/photo", photo);
      expect(refused.status, name).toBe(302);
      expect(await follow(client, refused), name).toContain("The image must be a JPEG, PNG, WebP, GIF or AVIF file");
      const job = await postMultipart(client, STEP_3, jobForm({ title: name }, { bytes, name, type: "image/jpeg" }));
      expect(job.headers.get("Location"), name).toBe(STEP_3);
    }
    expect(newKeys(before)).toEqual([]);
    expect(await myJobs(client)).toEqual([]);
    expect((await (await client.request("/api/auth/user")).json()).profileImageUrl).toBeNull();
  });

  it("treats a zero-byte file as no file: no image stored, the photo form asks for one", async () => {
    const { client } = await signedIn("hostile-empty");
    const before = storedKeys();
    const photo = new FormData();
    photo.set("photo", new Blob([], { type: "image/png" }), "empty.png");
    const response = await postMultipart(client, "/profile/photo", photo);
    expect(await follow(client, response)).toContain("Choose an image to upload");
    const job = await postMultipart(
      client,
      STEP_3,
      jobForm({ title: "Empty file" }, { bytes: new Uint8Array(), name: "empty.png", type: "image/png" }),
    );
    expect(job.headers.get("Location")).toBe("/");
    expect(await myJobs(client)).toMatchObject([{ title: "Empty file", imageUrl: null }]);
    expect(newKeys(before)).toEqual([]);
  });

  it("refuses oversized photos: past the photo cap with its message, past the request cap with a bare 413", async () => {
    const { client } = await signedIn("hostile-size");
    const before = storedKeys();
    const justOver = new Uint8Array(10_485_760 + 1);
    justOver.set(PNG);
    const photo = new FormData();
    photo.set("photo", new Blob([justOver], { type: "image/png" }), "big.png");
    const refused = await postMultipart(client, "/profile/photo", photo);
    expect(await follow(client, refused)).toContain("The image is larger than 10 MB");

    const huge = new FormData();
    huge.set("photo", new Blob([new Uint8Array(12 * 1024 * 1024)], { type: "image/png" }), "huge.png");
    const tooLarge = await postMultipart(client, "/profile/photo", huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toBe("Request body is too large");
    // The connection is still good for the next request.
    expect((await client.request("/api/auth/user")).status).toBe(200);
    expect(newKeys(before)).toEqual([]);
  });

  it("signs uploads only under the user's own prefix, whatever extra parameters ask for", async () => {
    const { client, me } = await signedIn("hostile-presign");
    for (const extra of ["key=../../etc/passwd", "name=..%5Cx.png", "key=users/someone-else/x.png", "prefix=%2e%2e%2f"]) {
      const response = await client.request(`/api/object-storage/upload-url?contentType=image/png&size=${PNG.byteLength}&${extra}`);
      expect(response.status, extra).toBe(200);
      const { url, imageUrl } = await response.json();
      expect(new URL(url).pathname, extra).toMatch(new RegExp(`/users/${me.id}/[0-9a-f-]{36}\\.png$`));
      expect(imageUrl, extra).toMatch(new RegExp(`^/images/users/${me.id}/[0-9a-f-]{36}\\.png$`));
    }
    for (const query of [
      "contentType=../../etc/passwd&size=10",
      "contentType=image/png%00&size=10",
      "contentType=image/png&size=0",
      "contentType=image/png&size=-5",
      "contentType=image/png&size=NaN",
      "contentType=image/png&size=10485761",
      "contentType=image/png&size=1e400",
    ]) {
      expect((await client.request(`/api/object-storage/upload-url?${query}`)).status, query).toBe(400);
    }
  });

  it("refuses image URLs that leave the user's folder, whatever their spelling", async () => {
    const { client, me } = await signedIn("hostile-urls");
    const { me: other } = await signedIn("hostile-urls-other");
    const id = "0b7e3c52-9c1f-4c43-9d44-6a0e0c7b1a11";
    const urls = [
      `/images/users/${me.id}/../${other.id}/${id}.png`,
      `/images/users/${me.id}/%2e%2e/${other.id}/${id}.png`,
      `/images/users/${me.id}/..%2f${id}.png`,
      `/images/users/${me.id}\\..\\${id}.png`,
      `/images/users/${me.id}/${id}.png/../../../etc/passwd`,
      `/images/users/${me.id}/${id}.png?x=../../etc/passwd`,
      `/images/users/${me.id}/${id}.PNG`,
      `https://evil.example/images/users/${me.id}/${id}.png`,
      "/images/../../etc/passwd",
    ];
    for (const imageUrl of urls) {
      const viaApi = await client.postJson("/api/jobs", { title: "x", description: "y", categoryId: "repair", imageUrl });
      expect(await viaApi.text(), imageUrl).toBe("imageUrl must be an image you uploaded");
      const viaForm = await client.postForm("/profile/photo", { imageUrl });
      expect(await follow(client, viaForm), imageUrl).toContain("imageUrl must be an image you uploaded");
    }
    const withNul = await client.postJson("/api/jobs", {
      title: "x",
      description: "y",
      categoryId: "repair",
      imageUrl: `/images/users/${me.id}/${id}.png\u0000.png`,
    });
    expect(await withNul.text()).toBe("Text must not contain NUL characters");
    expect((await client.postForm("/profile/photo", { imageUrl: `/images/users/${me.id}/${id}\u0000.png` })).status).toBe(400);
    expect(await myJobs(client)).toEqual([]);
    expect((await (await client.request("/api/auth/user")).json()).profileImageUrl).toBeNull();
  });

  it("answers image paths that are no storage key with 404", async () => {
    const { client, me } = await signedIn("hostile-paths");
    for (const target of [
      "/images/..%2f..%2fetc%2fpasswd",
      `/images/users/${me.id}/..%2f..%2fx.png`,
      "/images/users/%00/x.png",
      "/images/%2e%2e/%2e%2e/etc/passwd",
      "/images/users/x/y.png",
    ]) {
      expect((await client.request(target)).status, target).toBe(404);
    }
  });
});
