import { describe, expect, it } from "vitest";

import { isResourceRoutePattern } from "~/lib/resource-routes";

import { declaredRoutes } from "../support/route-inventory.ts";

describe("resource routes", () => {
  it("are exactly the routes.ts entries whose module is a .ts file (no component)", () => {
    for (const route of declaredRoutes()) {
      expect(isResourceRoutePattern(route.pattern), `${route.pattern} (${route.file})`).toBe(!route.file.endsWith(".tsx"));
    }
  });
});
