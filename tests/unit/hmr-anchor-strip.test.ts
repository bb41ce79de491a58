import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stripHmrAnchor } from "../../scripts/hmr-anchor-strip.ts";

const require = createRequire(import.meta.url);
const devDist = path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "dist");

describe("leaving React Router's HMR anchor out of production route components", () => {
  it("matches the element the installed React Router renders in every route's server component", () => {
    const plugin = readFileSync(path.join(devDist, "vite.js"), "utf8");
    // The line React Router 8.4 emits; when it changes, scripts/hmr-anchor-strip.ts must be ported or removed.
    const emitted = "React.createElement(EnsureClientRouteModuleForHMR___, null),\\n";
    expect(plugin).toContain(emitted);
  });

  it("removes the anchor element and keeps the route's own component", () => {
    const entry =
      "export function ServerComponent(props) {\n\treturn React.createElement(React.Fragment, null, " +
      "__vite_rsc_react__.createElement(Resources), React.createElement(EnsureClientRouteModuleForHMR___, null), " +
      "React.createElement(ServerComponentWithoutCss, props));\n}\n";
    const stripped = stripHmrAnchor(entry);
    expect(stripped).not.toContain("EnsureClientRouteModuleForHMR___");
    expect(stripped).toContain("__vite_rsc_react__.createElement(Resources), React.createElement(ServerComponentWithoutCss, props));");
  });

  it("leaves code without the anchor unchanged", () => {
    const code = "export function ServerComponent() { return null; }\n";
    expect(stripHmrAnchor(code)).toBe(code);
  });
});
