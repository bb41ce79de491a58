// The API's answers checked against its own OpenAPI document (GET /api/openapi.json): the status must be one the
// operation documents, and the body must match that response's content: a JSON answer its schema, a §8 error the
// text/plain error. The shared HTTP client (http-client.ts) hands over every /api answer it receives once the vitest
// setup (openapi-contract-setup.ts) switches checking on; what does not match fails the test that received it.
import addFormats from "ajv-formats";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";

export const OPENAPI_PATH = "/api/openapi.json";

export interface ReceivedAnswer {
  method: string;
  /** The path as sent (percent-encoded), without the query. */
  path: string;
  status: number;
  contentType: string | null;
  body: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { responses?: Record<string, ResponseObject> };
}
type ResponseObject = { $ref?: string; content?: Record<string, { schema: unknown }> };

const METHODS = ["get", "post", "put", "patch", "delete"];
const DOCUMENT_ID = "openapi.json";

/** A JSON pointer segment (RFC 6901). */
const pointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

export class OpenApiContract {
  private readonly document: OpenApiDocument;
  private readonly ajv: Ajv2020;
  private readonly templates: Array<{ template: string; pattern: RegExp }>;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.document = document;
    // Strict: a keyword JSON Schema 2020-12 does not know is an error in the document, not something to ignore.
    this.ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(this.ajv);
    // The document's own fields are no schema keywords: its schemas are reached by JSON pointer.
    this.ajv.addVocabulary(["openapi", "jsonSchemaDialect", "info", "paths", "components"]);
    this.ajv.addSchema(document, DOCUMENT_ID);
    // A concrete path wins over a template with a parameter in its place (/api/jobs/my-jobs before /api/jobs/{id}).
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(
          `^${template
            .split(/\{[^}]+\}/)
            .map(escapeRegExp)
            .join("[^/]+")}$`,
        ),
      }))
      .sort((a, b) => a.template.split("{").length - b.template.split("{").length);
  }

  /** The path template a request path matches, if any (a trailing slash matches as React Router matches it). */
  template(path: string): string | undefined {
    const bare = path.length > 1 ? path.replace(/\/$/, "") : path;
    return this.templates.find(({ pattern }) => pattern.test(bare))?.template;
  }

  /** Why the answer does not match the document, or null when it does. */
  violation(answer: ReceivedAnswer): string | null {
    // Node's HTTP parser refuses a request head over its limit (16 KiB) before the app sees it: no answer of the API.
    if (answer.status === 431 && !answer.contentType && !answer.body) return null;
    const problem = this.problem(answer);
    return problem && `${answer.method} ${answer.path} answered ${answer.status}: ${problem}`;
  }

  private problem({ method, path, status, contentType, body }: ReceivedAnswer): string | null {
    const template = this.template(path);
    // OPTIONS on a route is 204 with the route's methods in `Allow` and no body (checked against the document by
    // tests/integration/openapi.test.ts); on no route, a §8 error like any other method.
    if (method === "OPTIONS" && template && status === 204) return body ? "an OPTIONS answer with a body" : null;
    // HEAD is answered by the loader, as a GET without its body.
    const documented = method === "HEAD" ? "get" : method.toLowerCase();
    const operation = template ? this.document.paths[template]?.[documented] : undefined;
    if (!template || !operation) {
      // No such path or method: the answer must be a §8 error all the same.
      if (status < 400) return `${template ? `${method} of ${template}` : "the path"} is not in the document, yet the answer is no error`;
      return this.mismatch(`#/components/schemas/ErrorText`, "text/plain", contentType, body, method);
    }
    const at = `#/paths/${pointer(template)}/${documented}/responses/${status}`;
    const response = operation.responses[String(status)];
    if (!response)
      return `status ${status} is not documented for ${documented.toUpperCase()} ${template} (documented: ${Object.keys(operation.responses).join(", ")})`;
    const resolved = response.$ref ? this.document.components.responses?.[response.$ref.split("/").at(-1)!] : response;
    const media = Object.keys(resolved?.content ?? {});
    if (media.length === 0) return null;
    const type = mediaType(contentType);
    if (!type || !media.includes(type)) return `Content-Type ${contentType ?? "(none)"}, the document says ${media.join(" or ")}`;
    const schemaAt = `${response.$ref ?? at}/content/${pointer(type)}/schema`;
    return this.mismatch(schemaAt, type, contentType, body, method);
  }

  private mismatch(schemaAt: string, type: string, contentType: string | null, body: string, method: string): string | null {
    if (mediaType(contentType) !== type) return `Content-Type ${contentType ?? "(none)"}, the document says ${type}`;
    if (method === "HEAD") return null;
    let value: unknown = body;
    if (type === "application/json") {
      try {
        value = JSON.parse(body);
      } catch {
        return `the body is not JSON: ${body.slice(0, 100)}`;
      }
    }
    const validate = this.validator(schemaAt);
    if (validate(value)) return null;
    return `the body does not match ${schemaAt.replace(/^#/, DOCUMENT_ID + "#")}:\n    ${describe(validate.errors ?? []).join("\n    ")}`;
  }

  /** The validator of the schema at a JSON pointer into the document (#/components/schemas/Job); compiled once. */
  validator(schemaAt: string): ValidateFunction {
    let validate = this.validators.get(schemaAt);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${schemaAt}` });
      this.validators.set(schemaAt, validate);
    }
    return validate;
  }

  /** Every operation of the document, as "GET /api/jobs/{id}". */
  operations(): string[] {
    return Object.entries(this.document.paths).flatMap(([template, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${template}`),
    );
  }
}

function mediaType(contentType: string | null): string | null {
  return contentType?.split(";")[0]!.trim().toLowerCase() || null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function describe(errors: ErrorObject[]): string[] {
  return errors.slice(0, 10).map((error) => {
    const extra = "additionalProperty" in error.params ? ` (${String(error.params.additionalProperty)})` : "";
    return `${error.instancePath || "(the body)"} ${error.message}${extra} [${error.schemaPath}]`;
  });
}

// ---------------------------------------------------------------- the checks of the shared HTTP client

let checking = false;
let contract: Promise<OpenApiContract> | undefined;
const violations: string[] = [];

/** Turns checking on (the vitest setup does, for every test file) or off. */
export function checkApiAnswers(on: boolean): void {
  checking = on;
}

/** What failed since the last call. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/** The document as the app serves it: every server of a test run is the same build, so it is fetched once. */
export function contractOf(origin: string): Promise<OpenApiContract> {
  contract ??= fetch(new URL(OPENAPI_PATH, origin)).then(async (response) => {
    if (!response.ok) throw new Error(`GET ${OPENAPI_PATH} answered ${response.status}: is the build older than the document?`);
    return new OpenApiContract((await response.json()) as OpenApiDocument);
  });
  contract.catch(() => (contract = undefined));
  return contract;
}

/** Records what does not match the document in an /api answer the client received. */
export async function checkAnswer(method: string, url: URL, response: Response): Promise<void> {
  if (!checking || !url.pathname.startsWith("/api/")) return;
  let body: string;
  try {
    body = await response.clone().text();
  } catch {
    return; // the request was abandoned: there is no answer to check
  }
  try {
    const violation = (await contractOf(url.origin)).violation({
      method,
      path: url.pathname,
      status: response.status,
      contentType: response.headers.get("Content-Type"),
      body,
    });
    if (violation) violations.push(violation);
  } catch (error) {
    violations.push(`${method} ${url.pathname}: the OpenAPI document could not be read: ${(error as Error).message}`);
  }
}
