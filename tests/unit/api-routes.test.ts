// The JSON API declares itself once (decision 0070): each module of app/routes/api/ is a route named by its file and
// exports its endpoints, its loader and its action made of them; app/routes.ts and the OpenAPI document are made from
// those. These fail when a route is left out of the document, when the document lists what no route declares, and
// when a module answers a method it does not declare (tests/integration/openapi.test.ts probes the running app).
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

import type { Endpoints, RouteArgs } from "~/http/api-route.server";
import { openApiDocument } from "~/http/openapi.server";
import { apiRoutePath, openApiPath } from "~/lib/api-route-files";

import { declaredRoutes } from "../support/route-inventory.ts";

interface ApiRouteModule {
  endpoints: Endpoints;
  loader: (args: RouteArgs) => Promise<Response>;
  action: (args: RouteArgs) => Promise<Response>;
}

const modules = import.meta.glob<ApiRouteModule>("../../app/routes/api/*.ts", { eager: true });
const fileOf = (key: string) => key.slice(key.lastIndexOf("/") + 1);
const apiRoutes = () => declaredRoutes().filter((route) => route.pattern.startsWith("/api/"));

describe("an /api route's path is its module's file name", () => {
  it("reads dots as slashes, $name as a parameter and [.] as a dot", () => {
    expect(apiRoutePath("jobs.ts")).toBe("api/jobs");
    expect(apiRoutePath("jobs.$id.ts")).toBe("api/jobs/:id");
    expect(apiRoutePath("bookings.$id.status.ts")).toBe("api/bookings/:id/status");
    expect(apiRoutePath("users.switch-role.ts")).toBe("api/users/switch-role");
    expect(apiRoutePath("openapi[.]json.ts")).toBe("api/openapi.json");
    expect(openApiPath("api/messages/:bookingId")).toBe("/api/messages/{bookingId}");
    expect(() => apiRoutePath("jobs.tsx")).toThrow(/named like/);
    expect(() => apiRoutePath("jobs/$id.ts")).toThrow(/named like/);
  });

  it("and app/routes.ts has exactly one route per module of app/routes/api/", () => {
    const files = readdirSync(new URL("../../app/routes/api/", import.meta.url)).filter((file) => file.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(20);
    const routes = apiRoutes().map(({ pattern, file }) => `${pattern} ${file}`);
    expect(routes.sort()).toEqual(files.map((file) => `/${apiRoutePath(file)} routes/api/${file}`).sort());
    expect(Object.keys(modules).map(fileOf).sort()).toEqual(files.sort());
  });
});

describe("each /api module declares its methods", () => {
  it("exports endpoints, and the loader and action of the adapters", () => {
    for (const [key, module] of Object.entries(modules)) {
      expect(Object.keys(module.endpoints ?? {}).length, `${fileOf(key)} declares no endpoint`).toBeGreaterThan(0);
      expect(typeof module.loader, fileOf(key)).toBe("function");
      expect(typeof module.action, fileOf(key)).toBe("function");
    }
  });

  it("is for signed-in users unless it says `signedIn: false`: only signing in and out, the document and the push key are public", () => {
    const open = Object.entries(modules).flatMap(([key, module]) =>
      Object.entries(module.endpoints)
        .filter(([, endpoint]) => endpoint.signedIn !== true)
        .map(([method]) => `${method.toUpperCase()} ${fileOf(key)}`),
    );
    expect(open.sort()).toEqual(["GET callback.ts", "GET login.ts", "GET logout.ts", "GET openapi[.]json.ts", "GET push.key.ts", "POST logout.ts"]);
  });

  it("refuses the methods it does not declare with the §8 405, before reading anything", async () => {
    let refused = 0;
    for (const [key, module] of Object.entries(modules)) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        if (method.toLowerCase() in module.endpoints) continue;
        const handler = method === "GET" ? module.loader : module.action;
        // No context: a handler that read the session or the body would throw instead of answering.
        const response = await handler({
          request: new Request(`http://app.test/api/${fileOf(key)}`, { method }),
          params: {},
          context: undefined as never,
        });
        expect(response.status, `${method} ${fileOf(key)}`).toBe(405);
        expect(await response.text()).toBe("Method not allowed");
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(50);
  });
});

describe("the OpenAPI document", () => {
  it("lists every /api route of app/routes.ts with the methods its module declares, and nothing else", async () => {
    const { document } = await openApiDocument();
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = apiRoutes().flatMap(({ pattern, file }) => {
      const endpoints = modules[`../../app/${file}`]?.endpoints ?? {};
      return Object.keys(endpoints).map((method) => `${method.toUpperCase()} ${openApiPath(pattern.slice(1))}`);
    });
    expect(declared.length).toBeGreaterThan(30);
    expect(
      documented.filter((operation) => !declared.includes(operation)),
      "in the document, but no route declares it",
    ).toEqual([]);
    expect(
      declared.filter((operation) => !documented.includes(operation)),
      "declared by a route, but not in the document",
    ).toEqual([]);
  });

  it("lists the routes and their methods as the authorization matrix sees them (tests/support/route-inventory.ts)", () => {
    for (const route of apiRoutes()) {
      const methods = Object.keys(modules[`../../app/${route.file}`]!.endpoints);
      expect({ loader: route.loader, action: route.action }, route.file).toEqual({
        loader: methods.includes("get"),
        action: methods.some((method) => method !== "get"),
      });
    }
  });
});
