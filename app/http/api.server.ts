import "server-only";

import type { RouterContextProvider } from "react-router";
import type { z } from "zod";

import { bodyText } from "~/http/api-body.server";
import { textResponse } from "~/http/compression.server";
import { getCurrentUser } from "~/http/request-session.server";
import { describeIssues } from "~/lib/input-issues";
import { unstorableText } from "~/lib/storable-text";
import { actsAsOperator, type User } from "~/models/user.server";

/**
 * JSON API errors: the status and the reason as a plain-text body (spec §8: the client's message is then
 * "<status>: <body text>", e.g. "401: Unauthorized").
 */
export function apiError(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  // Text, not bytes: a Response copies the bytes it is given, and the compression reads this text directly.
  return textResponse(JSON.stringify(data), { ...init, headers });
}

/** The signed-in user, or a thrown 401 for the JSON API. */
export async function requireApiUser(context: Readonly<RouterContextProvider>): Promise<User> {
  const user = await getCurrentUser(context);
  if (!user) throw apiError(401, "Unauthorized");
  return user;
}

/** An operator (issue 34), else a plain 404: /api/admin is not there for anyone else, signed in or not. */
export async function requireApiOperator(context: Readonly<RouterContextProvider>): Promise<User> {
  const user = await getCurrentUser(context);
  if (!actsAsOperator(user)) throw apiError(404, "Not found");
  return user;
}

export const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON body (as requestBodyMiddleware read it, bodyText) and validates it; every failure is a thrown 4xx,
 * never a 500.
 */
export async function parseJson<T extends z.ZodType>(request: Request, context: Readonly<RouterContextProvider>, schema: T): Promise<z.infer<T>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw apiError(415, "Content-Type must be application/json");
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_JSON_BODY_BYTES) throw apiError(413, "Request body is too large");
  const text = await bodyText(request, context);
  if (Buffer.byteLength(text) > MAX_JSON_BODY_BYTES) throw apiError(413, "Request body is too large");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw apiError(400, "Request body is not valid JSON");
  }
  const unstorable = unstorableText(body);
  if (unstorable) throw apiError(400, unstorable);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw apiError(400, describeIssues(parsed.error));
  return parsed.data;
}

/** A query parameter validated like a body field. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw apiError(400, describeIssues(parsed.error));
  return parsed.data;
}
