import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import * as icons from "~/components/icons";
import { ICON_SPRITE } from "~/http/icon-sprite.server";
import { ICON_IDS, ICON_SPRITE_URL, ICON_SPRITE_VERSION, LUCIDE_VERSION, spriteVersion } from "~/lib/icon-ids";

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

  it("changes its address when the set of icons or the lucide release changes", () => {
    expect(ICON_SPRITE_URL).toBe(`/icons.svg?v=${ICON_SPRITE_VERSION}`);
    // A failure here means the sprite changed: set ICON_SPRITE_VERSION to the value this computes.
    expect(ICON_SPRITE_VERSION).toBe(spriteVersion(LUCIDE_VERSION, ICON_IDS));
    expect(spriteVersion(LUCIDE_VERSION, ICON_IDS.slice(1))).not.toBe(ICON_SPRITE_VERSION);
    expect(spriteVersion("0.0.0", ICON_IDS)).not.toBe(ICON_SPRITE_VERSION);
  });
});
