import "server-only";

import type { RouterContextProvider } from "react-router";
import { z } from "zod";

import { apiError, json, parseJson, requireApiOperator, requireApiUser } from "~/http/api.server";
import { refusalResponse } from "~/http/operation-answers.server";
import type { User } from "~/models/user.server";

// The JSON API's routes declare themselves here (decision 0070): each module of app/routes/api/ exports its
// `endpoints` (method → what the OpenAPI document says of it, and its handler) and the loader and action made of
// them by `apiRoute`, which answer 405 for the methods it does not declare. Its path is its file name
// (app/lib/api-route-files.ts), from which app/routes.ts makes the route; the document (openapi.server.ts) and the
// `Allow` of a 405 or OPTIONS (api-methods.server.ts) read the same `endpoints` (api-registry.server.ts).

export type ApiMethod = "get" | "post" | "patch" | "delete";

/** An answer that is not a §8 error. */
export type SuccessAnswer =
  | { status: 200 | 201; description: string; json: z.ZodType }
  | { status: 200; description: string; html: true }
  | { status: 302; description: string };

/** The statuses a rule of an endpoint refuses with (§8 errors); the generic ones are added by the document. */
export type RefusalStatus = 400 | 403 | 404 | 409 | 429 | 503;

/** What the OpenAPI document says of one method of a route. */
export interface EndpointDoc {
  summary: string;
  description?: string;
  /** Signed-in users only (the session cookie): 401 for anyone else, before anything else is read. */
  signedIn: boolean;
  /** Operators only (issue 34): a plain 404 to everyone else, signed in or not, before anything else is read. */
  operatorsOnly?: boolean;
  /** The path's parameters, for the document: the handler gets them as strings and reads them itself. */
  params?: z.ZodObject;
  /** The query, for the document: the handler reads it (some reads take it only when present). */
  query?: z.ZodObject;
  /** The JSON body, read with parseJson before the handler runs: 415 unless JSON, 413 over 64 KiB, 400 when it does not parse. */
  body?: z.ZodType;
  answers: SuccessAnswer[];
  /** When the endpoint's own rules refuse, by status. */
  refusals?: Partial<Record<RefusalStatus, string>>;
}

/** An endpoint as the document lists it: its method and OpenAPI path (/api/jobs/{id}) with what it says. */
export interface ApiEndpoint extends EndpointDoc {
  method: ApiMethod;
  path: `/api/${string}`;
}

/** What React Router gives a resource route's loader or action. */
export interface RouteArgs {
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  context: Readonly<RouterContextProvider>;
}

type ParamsOf<P> = P extends z.ZodObject ? { readonly [K in keyof z.input<P>]: string } : RouteArgs["params"];

/** What a handler is given: the request, and what the adapter has read of it already. */
export interface EndpointCall<S extends boolean, B, P> {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: ParamsOf<P>;
  /** The signed-in user of a `signedIn` endpoint. */
  user: S extends true ? User : undefined;
  /** The parsed body of an endpoint with a `body` schema. */
  body: B extends z.ZodType ? z.infer<B> : undefined;
}

export interface EndpointSpec<S extends boolean, B extends z.ZodType | undefined, P extends z.ZodObject | undefined> extends Omit<
  EndpointDoc,
  "signedIn"
> {
  /** Signed in unless it says `signedIn: false`: the safe default, so a public endpoint is public by saying so. */
  signedIn?: S;
  params?: P;
  body?: B;
  /**
   * The endpoint's work: a Response is sent as it is; any other value is the JSON answer, with the status of the
   * declared JSON answer (201 for a creation). A refused rule (DomainError) is its §8 status (refusalResponse).
   */
  handle(call: EndpointCall<S, B, P>): unknown;
}

/** One method of a route: its declaration and the function serving it. */
export interface Endpoint extends EndpointDoc {
  serve(args: RouteArgs): Promise<Response>;
}

/** A route's endpoints by method: what its module exports as `endpoints`. */
export type Endpoints = Partial<Record<ApiMethod, Endpoint>>;

/**
 * One method of an /api route: the signed-in user unless it says `signedIn: false`, its JSON body when it has a
 * `body`, then its handler.
 */
export function endpoint<S extends boolean = true, B extends z.ZodType | undefined = undefined, P extends z.ZodObject | undefined = undefined>(
  spec: EndpointSpec<S, B, P>,
): Endpoint {
  const { handle, signedIn = true, ...doc } = spec;
  const status = spec.answers.find((answer) => "json" in answer)?.status ?? 200;
  return {
    ...doc,
    signedIn,
    async serve({ request, params, context }) {
      const user = spec.operatorsOnly ? await requireApiOperator(context) : signedIn ? await requireApiUser(context) : undefined;
      const body = spec.body ? await parseJson(request, context, spec.body) : undefined;
      try {
        const call = { request, context, params, user, body } as EndpointCall<S, B, P>;
        const value = await handle(call);
        return value instanceof Response ? value : json(value, { status });
      } catch (error) {
        throw refusalResponse(error);
      }
    },
  };
}

/** A method an API route does not take: 405 with the reason alone (§8); entry.rsc.tsx adds `Allow`. */
function methodNotAllowed(): Response {
  return apiError(405, "Method not allowed");
}

type RouteHandler = (args: RouteArgs) => Promise<Response>;

/**
 * What an /api route module exports, in one line: `export const { endpoints, loader, action } = apiRoute({ get: … })`.
 * The loader (the read adapter) serves the `get` endpoint (GET and HEAD), the action (the write adapter) the endpoint
 * of the request's method; both answer 405 for a method the route does not declare.
 */
export function apiRoute(endpoints: Endpoints): { endpoints: Endpoints; loader: RouteHandler; action: RouteHandler } {
  return {
    endpoints,
    loader: async (args) => (endpoints.get ? endpoints.get.serve(args) : methodNotAllowed()),
    action: async (args) => {
      const method = args.request.method.toLowerCase();
      const write = method === "post" || method === "patch" || method === "delete" ? endpoints[method] : undefined;
      return write ? write.serve(args) : methodNotAllowed();
    },
  };
}

/** A JSON answer of a named schema of api-answers.server.ts (or a list of one). */
export const jsonAnswer = (schema: z.ZodType, description: string, status: 200 | 201 = 200): SuccessAnswer => ({ status, description, json: schema });

/** A browser's redirect (sign-in and sign-out). */
export const redirectAnswer = (description: string): SuccessAnswer => ({ status: 302, description });

/** An id in the path: a value that is no id of the caller's is 404, like an unknown one. */
export const idParam = (what: string) => z.object({ id: z.uuid().describe(`The ${what}'s id`) });

/** What a signed-in endpoint on one thing of the path's id says: the thing is named by `idParam(what)`. */
interface ByIdSpec {
  summary: string;
  description?: string;
  answer: SuccessAnswer;
  /** The 404: no such thing, or one the caller may not see (told apart from neither). */
  notFound: string;
  handle(user: User, id: string): unknown;
}

/** A signed-in endpoint on one thing of the path's id: its one JSON answer, or 404 (an id that is no uuid too). */
export function byId(what: string, { summary, description, answer, notFound, handle }: ByIdSpec): Endpoint {
  return endpoint({
    summary,
    ...(description ? { description } : {}),
    params: idParam(what),
    answers: [answer],
    refusals: { 404: notFound },
    handle: ({ user, params }) => handle(user, params.id),
  });
}

/** What a signed-in read of a list for the caller says: the schema of one item, and what the list holds. */
interface CallersListSpec {
  summary: string;
  item: z.ZodType;
  /** The answer's description: which items, in which order, how many at most. */
  list: string;
  handle(user: User): unknown;
}

/** A signed-in read of a list for the caller (their jobs, their notifications, …): a JSON list, refused by nothing of its own. */
export function callersList({ summary, item, list, handle }: CallersListSpec): Endpoint {
  return endpoint({ summary, answers: [jsonAnswer(z.array(item), list)], handle: ({ user }) => handle(user) });
}
