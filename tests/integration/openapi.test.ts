// The OpenAPI document (GET /api/openapi.json) covers the JSON API: every /api route of app/routes.ts with every
// method it answers, probed on the running app, and nothing the app does not answer. That each answer matches the
// document is checked on every /api answer of every test (tests/support/openapi-contract.ts, hooked into the shared
// HTTP client); the last tests here show that check catching what it must.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";
import { checkAnswer, OPENAPI_PATH, OpenApiContract, takeContractViolations } from "../support/openapi-contract.ts";
import { declaredRoutes } from "../support/route-inventory.ts";

const app = appServerForFile();

const PROBED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Methods a route answers that the document leaves out on purpose, and why (none today). */
const LEFT_OUT = new Map<string, string>();

/** A value for each path parameter of app/routes.ts: an id nobody has, a category that exists. */
const SAMPLE_PARAMS: Record<string, string> = {
  id: "00000000-0000-4000-8000-000000000000",
  bookingId: "00000000-0000-4000-8000-000000000000",
  categoryId: "repair",
};

/** /api/bookings/:id → /api/bookings/{id} */
const openApiTemplate = (pattern: string) => pattern.replace(/:(\w+)/g, "{$1}");

function samplePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in SAMPLE_PARAMS)) throw new Error(`no sample value for :${name} (${pattern}): add one to SAMPLE_PARAMS`);
    return SAMPLE_PARAMS[name]!;
  });
}

async function servedDocument(): Promise<Record<string, unknown>> {
  const response = await fetch(new URL(OPENAPI_PATH, app.url));
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Each 405 the probes below received: "METHOD path → body". */
const refusals: string[] = [];
/** The `Allow` header of each 405 and OPTIONS answer the probes received, by route pattern. */
const allowHeaders: Array<{ pattern: string; method: string; status: number; allow: string | null }> = [];

/**
 * The methods a route answers: a signed-out caller's request of each, from the app's own origin, and every answer
 * but 405 (401, a redirect, a 4xx about the body) means the route takes the method.
 */
async function answeredMethods(pattern: string): Promise<string[]> {
  const answered: string[] = [];
  for (const method of PROBED_METHODS) {
    const write = method !== "GET";
    const response = await fetch(new URL(samplePath(pattern), app.url), {
      method,
      redirect: "manual",
      headers: write ? { Origin: new URL(app.url).origin, "Content-Type": "application/json" } : {},
      body: write ? "{}" : undefined,
    });
    if (response.status === 405) {
      allowHeaders.push({ pattern, method, status: 405, allow: response.headers.get("Allow") });
      refusals.push(`${method} ${pattern} → ${await response.text()}`);
    } else {
      await response.body?.cancel();
      answered.push(`${method} ${openApiTemplate(pattern)}`);
    }
  }
  const options = await fetch(new URL(samplePath(pattern), app.url), { method: "OPTIONS" });
  allowHeaders.push({ pattern, method: "OPTIONS", status: options.status, allow: options.headers.get("Allow") });
  await options.body?.cancel();
  return answered;
}

describe("GET /api/openapi.json", () => {
  it("serves an OpenAPI 3.1 document to anyone, built once and cacheable", async () => {
    const first = await fetch(new URL(OPENAPI_PATH, app.url));
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toMatch(/^application\/json\b/);
    expect(first.headers.get("Cache-Control")).toMatch(/\bpublic\b.*max-age=\d+/);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/".+"$/);
    const document = (await first.json()) as { openapi: string; jsonSchemaDialect: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.jsonSchemaDialect).toBe("https://json-schema.org/draft/2020-12/schema");

    const again = await fetch(new URL(OPENAPI_PATH, app.url));
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.json()).toEqual(document);
    const unchanged = await fetch(new URL(OPENAPI_PATH, app.url), { headers: { "If-None-Match": etag! } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
  });

  it("holds schemas that are valid JSON Schema 2020-12 (ajv in strict mode refuses unknown keywords)", async () => {
    const document = await servedDocument();
    const contract = new OpenApiContract(document as never);
    const pointers = schemaPointers(document);
    expect(pointers.length).toBeGreaterThan(100);
    for (const pointer of pointers) expect(() => contract.validator(pointer), pointer).not.toThrow();
  });
});

/** A JSON pointer to every schema of the document: the components, and each body, parameter and answer schema. */
function schemaPointers(value: unknown, at = "#"): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here = `${at}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    const isSchema = key === "schema" || at === "#/components/schemas";
    return isSchema ? [here] : schemaPointers(child, here);
  });
}

describe("the document covers the API", () => {
  it("has every /api route of app/routes.ts, with every method it answers, and nothing else", async () => {
    const contract = new OpenApiContract((await servedDocument()) as never);
    const documented = new Set(contract.operations());
    const routes = declaredRoutes().filter((route) => route.pattern.startsWith("/api/"));
    expect(routes.length).toBeGreaterThan(20);

    const answered = new Set<string>();
    for (const route of routes) for (const operation of await answeredMethods(route.pattern)) answered.add(operation);

    const missing = [...answered].filter((operation) => !documented.has(operation) && !LEFT_OUT.has(operation));
    expect(missing, "answered by the app but not in the OpenAPI document (the endpoints its module in app/routes/api/ exports)").toEqual([]);
    const notAnswered = [...documented].filter((operation) => !answered.has(operation));
    expect(notAnswered, "in the document but answered 405 (or not a route of app/routes.ts)").toEqual([]);
    const stale = [...LEFT_OUT.keys()].filter((operation) => !answered.has(operation));
    expect(stale, "left out of the document, but no longer answered: remove them from LEFT_OUT").toEqual([]);
    // A method a route does not take is refused as the document says (§8: the reason alone), not with the router's
    // own text naming the route module.
    expect(refusals.length).toBeGreaterThan(50);
    expect(refusals.filter((refusal) => !refusal.endsWith(" → Method not allowed"))).toEqual([]);
    // Each 405 names the methods the route takes, as the document has them (RFC 9110), and OPTIONS answers them.
    const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
    const allowOf = (pattern: string) => {
      const methods = [...documented]
        .filter((operation) => operation.endsWith(` ${openApiTemplate(pattern)}`))
        .map((operation) => operation.split(" ")[0]!);
      if (methods.includes("GET")) methods.push("HEAD");
      return methods.sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(", ");
    };
    expect(allowHeaders.filter(({ method }) => method === "OPTIONS").length).toBe(routes.length);
    expect(
      allowHeaders.filter(({ pattern, method, status, allow }) => allow !== allowOf(pattern) || status !== (method === "OPTIONS" ? 204 : 405)),
    ).toEqual([]);
    const templates = new Set(routes.map((route) => openApiTemplate(route.pattern)));
    expect(
      Object.keys((await servedDocument()).paths as object).filter((template) => !templates.has(template)),
      "paths of no route",
    ).toEqual([]);
  });
});

describe("the contract check every /api answer goes through", () => {
  it("passes real answers and names what does not match: the method, path, status and the schema's complaint", async () => {
    const contract = new OpenApiContract((await servedDocument()) as never);
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("openapi"), "Open", "Api");
    const me = await client.request("/api/auth/user");
    const user = (await me.json()) as Record<string, unknown>;
    const answer = { method: "GET", path: "/api/auth/user", status: 200, contentType: "application/json; charset=utf-8" };
    expect(contract.violation({ ...answer, body: JSON.stringify(user) })).toBeNull();

    const leaked = contract.violation({ ...answer, path: "/api/users/00000000-0000-4000-8000-000000000000", body: JSON.stringify(user) });
    expect(leaked).toContain("GET /api/users/00000000-0000-4000-8000-000000000000 answered 200: the body does not match");
    expect(leaked).toContain("must NOT have additional properties (email)");
    expect(contract.violation({ ...answer, body: JSON.stringify({ ...user, currentRole: "admin" }) })).toContain(
      "/currentRole must be equal to one of the allowed values",
    );
    expect(contract.violation({ ...answer, status: 500, body: "" })).toContain("status 500 is not documented for GET /api/auth/user");
    expect(contract.violation({ ...answer, status: 401, body: JSON.stringify({ error: "Unauthorized" }) })).toContain("the document says text/plain");
  });

  it("holds §8 errors to the document's text/plain error, on documented paths and others", async () => {
    const contract = new OpenApiContract((await servedDocument()) as never);
    const error = (method: string, path: string, status: number, body: string) =>
      contract.violation({ method, path, status, contentType: "text/plain; charset=utf-8", body });
    expect(error("GET", "/api/jobs/my-jobs", 401, "Unauthorized")).toBeNull();
    expect(error("POST", "/api/jobs", 415, "Content-Type must be application/json")).toBeNull();
    expect(error("GET", "/api/jobs/my-jobs", 401, "")).toContain("must NOT have fewer than 1 characters");
    expect(error("GET", "/api/no/such/path", 404, "Not Found")).toBeNull();
    expect(error("PUT", "/api/jobs", 405, "Method not allowed")).toBeNull();
    expect(contract.violation({ method: "GET", path: "/api/no/such/path", status: 200, contentType: "application/json", body: "{}" })).toContain(
      "the path is not in the document, yet the answer is no error",
    );
  });

  it("is on for every test: the shared client records what does not match for the running test to fail", async () => {
    const url = new URL("/api/jobs/my-jobs", app.url);
    await checkAnswer("GET", url, new Response(JSON.stringify([{ id: 1 }]), { headers: { "Content-Type": "application/json" } }));
    const recorded = takeContractViolations();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatch(
      /^GET \/api\/jobs\/my-jobs answered 200: the body does not match openapi\.json#\/paths\/~1api~1jobs~1my-jobs\/get\/responses\/200/,
    );
  });
});
