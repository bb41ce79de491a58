import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { patchManifestDiscovery, patchRouteDiscovery } from "../../scripts/route-discovery-fix.ts";

const require = createRequire(import.meta.url);
const distDir = path.join(path.dirname(require.resolve("react-router/package.json")), "dist");

describe("the route discovery fix (decision 0027)", () => {
  for (const flavour of ["development", "production"]) {
    it(`applies to the installed React Router's ${flavour} router`, () => {
      const source = readFileSync(path.join(distDir, flavour, "lib", "router", "router.js"), "utf8");
      const patched = patchRouteDiscovery(source);
      expect(patched).toContain("matches[matches.length - 1].route.children?.length > 0");
      expect(patched.length).toBeGreaterThan(source.length);
    });
  }

  for (const flavour of ["development", "production"]) {
    it(`marks discovered paths only after adding their routes, in the ${flavour} RSC browser module`, () => {
      const source = readFileSync(path.join(distDir, flavour, "lib", "rsc", "browser.js"), "utf8");
      const patched = patchManifestDiscovery(source);
      const body = patched.slice(patched.indexOf("async function fetchAndApplyManifestPatches"));
      const patching = body.indexOf("patchRoutes(p.parentId");
      const marking = body.indexOf("addToFifoQueue(p, discoveredPaths)");
      expect(patching).toBeGreaterThan(0);
      expect(marking).toBeGreaterThan(patching);
    });
  }

  it("refuses modules it was not written for, so an upgrade is looked at", () => {
    expect(() => patchRouteDiscovery("function checkFogOfWar(matches, pathname) {}")).toThrow(/not the version/);
    expect(() => patchManifestDiscovery("async function fetchAndApplyManifestPatches() {}")).toThrow(/not the version/);
  });
});
