import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";

describe("compression", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app.stop();
  });

  const get = (target: string, encoding: string) =>
    fetch(new URL(target, app.url), { headers: { "Accept-Encoding": encoding } });

  it("sends pages brotli- or gzip-compressed as the browser accepts, and plain otherwise", async () => {
    const br = await get("/", "gzip, deflate, br");
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(await br.text()).toContain("Nearhand");
    const gzip = await get("/", "gzip");
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    const plain = await get("/", "identity");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toContain("Nearhand");
  });

  it("serves built scripts precompressed and cacheable for a year", async () => {
    const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
    const script = readdirSync(assets).find((file) => file.endsWith(".js") && readdirSync(assets).includes(`${file}.br`))!;
    const response = await get(`/assets/${script}`, "br");
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Type")).toMatch(/javascript/);
    expect((await response.text()).length).toBeGreaterThan(1024);
  });
});
