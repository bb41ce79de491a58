// The embedded development services' own guards: the /_storage proxy's check
// of the app's presigned URLs (at a chosen clock), and the listening address.
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import {
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { describe, expect, it } from "vitest";

import { verifyPresignedRequest, type PresignVerifier } from "~/dev/storage-proxy.server";

const BUCKET = "nearhand-uploads";
const PUBLIC_URL = "http://localhost:3000/_storage";
const KEY = `users/${randomUUID()}/${randomUUID()}.png`;
const NOW = new Date("2026-05-01T12:00:00Z");

function signerFor(secretAccessKey: string, endpoint = PUBLIC_URL) {
  return new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "nearhand-dev", secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

const signer = signerFor(randomBytes(32).toString("hex"));
const verifier: PresignVerifier = { signer, bucket: BUCKET, publicUrl: PUBLIC_URL };

function presignPut(key = KEY, { type = "image/png", size = 68, at = NOW, expiresIn = 300, client = signer } = {}) {
  return getSignedUrl(client, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: type, ContentLength: size }), {
    expiresIn,
    signingDate: at,
    signableHeaders: new Set(["content-type", "content-length"]),
  });
}

function presignGet(key = KEY, at = NOW) {
  return getSignedUrl(signer, new GetObjectCommand({ Bucket: BUCKET, Key: key }), { expiresIn: 300, signingDate: at });
}

/** The request as the proxy sees it: the path and query the browser sent, and its headers. */
function request(method: string, url: string, headers: IncomingHttpHeaders = {}) {
  const parsed = new URL(url);
  return { method, url: `${parsed.pathname}${parsed.search}`, headers: { host: parsed.host, ...headers } };
}

const pngHeaders = { "content-type": "image/png", "content-length": "68" };

describe("the embedded storage proxy's signature check", () => {
  it("accepts the app's presigned PUT with the signed type and length, and its presigned GET", async () => {
    expect(await verifyPresignedRequest(request("PUT", await presignPut(), pngHeaders), verifier, NOW)).toEqual({
      ok: true,
      method: "PUT",
      key: KEY,
      contentLength: 68,
      contentType: "image/png",
    });
    expect(await verifyPresignedRequest(request("GET", await presignGet()), verifier, new Date(NOW.getTime() + 299_000))).toEqual({
      ok: true,
      method: "GET",
      key: KEY,
    });
  });

  it("checks the signature against the host it was signed for, whatever the Host header says", async () => {
    const url = await presignGet();
    expect((await verifyPresignedRequest(request("GET", url, { host: "127.0.0.1:3000" }), verifier, NOW)).ok).toBe(true);
    // The same secret, signed for another host (as if the proxy trusted the Host header).
    const otherHost = signerFor(await secretOf(signer), "http://evil.example:3000/_storage");
    const elsewhere = await getSignedUrl(otherHost, new GetObjectCommand({ Bucket: BUCKET, Key: KEY }), { expiresIn: 300, signingDate: NOW });
    expect(await verifyPresignedRequest(request("GET", elsewhere), verifier, NOW)).toMatchObject({ ok: false, status: 403 });
  });

  it("refuses expired URLs, URLs from the future and expiries longer than the app signs", async () => {
    const url = await presignPut();
    expect(await verifyPresignedRequest(request("PUT", url, pngHeaders), verifier, new Date(NOW.getTime() + 301_000))).toMatchObject({
      ok: false,
      status: 403,
      reason: expect.stringMatching(/expired/i),
    });
    expect(await verifyPresignedRequest(request("PUT", url, pngHeaders), verifier, new Date(NOW.getTime() - 120_000))).toMatchObject({
      ok: false,
      status: 403,
    });
    const week = await presignPut(KEY, { expiresIn: 604_800 });
    expect(await verifyPresignedRequest(request("PUT", week, pngHeaders), verifier, NOW)).toMatchObject({ ok: false, status: 403 });
  });

  it("refuses another type, another length, a missing length, another method and another secret", async () => {
    const url = await presignPut();
    for (const [method, headers] of [
      ["PUT", { "content-type": "text/html", "content-length": "68" }],
      ["PUT", { "content-type": "image/png", "content-length": "69" }],
      ["PUT", { "content-type": "image/png", "transfer-encoding": "chunked" }],
      ["PUT", { "content-length": "68" }],
      ["POST", pngHeaders],
      ["DELETE", {}],
      ["GET", {}],
    ] as const) {
      expect(await verifyPresignedRequest(request(method, url, headers), verifier, NOW), `${method} ${JSON.stringify(headers)}`).toMatchObject({
        ok: false,
      });
    }
    const forged = await presignPut(KEY, { client: signerFor("nearhand-dev-secret") });
    expect(await verifyPresignedRequest(request("PUT", forged, pngHeaders), verifier, NOW)).toMatchObject({ ok: false, status: 403 });
    const html = await presignPut(KEY, { type: "text/html" });
    expect(await verifyPresignedRequest(request("PUT", html, { "content-type": "text/html", "content-length": "68" }), verifier, NOW)).toMatchObject({
      ok: false,
    });
  });

  it("refuses validly signed requests that are not a GET or PUT of one image key: list, delete, multipart, head, other keys", async () => {
    const signed = [
      getSignedUrl(signer, new ListObjectsV2Command({ Bucket: BUCKET }), { signingDate: NOW }),
      getSignedUrl(signer, new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "users/" }), { signingDate: NOW }),
      getSignedUrl(signer, new DeleteObjectCommand({ Bucket: BUCKET, Key: KEY }), { signingDate: NOW }),
      getSignedUrl(signer, new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: KEY }), { signingDate: NOW }),
      getSignedUrl(signer, new HeadObjectCommand({ Bucket: BUCKET, Key: KEY }), { signingDate: NOW }),
      getSignedUrl(signer, new GetObjectCommand({ Bucket: "another-bucket", Key: KEY }), { signingDate: NOW }),
      getSignedUrl(signer, new GetObjectCommand({ Bucket: BUCKET, Key: KEY, ResponseContentType: "text/html" }), { signingDate: NOW }),
    ];
    const methods = ["GET", "GET", "DELETE", "POST", "HEAD", "GET", "GET"];
    for (const [index, url] of (await Promise.all(signed)).entries()) {
      expect(await verifyPresignedRequest(request(methods[index]!, url), verifier, NOW), url).toMatchObject({ ok: false });
    }
    for (const key of [
      "other/x.png",
      `users/${randomUUID()}/${randomUUID()}.html`,
      `users/${randomUUID()}/../${randomUUID()}.png`,
      `users/x/${randomUUID()}.png`,
    ]) {
      const url = await presignPut(key);
      expect(await verifyPresignedRequest(request("PUT", url, pngHeaders), verifier, NOW), key).toMatchObject({ ok: false });
    }
  });

  it("takes a staged upload's PUT (the spec's plain call) of any type within the largest cap, and nothing else at its key", async () => {
    const staged = `uploads/${randomUUID()}/${randomUUID()}`;
    const plain = await getSignedUrl(signer, new PutObjectCommand({ Bucket: BUCKET, Key: staged }), { expiresIn: 300, signingDate: NOW });
    expect(await verifyPresignedRequest(request("PUT", plain, pngHeaders), verifier, NOW)).toEqual({
      ok: true,
      method: "PUT",
      key: staged,
      contentType: "image/png",
      contentLength: 68,
    });
    // Whatever else it says it is, the emulator keeps it as bytes; the save sniffs them.
    expect(await verifyPresignedRequest(request("PUT", plain, { "content-type": "text/html", "content-length": "9" }), verifier, NOW)).toMatchObject({
      ok: true,
      contentType: "application/octet-stream",
    });
    for (const headers of [
      { "content-type": "image/png", "content-length": "10485761" },
      { "content-type": "image/png", "transfer-encoding": "chunked" },
    ]) {
      expect(await verifyPresignedRequest(request("PUT", plain, headers), verifier, NOW), JSON.stringify(headers)).toMatchObject({ ok: false });
    }
    // A staged upload is never read back, and an image key's PUT must still sign its type and length.
    const read = await getSignedUrl(signer, new GetObjectCommand({ Bucket: BUCKET, Key: staged }), { expiresIn: 300, signingDate: NOW });
    expect(await verifyPresignedRequest(request("GET", read), verifier, NOW)).toMatchObject({ ok: false });
    const unsignedImage = await getSignedUrl(signer, new PutObjectCommand({ Bucket: BUCKET, Key: KEY }), { expiresIn: 300, signingDate: NOW });
    expect(await verifyPresignedRequest(request("PUT", unsignedImage, pngHeaders), verifier, NOW)).toMatchObject({ ok: false });
    expect(await verifyPresignedRequest(request("PUT", await presignPut(staged), pngHeaders), verifier, NOW)).toMatchObject({ ok: false });
  });

  it("refuses dot segments, encoded characters and a duplicated query parameter", async () => {
    const url = new URL(await presignGet());
    const paths = [
      url.pathname.replace("/users/", "/users/./"),
      url.pathname.replace("/users/", "/x/../users/"),
      url.pathname.replace(/\/([0-9a-f-]{36}\.png)$/, "%2F$1"),
      url.pathname.replace("/users/", "/%75sers/"),
      url.pathname.replace("/_storage/", "/_storage//"),
    ];
    for (const pathname of paths) {
      expect(
        await verifyPresignedRequest({ method: "GET", url: `${pathname}${url.search}`, headers: { host: url.host } }, verifier, NOW),
        pathname,
      ).toMatchObject({ ok: false });
    }
    const doubled = `${url.pathname}${url.search}&X-Amz-Expires=300`;
    expect(await verifyPresignedRequest({ method: "GET", url: doubled, headers: { host: url.host } }, verifier, NOW)).toMatchObject({ ok: false });
    expect(
      await verifyPresignedRequest({ method: "GET", url: `http://localhost:3000${url.pathname}${url.search}`, headers: {} }, verifier, NOW),
    ).toMatchObject({ ok: false });
  });
});

async function secretOf(client: S3Client): Promise<string> {
  const credentials = await client.config.credentials();
  return credentials.secretAccessKey;
}
