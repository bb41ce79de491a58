import { describe, expect, it } from "vitest";

import { withoutScripts } from "~/lib/static-html";

describe("withoutScripts (static documents, decision 0029)", () => {
  it("drops module preloads and scripts, keeps everything else", () => {
    const html =
      '<html><head><link rel="stylesheet" href="/assets/root.css"/><link rel="modulepreload" href="/assets/react.js" crossorigin=""/>' +
      '<link rel="modulepreload" href="/assets/root.js" crossorigin="" fetchPriority="low"/></head><body><main><h1>Hi</h1>' +
      '<a href="/api/login">Sign in</a></main><script nonce="n">console.log("<b>")</script>' +
      '<script type="module" src="/x.js"></script></body></html>';
    expect(withoutScripts(html)).toBe(
      '<html><head><link rel="stylesheet" href="/assets/root.css"/></head><body><main><h1>Hi</h1><a href="/api/login">Sign in</a></main></body></html>',
    );
  });
});
