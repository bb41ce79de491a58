import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "~/components/icons";
import { ICON_IDS, ICON_SPRITE_URL, LUCIDE_VERSION } from "~/lib/icon-ids";
import { ICON_SPRITE } from "~/services/icon-sprite.server";

describe("icon sprite", () => {
  it("is drawn from the installed lucide-react release (its version is in the sprite's address)", () => {
    const installed = JSON.parse(readFileSync("node_modules/lucide-react/package.json", "utf8")) as { version: string };
    expect(LUCIDE_VERSION).toBe(installed.version);
  });

  it("holds a non-empty symbol for every icon component", () => {
    const symbols = new Map([...ICON_SPRITE.matchAll(/<symbol id="([\w-]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)].map((m) => [m[1], m[2]]));
    expect([...symbols.keys()]).toEqual([...ICON_IDS]);
    for (const [name, Icon] of Object.entries(icons)) {
      if (typeof Icon !== "function") continue;
      const markup = renderToStaticMarkup(createElement(Icon, { className: "h-4 w-4", "aria-hidden": true }));
      const id = new RegExp(`<use href="${ICON_SPRITE_URL.replace(/[?]/g, "\\?")}#([\\w-]+)"`).exec(markup)?.[1];
      expect(id, name).toBeDefined();
      expect(symbols.get(id!), name).toMatch(/^<(path|circle|rect|line|polyline|polygon|ellipse) /);
      expect(markup, name).toContain('class="icon h-4 w-4"');
      expect(markup, name).toContain('aria-hidden="true"');
    }
  });

  it("changes its address when the set of icons changes", () => {
    expect(ICON_SPRITE_URL).toMatch(/^\/icons\.svg\?v=[0-9a-z]+$/);
  });
});
