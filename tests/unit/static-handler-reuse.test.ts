import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { patchStaticHandlerReuse } from "../../scripts/static-handler-reuse.ts";

const require = createRequire(import.meta.url);
const distDir = path.join(path.dirname(require.resolve("react-router/package.json")), "dist");

describe("reusing React Router's static handler across requests", () => {
  for (const flavour of ["development", "production"]) {
    it(`applies to the installed React Router's ${flavour} RSC server`, () => {
      const source = readFileSync(path.join(distDir, flavour, "index-react-server.js"), "utf8");
      const patched = patchStaticHandlerReuse(source);
      const matcher = patched.slice(patched.indexOf("async function matchRSCServerRequest"));
      const body = matcher.slice(0, matcher.indexOf("\n}\n"));
      expect(body).toContain("reusedStaticHandler(routes, basename)");
      expect(body).not.toContain("createStaticHandler(");
      expect(patched).toContain("function reusedStaticHandler(routes, basename)");
    });
  }

  it("refuses a React Router whose source it was not written for", () => {
    expect(() => patchStaticHandlerReuse("export {}")).toThrow(/not the version/);
  });
});
