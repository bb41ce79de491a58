import "server-only";

import { createHash } from "node:crypto";
import { version } from "#package.json";
import { z } from "zod";

import { answerSchemas, errorText } from "~/http/api-answers.server";
import { apiEndpoints } from "~/http/api-registry.server";
import type { ApiEndpoint, SuccessAnswer } from "~/http/api-route.server";
import { MAX_JSON_BODY_BYTES } from "~/http/api.server";
import { SESSION_COOKIE_NAME } from "~/http/session.server";

// The OpenAPI 3.1 document of the JSON API (GET /api/openapi.json), made from the endpoints the route modules of
// app/routes/api/ declare (api-registry.server.ts, decision 0070) and the zod schemas
// with zod's own z.toJSONSchema: request schemas as the routes read them (io "input"), answers as they are sent
// (io "output"). Built once per process.

type JsonSchema = z.core.JSONSchema.BaseSchema;
type Json = Record<string, unknown>;

const SCHEMA_REF = "#/components/schemas/";
const SECURITY = "session";

/** What a JSON answer holds on the wire: a Date is its ISO string. Anything else without a JSON form is a mistake. */
const asJson: NonNullable<z.core.ToJSONSchemaParams["unrepresentable"]> = ({ zodSchema }) =>
  zodSchema._zod.def.type === "date" ? { type: "string", format: "date-time" } : "throw";

/** The answer schemas (components.schemas), each named in api-answers.server.ts. */
function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(answerSchemas, { io: "output", unrepresentable: asJson, uri: (id) => SCHEMA_REF + id });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, embedded(schema)]));
}

/** A schema of a request (body, path or query) as the route reads it. */
function requestSchema(schema: z.ZodType): JsonSchema {
  return embedded(z.toJSONSchema(schema, { io: "input" }));
}

/** A schema inside the document: the dialect is the document's (jsonSchemaDialect), the place its $id. */
function embedded(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** A named answer schema, or a list of them, as a reference to its component. */
function answerRef(schema: z.ZodType): JsonSchema {
  if (schema instanceof z.ZodArray) return { type: "array", items: answerRef(schema.element as z.ZodType) };
  const id = answerSchemas.get(schema)?.id;
  if (!id) throw new Error("An answer schema of the API must be named in api-answers.server.ts");
  return { $ref: SCHEMA_REF + id };
}

function successResponse(answer: SuccessAnswer): Json {
  if (answer.status === 302) {
    return {
      description: answer.description,
      headers: { Location: { description: "Where the browser goes next.", required: true, schema: { type: "string" } } },
    };
  }
  if ("html" in answer) return { description: answer.description, content: { "text/html": { schema: { type: "string" } } } };
  return { description: answer.description, content: { "application/json": { schema: answerRef(answer.json) } } };
}

/** The refusals of the layers every request passes, shared by the endpoints (components.responses). */
const COMMON_REFUSALS = {
  InvalidBody: { status: 400, reason: "The body is not JSON, or a field is invalid: the reason names it (`title: Title is required`)." },
  UnreadableForm: { status: 400, reason: "A form body that cannot be read (any body is checked before the route runs)." },
  Unauthorized: { status: 401, reason: "Unauthorized: not signed in." },
  CrossSite: { status: 403, reason: "Cross-site request refused: another site's Origin or Sec-Fetch-Site." },
  BodyTooLarge: { status: 413, reason: `Request body is too large: over ${MAX_JSON_BODY_BYTES / 1024} KiB.` },
  NotJson: { status: 415, reason: "Content-Type must be application/json." },
  TooManyRequests: { status: 429, reason: "Too many requests: the API's limit per user, or per address when signed out (decision 0048)." },
  ServiceUnavailable: { status: 503, reason: "Service unavailable: the database could not be reached." },
} as const;
type CommonRefusal = keyof typeof COMMON_REFUSALS;

/** Every §8 refusal an endpoint may answer, by status: its own rules', and those of the layers every request passes. */
function refusals(endpoint: ApiEndpoint): Map<number, string[]> {
  const reasons = new Map<number, string[]>();
  const add = (status: number, reason: string) => reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  const common = (name: CommonRefusal) => add(COMMON_REFUSALS[name].status, COMMON_REFUSALS[name].reason);
  const write = endpoint.method !== "get";
  if (endpoint.body) common("InvalidBody");
  else if (write) common("UnreadableForm");
  if (endpoint.signedIn) common("Unauthorized");
  if (write) common("CrossSite");
  for (const [status, reason] of Object.entries(endpoint.refusals ?? {})) add(Number(status), reason);
  if (write) common("BodyTooLarge");
  if (endpoint.body) common("NotJson");
  common("TooManyRequests");
  common("ServiceUnavailable");
  return new Map([...reasons].sort(([a], [b]) => a - b));
}

function refusalResponse(status: number, reasons: string[]): Json {
  return {
    description: reasons.length === 1 ? reasons[0] : reasons.map((reason) => `- ${reason}`).join("\n"),
    ...(status === 429 || status === 503 ? { headers: { "Retry-After": { $ref: "#/components/headers/Retry-After" } } } : {}),
    content: { "text/plain": { schema: { $ref: SCHEMA_REF + answerSchemas.get(errorText)!.id } } },
  };
}

/** A refusal for one reason the layers give is a reference to the shared response. */
function refusalOrRef(status: number, reasons: string[]): Json {
  const shared = Object.entries(COMMON_REFUSALS).find(
    ([, common]) => reasons.length === 1 && common.status === status && common.reason === reasons[0],
  );
  return shared ? { $ref: `#/components/responses/${shared[0]}` } : refusalResponse(status, reasons);
}

const sharedResponses = () =>
  Object.fromEntries(Object.entries(COMMON_REFUSALS).map(([name, { status, reason }]) => [name, refusalResponse(status, [reason])]));

function parameters(schema: z.ZodObject | undefined, where: "path" | "query"): Json[] {
  if (!schema) return [];
  const { properties = {}, required = [] } = requestSchema(schema);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property as JsonSchema;
    return { name, in: where, required: where === "path" || required.includes(name), ...(description ? { description } : {}), schema: rest };
  });
}

/** getApiBookingsIdStatus for GET /api/bookings/{id}/status. */
function operationId(endpoint: ApiEndpoint): string {
  const words = endpoint.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return endpoint.method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

/** Sign-in and sign-out are grouped as auth, the rest by their first segment. */
function tag(endpoint: ApiEndpoint): string {
  const segment = endpoint.path.split("/")[2]!;
  return ["login", "callback", "logout"].includes(segment) ? "auth" : segment.replace(/\.json$/, "");
}

function operation(endpoint: ApiEndpoint): Json {
  const params = [...parameters(endpoint.params, "path"), ...parameters(endpoint.query, "query")];
  const responses: Json = {};
  for (const answer of endpoint.answers) responses[answer.status] = successResponse(answer);
  for (const [status, reasons] of refusals(endpoint)) responses[status] = refusalOrRef(status, reasons);
  return {
    operationId: operationId(endpoint),
    tags: [tag(endpoint)],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    security: endpoint.signedIn ? [{ [SECURITY]: [] }] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: { "application/json": { schema: requestSchema(endpoint.body) } } } } : {}),
    responses,
  };
}

const DESCRIPTION = `The JSON API of Nearhand, as the spec's client (§7) calls it. Every request sends the session cookie; a body is JSON.

Errors (spec §8) are the HTTP status with the reason as a plain-text body: \`401\` with \`Unauthorized\`, \`400\` with
\`title: Title is required\`. A client shows them as \`<status>: <text>\`. An unknown \`/api\` path is \`404\` \`Not Found\`,
a method a path does not take \`405\`.`;

function buildDocument(endpoints: ApiEndpoint[]): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of endpoints) (paths[endpoint.path] ??= {})[endpoint.method] = operation(endpoint);
  return {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: "Nearhand API", version, description: DESCRIPTION },
    paths,
    components: {
      schemas: componentSchemas(),
      responses: sharedResponses(),
      headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 1 } } },
      securitySchemes: {
        [SECURITY]: { type: "apiKey", in: "cookie", name: SESSION_COOKIE_NAME, description: "The session cookie that signing in (/api/login) sets." },
      },
    },
  };
}

type Built = { document: Json; text: string; etag: string };
let built: Promise<Built> | undefined;

/** The document, its JSON text and a (weak) ETag of it, built on first use and kept for the life of the process. */
export function openApiDocument(): Promise<Built> {
  built ??= apiEndpoints().then((endpoints) => {
    const document = buildDocument(endpoints);
    const text = JSON.stringify(document);
    return { document, text, etag: `W/"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"` };
  });
  // A build that failed (a module that did not load) is tried again by the next request.
  built.catch(() => (built = undefined));
  return built;
}
