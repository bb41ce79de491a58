import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

let app: AppServer;

beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app?.stop();
});

// A real 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

async function signedIn(label = "uploader") {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label));
  return client;
}

async function uploadUrl(client: HttpClient, contentType: string, size: number) {
  return client.request(`/api/object-storage/upload-url?contentType=${encodeURIComponent(contentType)}&size=${size}`);
}

async function put(url: string, body: Buffer, contentType: string) {
  return fetch(url, { method: "PUT", body: new Uint8Array(body), headers: { "Content-Type": contentType, "Content-Length": String(body.byteLength) } });
}

const job = { title: "Broken window", description: "See photo", categoryId: "repair" };

describe("upload URLs", () => {
  it("refuse anonymous callers, unknown types and sizes over the cap", async () => {
    expect((await new HttpClient(app.url).request("/api/object-storage/upload-url?contentType=image/png&size=10")).status).toBe(401);
    const client = await signedIn();
    for (const [type, size, message] of [
      ["text/html", 10, /^400: contentType: /],
      ["image/png", 10_485_761, /^400: size: size must be at most 10485760 bytes/],
      ["image/png", 0, /^400: size: /],
      ["image/png", "ten", /^400: size: /],
    ] as const) {
      const response = await uploadUrl(client, type, size as number);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(message);
    }
  });

  it("sign a PUT under the user's prefix; the image is checked, saved on the job and served from a stable URL", async () => {
    const client = await signedIn();
    const me = await (await client.request("/api/auth/user")).json();
    const response = await uploadUrl(client, "image/png", PNG.byteLength);
    expect(response.status).toBe(200);
    const { method, url, imageUrl } = await response.json();
    expect(method).toBe("PUT");
    expect(url).toContain(`users/${me.id}/`);
    expect(url).toContain("X-Amz-Signature=");
    expect(url).not.toMatch(/x-amz-checksum/i);
    expect((await put(url, PNG, "image/png")).status).toBe(200);

    const created = await client.postJson("/api/jobs", { ...job, imageUrl });
    expect(created.status).toBe(201);
    expect((await created.json()).imageUrl).toBe(imageUrl);

    const redirect = await client.request(imageUrl);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Cache-Control")).toContain("max-age");
    const image = await fetch(new URL(redirect.headers.get("Location")!, app.url));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
  });

  it("refuse to save an image that is not what it claims, someone else's, or missing", async () => {
    const client = await signedIn();
    const fake = Buffer.from("<html>not an image</html>");
    const { url, imageUrl } = await (await uploadUrl(client, "image/png", fake.byteLength)).json();
    expect((await put(url, fake, "image/png")).status).toBe(200);
    const refused = await client.postJson("/api/jobs", { ...job, imageUrl });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("400: The file is not the image it claims to be");

    const other = await signedIn("other");
    const theirs = await (await uploadUrl(other, "image/png", PNG.byteLength)).json();
    await put(theirs.url, PNG, "image/png");
    expect((await client.postJson("/api/jobs", { ...job, imageUrl: theirs.imageUrl })).status).toBe(400);

    const never = await (await uploadUrl(client, "image/png", PNG.byteLength)).json();
    expect(await (await client.postJson("/api/jobs", { ...job, imageUrl: never.imageUrl })).text()).toBe("400: The uploaded image was not found");
    expect(await (await client.postJson("/api/jobs", { ...job, imageUrl: "/images/../../etc/passwd" })).text()).toBe("400: imageUrl must be an image you uploaded");
    expect(await (await client.request("/api/jobs/my-jobs")).json()).toEqual([]);
  });

  it("answer 404 for image URLs that are not storage keys", async () => {
    const client = await signedIn();
    expect((await client.request("/images/../secret")).status).toBe(404);
    expect((await client.request("/images/users/x/y.png")).status).toBe(404);
  });
});
