// The installable app as the built server answers it (decision 0076): the manifest, the service worker's script,
// the offline page the worker keeps, and the documents that link them.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

const app = appServerForFile();

function directive(policy: string | null, name: string): string[] | undefined {
  const part = (policy ?? "")
    .split(";")
    .map((p) => p.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return part?.slice(1);
}

describe("the web app manifest", () => {
  it("answers as application/manifest+json with the app's name, start, display and icons", async () => {
    const response = await fetch(`${app.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: "Nearhand", short_name: "Nearhand", start_url: "/", scope: "/", display: "standalone", id: "/" });
    for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
      const png = await fetch(new URL(icon.src, app.url));
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get("Content-Type"), icon.src).toBe("image/png");
    }
  });

  it("is linked from every page, with the theme colour and the iOS icon", async () => {
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("manifest-link"));
    for (const html of [await (await fetch(`${app.url}/`)).text(), await (await client.request("/profile")).text()]) {
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
      expect(html).toContain('<meta name="theme-color" content="#1d4ed8"/>');
      expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>');
    }
  });
});

describe("the service worker's script", () => {
  it("is JavaScript at /sw.js, never cached without asking, with a policy that lets it fetch this origin only", async () => {
    for (const encoding of ["identity", "br"]) {
      const response = await fetch(`${app.url}/sw.js`, { headers: { "Accept-Encoding": encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
      expect(response.headers.get("Cache-Control")).toBe("no-cache");
      const policy = response.headers.get("Content-Security-Policy");
      expect(directive(policy, "connect-src")).toEqual(["'self'"]);
      expect(directive(policy, "default-src")).toEqual(["'none'"]);
      const script = await response.text();
      // Built for this build: its caches are named by the build's version, the stylesheets listed.
      expect(script).toMatch(/version:`[0-9a-f]{12}`/);
      expect(script).toMatch(/\/assets\/root-[\w-]+\.css/);
      expect(script).not.toMatch(/^\s*(import|export)\b/m);
    }
  });

  it("is allowed by a document's policy, as the manifest is", async () => {
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("worker-policy"));
    const policy = (await client.request("/")).headers.get("Content-Security-Policy");
    expect(directive(policy, "worker-src")).toEqual(["'self'"]);
    expect(directive(policy, "manifest-src")).toEqual(["'self'"]);
  });
});

describe("the offline page", () => {
  it("is a document without scripts, saying the device is offline, with a Retry link to the address itself", async () => {
    const response = await fetch(`${app.url}/offline`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("You&#x27;re offline");
    expect(html).toMatch(/<a href=""[^>]*>Retry<\/a>/);
    expect(html).not.toMatch(/<script\b/);
    // The stylesheet the worker keeps with it.
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/root-[\w-]+\.css"/);
  });
});
