import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ICON_SPRITE_URL } from "~/lib/icon-ids";

import { startAppServer, type AppServer } from "../support/app-server.ts";

describe("compression", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app.stop();
  });

  const get = (target: string, encoding: string) => fetch(new URL(target, app.url), { headers: { "Accept-Encoding": encoding } });

  it("sends pages brotli- or gzip-compressed as the browser accepts, and plain otherwise", async () => {
    // The landing page is kept compressed once at brotli's best, smaller than zstd's: a browser asking for both gets it.
    const kept = await get("/", "gzip, deflate, br, zstd");
    expect(kept.headers.get("Content-Encoding")).toBe("br");
    expect(await kept.text()).toContain("Nearhand");
    const br = await get("/", "gzip, deflate, br");
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(await br.text()).toContain("Nearhand");
    const gzip = await get("/", "gzip");
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    const plain = await get("/", "identity");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toContain("Nearhand");
  });

  it("sends a page's RSC payload (what a client-side navigation fetches) compressed as well", async () => {
    // React Router 8.4 sent payloads without a Content-Type, so they went out uncompressed (decision 0065).
    const zstd = await rawGet(new URL("/no-such-page.rsc", app.url), "gzip, deflate, br, zstd");
    expect(zstd.encoding).toBe("zstd");
    expect(zstdDecompressSync(zstd.body).toString("utf8")).toContain("404 Page Not Found");
    const br = await get("/no-such-page.rsc", "gzip, deflate, br");
    expect(br.headers.get("Content-Type")).toBe("text/x-component");
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(await br.text()).toContain("404 Page Not Found");
    const gzip = await get("/no-such-page.rsc", "gzip");
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(await gzip.text()).toContain("404 Page Not Found");
  });

  it("sends the OpenAPI document zstd-, brotli- or gzip-compressed, unpacking to the plain answer's exact bytes", async () => {
    const url = new URL("/api/openapi.json", app.url);
    const plain = await rawGet(url, "identity");
    expect(plain.encoding).toBeUndefined();
    expect(JSON.parse(plain.body.toString("utf8")).openapi).toMatch(/^3\.1/);
    const zstd = await rawGet(url, "gzip, deflate, br, zstd");
    expect(zstd.encoding).toBe("zstd");
    expect(zstdDecompressSync(zstd.body).equals(plain.body)).toBe(true);
    const br = await rawGet(url, "br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await rawGet(url, "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it("serves built scripts precompressed and cacheable for a year", async () => {
    const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
    // The largest precompressed script (the browser entry): chunks are named by their hash, so none is first by name.
    const script = readdirSync(assets)
      .filter((file) => file.endsWith(".js") && existsSync(path.join(assets, `${file}.br`)))
      .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0];
    const response = await get(`/assets/${script}`, "br");
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Type")).toMatch(/javascript/);
    expect((await response.text()).length).toBeGreaterThan(1024);
  });

  it("sends a client that accepts only gzip the precompressed gzip file, which unpacks to the script", async () => {
    const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
    const script = readdirSync(assets).find((file) => file.endsWith(".js") && readdirSync(assets).includes(`${file}.gz`))!;
    const sent = await rawGet(new URL(`/assets/${script}`, app.url), "gzip");
    expect(sent.encoding).toBe("gzip");
    expect(sent.body.equals(readFileSync(path.join(assets, `${script}.gz`)))).toBe(true);
    expect(gunzipSync(sent.body).equals(readFileSync(path.join(assets, script)))).toBe(true);
  });

  it("serves the icon sprite compressed, cacheable for a year at its current address only", async () => {
    const current = await get(ICON_SPRITE_URL, "br");
    expect(current.status).toBe(200);
    expect(current.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(current.headers.get("Content-Encoding")).toBe("br");
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const sprite = await current.text();
    expect(sprite).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><symbol id="/);
    expect(sprite).toContain('<symbol id="bell" viewBox="0 0 24 24">');

    const stale = await get("/icons.svg?v=old", "identity");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(await stale.text()).toBe(sprite);
  });
});

/** A GET whose body is kept as sent (fetch would unpack it). */
function rawGet(url: URL, encoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}
