// The dependency patches of patches/ (README there): applied by `npm install` (patch-package), each written for one
// version. When a dependency is upgraded, these fail until its patch is ported to the new version or removed.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fc from "fast-check";
import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

const PATCHES_DIR = path.resolve(import.meta.dirname, "../../patches");
// Where patch-package patches them (not every package exports its package.json to require.resolve).
const packageDir = (name: string) => path.resolve(import.meta.dirname, "../../node_modules", name);
const installed = (name: string, file: string) => readFileSync(path.join(packageDir(name), file), "utf8");

/** patch-package's file names: <package, / as +>+<version>+<sequence>+<what it fixes>.patch */
function patchFiles(): Array<{ file: string; name: string; version: string }> {
  return readdirSync(PATCHES_DIR)
    .filter((file) => file.endsWith(".patch"))
    .map((file) => {
      const parts = file.replace(/\.patch$/, "").split("+");
      const scoped = parts[0].startsWith("@");
      const name = scoped ? `${parts[0]}/${parts[1]}` : parts[0];
      return { file, name, version: parts[scoped ? 2 : 1] };
    });
}

describe("dependency patches", () => {
  it("each patch names the version that is installed, and the README lists it", () => {
    const readme = readFileSync(path.join(PATCHES_DIR, "README.md"), "utf8");
    const patches = patchFiles();
    expect(patches.length).toBe(8);
    for (const { file, name, version } of patches) {
      const pkg = JSON.parse(readFileSync(path.join(packageDir(name), "package.json"), "utf8")) as { version: string };
      expect(pkg.version, `${file}: ${name} is ${pkg.version} now; port the patch or remove it`).toBe(version);
      expect(readme, `patches/README.md lists ${file}`).toContain(file);
    }
  });

  it("postgres: a write on a closed connection settles its query instead of crashing the process", () => {
    for (const dir of ["src", "cjs/src", "cf/src"]) {
      const source = installed("postgres", `${dir}/connection.js`);
      expect(source).toContain("  function nextWrite(fn) {\n    if (!socket) {");
      // Both teardown paths forget the cancelled write.
      expect(source.split("\n    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null").length - 1).toBe(2);
    }
  });

  for (const flavour of ["development", "production"]) {
    it(`react-router (${flavour}): the RSC server reuses one static handler per route tree`, () => {
      const source = installed("react-router", `dist/${flavour}/index-react-server.js`);
      const matcher = source.slice(source.indexOf("async function matchRSCServerRequest"));
      const body = matcher.slice(0, matcher.indexOf("\n}\n"));
      expect(body).toContain("reusedStaticHandler(routes, basename)");
      expect(body).not.toContain("createStaticHandler(");
      expect(source).toContain("function reusedStaticHandler(routes, basename)");
    });

    it(`react-router (${flavour}): routes below a matched layout are discovered, and paths are marked after their routes are in`, () => {
      expect(installed("react-router", `dist/${flavour}/lib/router/router.js`)).toContain("matches[matches.length - 1].route.children?.length > 0");
      const browser = installed("react-router", `dist/${flavour}/lib/rsc/browser.js`);
      const body = browser.slice(browser.indexOf("async function fetchAndApplyManifestPatches"));
      const patching = body.indexOf("patchRoutes(p.parentId");
      const marking = body.indexOf("addToFifoQueue(p, discoveredPaths)");
      expect(patching).toBeGreaterThan(0);
      expect(marking).toBeGreaterThan(patching);
    });

    it(`react-router (${flavour}): a path's route matches are worked out once, and each caller gets its own copy`, async () => {
      const { createStaticHandler } = (await import(path.join(packageDir("react-router"), `dist/${flavour}/index-react-server.js`))) as {
        createStaticHandler(routes: unknown[]): {
          match(path: string): Array<{ route: { id: string }; params: Record<string, string>; pathname: string }> | null;
        };
      };
      const handler = createStaticHandler([
        {
          id: "root",
          path: "/",
          children: [
            { id: "job", path: "jobs/:id" },
            { id: "home", index: true },
          ],
        },
      ]);
      const first = handler.match("/jobs/7")!;
      first[1].params.id = "changed by a caller";
      const again = handler.match("/jobs/7?tab=messages")!;
      expect(again.map((m) => [m.route.id, m.params, m.pathname])).toEqual([
        ["root", { id: "7" }, "/"],
        ["job", { id: "7" }, "/jobs/7"],
      ]);
      expect(again[0].params).toBe(again[1].params);
      expect(handler.match("/jobs/8")![1].params).toEqual({ id: "8" });
      expect(handler.match("/")!.map((m) => m.route.id)).toEqual(["root", "home"]);
      expect(handler.match("/nowhere/at/all")).toBeNull();
      expect(installed("react-router", `dist/${flavour}/index-react-server.js`)).toContain("this.#remembered.set(key, matches);");
    });

    it(`react-router (${flavour}): a request whose URL needs no normalising is used as it is, and a resource answer is tagged in place`, () => {
      const source = installed("react-router", `dist/${flavour}/index-react-server.js`);
      expect(source).toContain("let routerRequest = url.href === request.url ? request : new Request(url.toString(), {");
      const tagging = source.slice(source.indexOf("function tagResourceResponse(response) {"));
      expect(tagging.slice(0, tagging.indexOf("\n}\n"))).toMatch(
        /try \{\n\t\tresponse\.headers\.set\("React-Router-Resource", "true"\);\n\t\treturn response;/,
      );
    });

    it(`react-router (${flavour}): a document's render reuses the payload the redirect check decoded`, () => {
      const source = installed("react-router", `dist/${flavour}/lib/rsc/server.ssr.js`);
      expect(source).toContain("Promise.resolve(detectedPayload ?? createFromReadableStream(createStream()))");
      expect(source).toContain("detectedPayload = Promise.resolve(createFromReadableStream(detectRedirectResponse.body));");
    });
  }

  it("react-dom: the HTML stream encodes its text in batches, and its bytes are still the page's text", async () => {
    const file = "cjs/react-dom-server.node.production.js";
    expect(installed("react-dom", file)).toContain("    pendingText += chunk;\n    1024 <= pendingText.length && writePendingText(destination);");
    const load = createRequire(path.join(packageDir("react-dom"), "package.json"));
    const stream = load(`./${file}`) as { renderToReadableStream(node: ReactNode): Promise<ReadableStream<Uint8Array>> };
    const legacy = load("./cjs/react-dom-server-legacy.node.production.js") as { renderToString(node: ReactNode): string };
    // Many small pieces, multi-byte characters across the batches' and the 4 KB views' edges, and pieces long enough to
    // be written on their own.
    const piece = fc.constantFrom("a", "héllo", "日本語", "😀", "<&>\"'", "é".repeat(700), "z".repeat(1500), "");
    const tree: fc.Memo<ReactNode> = fc.memo((depth) =>
      fc
        .tuple(fc.constantFrom("div", "span", "p"), piece, fc.array(depth > 1 ? fc.oneof(piece, tree(depth - 1)) : piece, { maxLength: 6 }))
        .map(([tag, className, children]) => createElement(tag, { className }, ...children)),
    );
    await fc.assert(
      fc.asyncProperty(tree(5), async (node) => {
        const text = new TextDecoder().decode(await new Response(await stream.renderToReadableStream(node)).arrayBuffer());
        expect(text).toBe(legacy.renderToString(node));
      }),
      { numRuns: 60 },
    );
  });

  it("@react-router/dev: a route's HMR anchor is rendered only where there is HMR", () => {
    const plugin = installed("@react-router/dev", "dist/vite.js");
    expect(plugin).toContain("import.meta.hot ? React.createElement(EnsureClientRouteModuleForHMR___, null) : null,");
    expect(plugin).not.toContain("`    React.createElement(EnsureClientRouteModuleForHMR___, null),\\n`");
  });
});
