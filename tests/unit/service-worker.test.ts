// The service worker's decisions (decision 0076): what it answers and keeps, what a push message shows, which
// window a notification's click uses; the headers of its script; the manifest it comes with.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { SERVICE_WORKER_POLICY } from "~/http/security-headers.server";
import { staticFileHeaders } from "~/http/static-files.server";
import {
  cacheNames,
  handlingOf,
  isStaleCache,
  mayCache,
  parsePushPayload,
  planNotificationClick,
  sameOriginPath,
  type RequestFacts,
} from "~/lib/service-worker-rules";

import { workerBuildOf } from "../../scripts/service-worker-plugin.ts";

const ORIGIN = "https://nearhand.example.com";

function request(pathOrUrl: string, init: { method?: string; mode?: string; headers?: Record<string, string> } = {}): RequestFacts {
  const headers = new Headers(init.headers);
  return { url: new URL(pathOrUrl, ORIGIN).href, method: init.method ?? "GET", mode: init.mode ?? "cors", headers };
}

const OK = { status: 200, type: "basic" };

describe("which requests the worker answers", () => {
  it("answers built files from its cache", () => {
    expect(handlingOf(request("/assets/root-DAAET0eZ.css", { mode: "no-cors" }), ORIGIN)).toBe("asset");
    expect(handlingOf(request("/assets/framework-Ab12.js"), ORIGIN)).toBe("asset");
  });

  it("answers every navigation of this origin from the network, whatever its path", () => {
    for (const path of ["/", "/bookings/abc", "/api/jobs", "/offline", "/assets/root.css"]) {
      expect(handlingOf(request(path, { mode: "navigate" }), ORIGIN), path).toBe("navigation");
    }
  });

  it("leaves /api answers, RSC payloads, route manifests, server actions, writes and other origins to the browser", () => {
    const untouched = [
      request("/api/jobs"),
      request("/api/auth/user"),
      request("/bookings/abc.rsc"),
      request("/_.rsc"),
      request("/.manifest?paths=/jobs/1"),
      request("/assets/x.js.rsc"),
      request("/profile", { headers: { "rsc-action-id": "abc" } }),
      request("/assets/root.css", { method: "POST" }),
      request("/bookings/abc", { method: "POST", mode: "navigate" }),
      request("https://cdn.elsewhere.example/assets/root.css"),
      request("https://elsewhere.example/", { mode: "navigate" }),
      request("/icons.svg"),
      request("/images/photo.jpg"),
    ];
    for (const facts of untouched) expect(handlingOf(facts, ORIGIN), `${facts.method} ${facts.url}`).toBe("network");
  });
});

describe("what the worker keeps", () => {
  it("keeps a built file's complete answer", () => {
    expect(mayCache(request("/assets/root.css"), OK, ORIGIN)).toBe(true);
  });

  it("never keeps a document, an RSC payload or an /api answer", () => {
    expect(mayCache(request("/", { mode: "navigate" }), OK, ORIGIN)).toBe(false);
    expect(mayCache(request("/profile", { mode: "navigate" }), OK, ORIGIN)).toBe(false);
    expect(mayCache(request("/profile.rsc"), OK, ORIGIN)).toBe(false);
    expect(mayCache(request("/_.rsc"), OK, ORIGIN)).toBe(false);
    expect(mayCache(request("/api/auth/user"), OK, ORIGIN)).toBe(false);
    expect(mayCache(request("/profile", { headers: { "rsc-action-id": "1" } }), OK, ORIGIN)).toBe(false);
  });

  it("never keeps a failed, partial or opaque answer", () => {
    expect(mayCache(request("/assets/root.css"), { status: 404, type: "basic" }, ORIGIN)).toBe(false);
    expect(mayCache(request("/assets/root.css"), { status: 206, type: "basic" }, ORIGIN)).toBe(false);
    expect(mayCache(request("/assets/root.css"), { status: 0, type: "opaque" }, ORIGIN)).toBe(false);
  });

  it("names its caches by build and deletes only the app's caches of other builds", () => {
    const current = cacheNames("b2");
    expect(isStaleCache(current.assets, "b2")).toBe(false);
    expect(isStaleCache(current.offline, "b2")).toBe(false);
    expect(isStaleCache(cacheNames("b1").assets, "b2")).toBe(true);
    expect(isStaleCache(cacheNames("b1").offline, "b2")).toBe(true);
    expect(isStaleCache("someone-elses-cache", "b2")).toBe(false);
  });
});

describe("a push message", () => {
  const payload = (value: unknown) => JSON.stringify(value);

  it("shows its title and body, opens its page, and replaces the notice with its tag", () => {
    expect(parsePushPayload(payload({ title: "New message", body: "Sam: on my way", url: "/messages?c=1", tag: "conversation:1" }), ORIGIN)).toEqual({
      title: "New message",
      body: "Sam: on my way",
      url: "/messages?c=1",
      tag: "conversation:1",
    });
  });

  it("opens the home page for a missing or foreign page", () => {
    for (const url of [undefined, 42, "", "https://evil.example/bookings/1", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      expect(parsePushPayload(payload({ title: "T", body: "B", url, tag: "t" }), ORIGIN)?.url, String(url)).toBe("/");
    }
  });

  it("accepts an absolute URL of this origin as its path", () => {
    expect(parsePushPayload(payload({ title: "T", url: `${ORIGIN}/bookings/abc#timeline` }), ORIGIN)?.url).toBe("/bookings/abc#timeline");
  });

  it("is ignored when it is no JSON object or has no title, and never throws", () => {
    for (const text of [
      null,
      undefined,
      "",
      "not json",
      "null",
      "42",
      '"title"',
      "[]",
      payload({ body: "no title" }),
      payload({ title: "  " }),
      payload({ title: 7 }),
    ]) {
      expect(parsePushPayload(text, ORIGIN), String(text)).toBeNull();
    }
  });

  it("has no tag when it names none, an empty body when it has none, and overlong texts cut", () => {
    const notice = parsePushPayload(payload({ title: "x".repeat(500), body: 3, url: "/", tag: "" }), ORIGIN)!;
    expect(notice.title).toHaveLength(200);
    expect(notice.body).toBe("");
    expect(notice.tag).toBeUndefined();
  });
});

describe("a path of this origin", () => {
  it("keeps a path's query and fragment and refuses any other origin", () => {
    expect(sameOriginPath("/jobs/1?tab=2#top", ORIGIN)).toBe("/jobs/1?tab=2#top");
    expect(sameOriginPath("http://nearhand.example.com/jobs/1", ORIGIN)).toBe("/");
    expect(sameOriginPath("data:text/html,hi", ORIGIN)).toBe("/");
    expect(sameOriginPath(null, ORIGIN)).toBe("/");
  });
});

describe("a click on a notification", () => {
  const window = (path: string, focused = false) => ({ url: new URL(path, ORIGIN).href, focused, id: path });

  it("brings forward the window already on its page", () => {
    const onPage = window("/bookings/abc");
    expect(planNotificationClick([window("/", true), onPage], "/bookings/abc", ORIGIN)).toEqual({ action: "focus", window: onPage });
  });

  it("takes the focused window of the app there, else the first one", () => {
    const focused = window("/messages", true);
    expect(planNotificationClick([window("/"), focused], "/bookings/abc", ORIGIN)).toEqual({ action: "navigate", window: focused });
    const first = window("/");
    expect(planNotificationClick([first, window("/profile")], "/bookings/abc", ORIGIN)).toEqual({ action: "navigate", window: first });
  });

  it("opens a window when the app has none", () => {
    expect(planNotificationClick([], "/bookings/abc", ORIGIN)).toEqual({ action: "open" });
  });
});

describe("the worker's script", () => {
  it("is checked at every use, with the worker's own policy, where the built files are kept a year", () => {
    expect(staticFileHeaders("/sw.js")).toEqual({ "Cache-Control": "no-cache", "Content-Security-Policy": SERVICE_WORKER_POLICY });
    expect(SERVICE_WORKER_POLICY).toContain("connect-src 'self'");
    expect(staticFileHeaders("/assets/root-DAAET0eZ.css")["Cache-Control"]).toBe("public, max-age=31536000, immutable");
    expect(staticFileHeaders("/manifest.webmanifest")["Cache-Control"]).toBe("public, max-age=300");
  });

  it("is versioned by the build's file names and keeps its stylesheets from the start", () => {
    const files = ["assets/root-A1.css", "assets/framework-B2.js", "sw.js", "favicon.svg"];
    const build = workerBuildOf(files);
    expect(build.precache).toEqual(["/assets/root-A1.css"]);
    expect(build.version).toMatch(/^[0-9a-f]{12}$/);
    expect(workerBuildOf([...files].reverse()).version).toBe(build.version);
    expect(workerBuildOf(["assets/root-C3.css", "assets/framework-B2.js"]).version).not.toBe(build.version);
  });
});

describe("the web app manifest", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const manifest = JSON.parse(readFileSync(path.join(root, "public/manifest.webmanifest"), "utf8"));
  const tokens = readFileSync(path.join(root, "app/app.css"), "utf8");

  it("has what an installable app needs", () => {
    expect(manifest).toMatchObject({ id: "/", name: "Nearhand", short_name: "Nearhand", start_url: "/", scope: "/", display: "standalone" });
    expect(manifest.description).toEqual(expect.any(String));
    const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  });

  it("takes its theme colour from the brand's design token", () => {
    expect(tokens).toContain(`--color-brand-600: ${manifest.theme_color};`);
  });

  it("names icons that exist as PNGs of their declared size", () => {
    for (const icon of manifest.icons as Array<{ src: string; sizes: string; type: string }>) {
      const png = readFileSync(path.join(root, "public", icon.src));
      expect(png.subarray(1, 4).toString(), icon.src).toBe("PNG");
      // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      expect(icon.type).toBe("image/png");
    }
  });
});
