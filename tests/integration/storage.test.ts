import { randomUUID } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { onPostgres } from "../support/database.ts";
import { TEMPLATE_DIR } from "../support/global-setup.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

let app: AppServer;
// The server's data folder is ours: the storage emulator starts with an object stored as text/html in it.
let dataDir: string;
const BUCKET = "nearhand-uploads";
const HTML_KEY = `users/${randomUUID()}/${randomUUID()}.png`;
const HTML = "<html><body><script>alert(document.cookie)</script></body></html>";

/** An object as the emulator's file persistence keeps it, written before the server starts. */
function storeObjectOnDisk(key: string, body: string, contentType: string) {
  const bucketDir = path.join(dataDir, "s3", "buckets", BUCKET);
  const file = path.join(bucketDir, "objects", ...key.split("/"));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(path.join(bucketDir, ".bucket.json"), JSON.stringify({ name: BUCKET, creationDate: new Date().toISOString() }));
  writeFileSync(`${file}.data`, body);
  const meta = { key, contentType, contentLength: Buffer.byteLength(body), etag: '"0"', lastModified: new Date().toISOString(), metadata: {} };
  writeFileSync(`${file}.meta.json`, JSON.stringify(meta));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "nearhand-storage-"));
  if (!onPostgres) cpSync(TEMPLATE_DIR, path.join(dataDir, "pglite"), { recursive: true });
  storeObjectOnDisk(HTML_KEY, HTML, "text/html");
  app = await startAppServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
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
  return fetch(url, {
    method: "PUT",
    body: new Uint8Array(body),
    headers: { "Content-Type": contentType, "Content-Length": String(body.byteLength) },
  });
}

const job = { title: "Broken window", description: "See photo", categoryId: "repair" };

describe("upload URLs", () => {
  it("refuse anonymous callers, unknown types and sizes over the cap", async () => {
    expect((await new HttpClient(app.url).request("/api/object-storage/upload-url?contentType=image/png&size=10")).status).toBe(401);
    const client = await signedIn();
    for (const [type, size, message] of [
      ["text/html", 10, /^contentType: /],
      ["image/png", 10_485_761, /^size: size must be at most 10485760 bytes/],
      ["image/png", 0, /^size: /],
      ["image/png", "ten", /^size: /],
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
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(image.headers.get("Content-Disposition")).toBe(`inline; filename="${imageUrl.split("/").pop()}"`);
    expect(image.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'.*; sandbox$/);
  });

  it("accept every form that names the caller's upload (spec §7: its path is stored) and store one canonical /images/<key>", async () => {
    const client = await signedIn();
    for (const form of [(u: URL) => u.href, (u: URL) => `${u.origin}${u.pathname}`, (u: URL) => u.pathname]) {
      const { url, imageUrl } = await (await uploadUrl(client, "image/png", PNG.byteLength)).json();
      expect((await put(url, PNG, "image/png")).status).toBe(200);
      const created = await client.postJson("/api/jobs", { ...job, imageUrl: form(new URL(url)) });
      expect(created.status).toBe(201);
      expect((await created.json()).imageUrl).toBe(imageUrl);
    }
  });

  it("refuse to save an image that is not what it claims, someone else's, or missing", async () => {
    const client = await signedIn();
    const fake = Buffer.from("<html>not an image</html>");
    const { url, imageUrl } = await (await uploadUrl(client, "image/png", fake.byteLength)).json();
    expect((await put(url, fake, "image/png")).status).toBe(200);
    const refused = await client.postJson("/api/jobs", { ...job, imageUrl });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("The file is not the image it claims to be");

    const other = await signedIn("other");
    const theirs = await (await uploadUrl(other, "image/png", PNG.byteLength)).json();
    await put(theirs.url, PNG, "image/png");
    expect((await client.postJson("/api/jobs", { ...job, imageUrl: theirs.imageUrl })).status).toBe(400);

    const never = await (await uploadUrl(client, "image/png", PNG.byteLength)).json();
    expect(await (await client.postJson("/api/jobs", { ...job, imageUrl: never.imageUrl })).text()).toBe("The uploaded image was not found");
    expect(await (await client.postJson("/api/jobs", { ...job, imageUrl: "/images/../../etc/passwd" })).text()).toBe(
      "imageUrl must be an image you uploaded",
    );
    expect(await (await client.request("/api/jobs/my-jobs")).json()).toEqual([]);
  });

  it("answer the spec's plain call with {method, url}: the bytes wait on a staging key and are checked and copied when the job is saved", async () => {
    const client = await signedIn("plain-upload");
    const me = await (await client.request("/api/auth/user")).json();
    const plainUpload = async () => {
      const response = await client.request("/api/object-storage/upload-url");
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(Object.keys(answer).sort()).toEqual(["method", "url"]);
      expect(answer.method).toBe("PUT");
      expect(answer.url).toContain(`uploads/${me.id}/`);
      return answer.url as string;
    };
    // Each form that names the upload is accepted (spec §7: "the uploaded file's path is stored").
    for (const form of [(u: URL) => u.pathname, (u: URL) => u.href, (u: URL) => `${u.origin}${u.pathname}`]) {
      const url = await plainUpload();
      expect((await put(url, PNG, "image/png")).status).toBe(200);
      const created = await client.postJson("/api/jobs", { ...job, imageUrl: form(new URL(url)) });
      expect(created.status).toBe(201);
      const { imageUrl } = await created.json();
      expect(imageUrl).toMatch(new RegExp(`^/images/users/${me.id}/[0-9a-f-]{36}\\.png$`));
      expect(await stored(client, imageUrl)).toEqual(PNG);
      // The staging URL still takes bytes for a few minutes, but what was saved is a copy no URL can write.
      expect((await put(url, Buffer.from("GIF89a".padEnd(64, " ")), "image/gif")).status).toBe(200);
      expect(await stored(client, imageUrl)).toEqual(PNG);
      // Saving the same upload again (a form sent twice) names the same image.
      expect((await put(url, PNG, "image/png")).status).toBe(200);
      const again = await client.postJson("/api/jobs", { ...job, imageUrl: form(new URL(url)) });
      expect(again.status).toBe(201);
      expect((await again.json()).imageUrl).toBe(imageUrl);
    }
    // A staged upload is no image yet: not served, and checked when saved.
    const fakeUrl = await plainUpload();
    expect((await client.request(`/images${new URL(fakeUrl).pathname.split(`/${BUCKET}`)[1]}`)).status).toBe(404);
    expect((await put(fakeUrl, Buffer.from("<html>not an image</html>"), "text/html")).status).toBe(200);
    const fake = await client.postJson("/api/jobs", { ...job, imageUrl: new URL(fakeUrl).pathname });
    expect(fake.status).toBe(400);
    expect(await fake.text()).toMatch(/The image must be a JPEG, PNG, WebP, GIF or AVIF file/);
    // A job image is at most 5 MB: a larger PNG is refused when the job is saved.
    const largeUrl = await plainUpload();
    const large = Buffer.concat([PNG, Buffer.alloc(5_242_881 - PNG.byteLength)]);
    expect((await put(largeUrl, large, "image/png")).status).toBe(200);
    const tooLarge = await client.postJson("/api/jobs", { ...job, imageUrl: new URL(largeUrl).pathname });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toMatch(/The image is larger than 5242880 bytes/);
    // Past the largest cap, the bytes are refused as they arrive.
    const hugeUrl = await plainUpload();
    const huge = await rawRequest(hugeUrl, "PUT", { "Content-Type": "image/png", "Content-Length": String(10_485_761) }, Buffer.alloc(0));
    expect(huge.status).toBe(403);
    // Another user cannot save it, and a missing upload is reported.
    const other = await signedIn("plain-upload-other");
    const theirsUrl = await plainUpload();
    expect((await put(theirsUrl, PNG, "image/png")).status).toBe(200);
    expect((await other.postJson("/api/jobs", { ...job, imageUrl: new URL(theirsUrl).pathname })).status).toBe(400);
    const missing = await client.postJson("/api/jobs", { ...job, imageUrl: new URL(await plainUpload()).pathname });
    expect(await missing.text()).toMatch(/The uploaded image was not found/);
    expect((await (await client.request("/api/jobs/my-jobs")).json()).length).toBe(6);
  });

  it("answer 404 for image URLs that are not storage keys", async () => {
    const client = await signedIn();
    expect((await client.request("/images/../secret")).status).toBe(404);
    expect((await client.request("/images/users/x/y.png")).status).toBe(404);
  });
});

/** A request with exactly these headers and this path (no URL normalization: dot segments are sent as written). */
function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer | Buffer[],
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(url);
  const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text, headers: response.headers }));
    });
    request.on("error", reject);
    for (const chunk of body === undefined ? [] : Array.isArray(body) ? body : [body]) request.write(chunk);
    request.end();
  });
}

/** The bytes at a key, read through the app's own /images redirect (a presigned GET). */
async function stored(client: HttpClient, imageUrl: string): Promise<Buffer> {
  const redirect = await client.request(imageUrl);
  const object = await fetch(new URL(redirect.headers.get("Location")!, app.url));
  expect(object.status).toBe(200);
  return Buffer.from(await object.arrayBuffer());
}

function expectRefused(response: { status: number; headers: Headers | http.IncomingHttpHeaders }, text: string) {
  expect([400, 403, 404, 405, 411]).toContain(response.status);
  const type = response.headers instanceof Headers ? response.headers.get("Content-Type") : response.headers["content-type"];
  expect(type).toMatch(/^text\/plain/);
  expect(text).not.toMatch(/<\?xml|users\//);
}

describe("the /_storage proxy to the embedded emulator", () => {
  it("refuses requests without a signature: list, read, write, delete, multipart", async () => {
    const client = await signedIn();
    const { url, imageUrl } = await (await uploadUrl(client, "image/png", PNG.byteLength)).json();
    expect((await put(url, PNG, "image/png")).status).toBe(200);
    const objectPath = new URL(url).pathname;

    const attempts: Array<[string, string, RequestInit?]> = [
      ["GET", "/_storage/"],
      ["GET", `/_storage/${BUCKET}`],
      ["GET", `/_storage/${BUCKET}?list-type=2`],
      ["GET", `/_storage/${BUCKET}/?list-type=2&prefix=users/`],
      ["GET", objectPath],
      ["HEAD", objectPath],
      ["PUT", objectPath, { body: "<h1>owned</h1>", headers: { "Content-Type": "text/html" } }],
      ["DELETE", objectPath],
      ["POST", `${objectPath}?uploads`],
      ["POST", `/_storage/${BUCKET}?delete`, { body: "<Delete><Object><Key>x</Key></Object></Delete>" }],
      ["PUT", `/_storage/${BUCKET}-other`],
      ["DELETE", `/_storage/${BUCKET}`],
    ];
    for (const [method, target, init] of attempts) {
      const response = await fetch(new URL(target, app.url), { method, ...init });
      const text = await response.text();
      expectRefused(response, text);
      expect(response.status, `${method} ${target}`).toBe(403);
    }
    // Nothing reached the emulator: the image is still there, unchanged.
    expect(await stored(client, imageUrl)).toEqual(PNG);
  });

  it("refuses a presigned PUT with another type, another length, another key or another method", async () => {
    const client = await signedIn();
    const { url, imageUrl } = await (await uploadUrl(client, "image/png", PNG.byteLength)).json();
    const html = Buffer.from("<html>".padEnd(PNG.byteLength, " "));
    const longer = Buffer.concat([PNG, Buffer.from("<script>alert(1)</script>")]);
    const signed = new URL(url);
    const otherKey = new URL(url);
    otherKey.pathname = signed.pathname.replace(/[0-9a-f-]{36}\.png$/, `${randomUUID()}.png`);
    const renamed = new URL(url);
    renamed.pathname = signed.pathname.replace(/\.png$/, ".html");

    const attempts: Array<[string, Awaited<ReturnType<typeof rawRequest>>]> = [
      ["text/html", await rawRequest(url, "PUT", { "Content-Type": "text/html", "Content-Length": String(html.byteLength) }, html)],
      ["a longer body", await rawRequest(url, "PUT", { "Content-Type": "image/png", "Content-Length": String(longer.byteLength) }, longer)],
      ["chunked", await rawRequest(url, "PUT", { "Content-Type": "image/png", "Transfer-Encoding": "chunked" }, [PNG, longer])],
      ["another key", await rawRequest(otherKey.href, "PUT", { "Content-Type": "image/png", "Content-Length": String(PNG.byteLength) }, PNG)],
      ["another extension", await rawRequest(renamed.href, "PUT", { "Content-Type": "image/png", "Content-Length": String(PNG.byteLength) }, PNG)],
      ["GET", await rawRequest(url, "GET", {})],
      ["DELETE", await rawRequest(url, "DELETE", {})],
    ];
    for (const [label, response] of attempts) {
      expectRefused(response, response.text);
      expect(response.status, label).toBe(403);
    }
    // A valid signature does not reach a key of another shape, or a path with dot segments or encoded slashes.
    for (const pathname of [
      signed.pathname.replace("/users/", "/users/../users/"),
      signed.pathname.replace("/users/", "/users/./"),
      signed.pathname.replace(/\/([0-9a-f-]{36}\.png)$/, "%2F$1"),
      signed.pathname.replace("/users/", "/users%2F"),
      signed.pathname.replace(`/${BUCKET}/`, `/${BUCKET}-other/`),
    ]) {
      const response = await rawRequest(
        `${signed.origin}${pathname}${signed.search}`,
        "PUT",
        { "Content-Type": "image/png", "Content-Length": String(PNG.byteLength) },
        PNG,
      );
      expectRefused(response, response.text);
    }
    // None of them stored anything; the URL still works for what it was signed for.
    const never = await fetch(new URL((await client.request(imageUrl)).headers.get("Location")!, app.url));
    expect(never.status).toBe(404);
    expect((await put(url, PNG, "image/png")).status).toBe(200);
    expect(await stored(client, imageUrl)).toEqual(PNG);
  });

  it("refuses a tampered signature, a longer expiry and a URL signed with the emulator's old published credentials", async () => {
    const client = await signedIn();
    const { url, imageUrl } = await (await uploadUrl(client, "image/png", PNG.byteLength)).json();
    const headers = { "Content-Type": "image/png", "Content-Length": String(PNG.byteLength) };

    const tampered = new URL(url);
    const signature = tampered.searchParams.get("X-Amz-Signature")!;
    tampered.searchParams.set("X-Amz-Signature", `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`);
    const longer = new URL(url);
    longer.searchParams.set("X-Amz-Expires", "604800");
    const older = new URL(url);
    older.searchParams.set("X-Amz-Date", "20200101T000000Z");
    const unsigned = new URL(url);
    unsigned.searchParams.delete("X-Amz-Signature");
    const extra = new URL(url);
    extra.searchParams.set("uploads", "");

    // Anyone can sign with credentials written in the source: the emulator's are not those.
    const key = new URL(url).pathname.split(`/${BUCKET}/`)[1];
    const outsider = new S3Client({
      region: "us-east-1",
      endpoint: `${app.url}/_storage`,
      forcePathStyle: true,
      credentials: { accessKeyId: "nearhand-dev", secretAccessKey: "nearhand-dev-secret" },
      requestChecksumCalculation: "WHEN_REQUIRED",
    });
    const forged = await getSignedUrl(
      outsider,
      new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: "image/png", ContentLength: PNG.byteLength }),
      {
        expiresIn: 300,
        signableHeaders: new Set(["content-type", "content-length"]),
      },
    );

    for (const [label, target] of [
      ["tampered", tampered.href],
      ["longer expiry", longer.href],
      ["older date", older.href],
      ["no signature", unsigned.href],
      ["extra parameter", extra.href],
      ["forged", forged],
    ]) {
      const response = await rawRequest(target, "PUT", headers, PNG);
      expectRefused(response, response.text);
      expect(response.status, label).toBe(403);
    }
    const never = await fetch(new URL((await client.request(imageUrl)).headers.get("Location")!, app.url));
    expect(never.status).toBe(404);
  });

  it("accepts the app's presigned URL whichever loopback name the request used", async () => {
    const client = await signedIn();
    const { url, imageUrl } = await (await uploadUrl(client, "image/png", PNG.byteLength)).json();
    // Signed for APP_URL's host (localhost); a request reaching the server as 127.0.0.1 carries the same signature.
    const viaAddress = url.replace("//localhost:", "//127.0.0.1:");
    expect((await put(viaAddress, PNG, "image/png")).status).toBe(200);
    expect(await stored(client, imageUrl)).toEqual(PNG);
  });

  it("survives clients that go away before the storage answers, or send more than they signed", async () => {
    const client = await signedIn();
    const { url, imageUrl } = await (await uploadUrl(client, "image/png", PNG.byteLength)).json();
    expect((await put(url, PNG, "image/png")).status).toBe(200);
    const download = new URL((await client.request(imageUrl)).headers.get("Location")!, app.url);
    const upload = new URL((await (await uploadUrl(client, "image/png", PNG.byteLength)).json()).url);
    const { Socket } = await import("node:net");
    const rawRequests = [
      `GET ${download.pathname}${download.search} HTTP/1.1\r\nHost: localhost:${app.port}\r\n\r\n`,
      `PUT ${upload.pathname}${upload.search} HTTP/1.1\r\nHost: localhost:${app.port}\r\nContent-Type: image/png\r\nContent-Length: ${PNG.byteLength}\r\n\r\n${PNG.toString("latin1")}extra bytes`,
    ];
    for (let round = 0; round < 5; round++) {
      for (const raw of rawRequests) {
        const socket = new Socket();
        await new Promise<void>((resolve) => socket.connect(app.port, "127.0.0.1", resolve));
        socket.end(raw, "latin1");
        socket.destroy();
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(app.process.exitCode).toBeNull();
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("never serves a stored object as HTML", async () => {
    const client = await signedIn();
    const redirect = await client.request(`/images/${HTML_KEY}`);
    expect(redirect.status).toBe(302);
    const object = await fetch(new URL(redirect.headers.get("Location")!, app.url));
    expect(object.status).toBe(200);
    expect(object.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(object.headers.get("Content-Disposition")).toBe(`attachment; filename="${HTML_KEY.split("/").pop()}"`);
    expect(object.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(object.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'.*; sandbox$/);
    expect(await object.text()).toBe(HTML);
  });
});

/** This machine's addresses other than loopback (the tests cannot reach another machine's view of them). */
function externalAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info !== undefined && !info.internal && !info.address.startsWith("fe80:"))
    .map((info) => (info!.family === "IPv6" ? `[${info!.address}]` : info!.address));
}

/** The TCP sockets a process listens on, from Linux's /proc (its socket descriptors, then the kernel's tables). */
function listeningSockets(pid: number): Array<{ address: string; port: number }> {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        } catch {
          return undefined;
        }
      })
      .filter((inode) => inode !== undefined),
  );
  const sockets: Array<{ address: string; port: number }> = [];
  for (const table of ["tcp", "tcp6"]) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== "0A" || !inodes.has(fields[9]!)) continue; // 0A: LISTEN
      const [hex, port] = fields[1]!.split(":") as [string, string];
      // Each 32-bit word of the address is in the machine's (little-endian) byte order.
      const bytes = hex.match(/.{8}/g)!.flatMap((word) =>
        word
          .match(/../g)!
          .reverse()
          .map((byte) => parseInt(byte, 16)),
      );
      const address =
        bytes.length === 4 ? bytes.join(".") : bytes.every((b, i) => b === (i === 15 ? 1 : 0)) ? "::1" : bytes.every((b) => b === 0) ? "::" : hex;
      sockets.push({ address, port: parseInt(port, 16) });
    }
  }
  return sockets;
}

async function answers(origin: string): Promise<boolean> {
  try {
    await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

describe("listening addresses outside production", () => {
  it("the app answers on both loopback names", async () => {
    expect(await answers(`http://localhost:${app.port}`)).toBe(true);
    expect(await answers(`http://127.0.0.1:${app.port}`)).toBe(true);
    expect(app.output()).toMatch(/"host":"127\.0\.0\.1"/);
  });

  it.skipIf(process.platform !== "linux")("the app and the storage emulator listen on loopback only", () => {
    const sockets = listeningSockets(app.process.pid!);
    // The app's port and the emulator's (PGlite and the OpenID provider open none of their own).
    expect(sockets.map((socket) => socket.port)).toContain(app.port);
    expect(sockets.length).toBeGreaterThanOrEqual(2);
    for (const socket of sockets) expect(socket.address, JSON.stringify(sockets)).toMatch(/^(127\.\d+\.\d+\.\d+|::1)$/);
  });

  it.skipIf(process.platform !== "linux" || externalAddresses().length === 0)(
    "nothing of the app answers on this machine's other addresses",
    async () => {
      for (const { port } of listeningSockets(app.process.pid!)) {
        for (const address of externalAddresses()) expect(await answers(`http://${address}:${port}`), `${address}:${port}`).toBe(false);
      }
    },
  );
});
