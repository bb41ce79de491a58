import "server-only";

import type { MiddlewareFunction, RouterContextProvider } from "react-router";

import { handOnApiBody } from "~/http/api-body.server";
import { apiError } from "~/http/api.server";
import { getSession, signInRedirect } from "~/http/request-session.server";
import { isResourceRoutePattern } from "~/lib/resource-routes";
import { unstorableText } from "~/lib/storable-text";
import { UPLOAD_DEFAULT_MAX_BYTES } from "~/lib/uploads";

/** JSON and url-encoded forms: far above what any field allows (the JSON API has the same cap). */
export const BODY_MAX_BYTES = 64 * 1024;
/** A multipart form carries one image at most: the largest upload cap, plus room for the other fields. */
export const MULTIPART_BODY_MAX_BYTES = UPLOAD_DEFAULT_MAX_BYTES + 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** A refusal answered before the route runs: React Router (8.5) passes a middleware's answer on as it is. */
function refuse(status: number, text: string): Response {
  return apiError(status, text);
}

/**
 * Request bodies are checked before anything (React Router included) reads
 * them or refuses the request unread: over the cap is 413, however the body
 * is sent (declared length or chunks), and the rest of it is drained so the
 * connection stays usable. A form body must parse (400) and carry only
 * storable text (no NUL, see storable-text.ts) and no server action ids (the app has no server functions): React
 * Router and the actions would answer those with a 500. Pages and their
 * resource routes take forms only (415 otherwise); the JSON API reads its
 * own bodies (parseJson). It runs after the cross-site check and the session
 * (root.tsx): a foreign origin or a signed-out upload is refused unread.
 */
export const requestBodyMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  if (SAFE_METHODS.has(request.method) || !request.body) return next();
  // Nothing a signed-out visitor may post has a body, and the connection closes rather than take in megabytes
  // nobody will look at (answerUnread, from entry.rsc.tsx). A resource route refuses them (sign-in or 401) before
  // reading it; for a page, React Router itself would read the whole body first (looking for server actions), so
  // the answer comes from here.
  if (!getSession(context).get("userId")) {
    // The console is a plain 404 to everyone but operators (issue 34): no sign-in page tells it is there.
    if (/^\/?admin(\/|$)/.test(pattern)) return refuse(404, "Not found");
    return isResourceRoutePattern(pattern) ? next() : signInRedirect(request);
  }
  return (await refusal(request, context)) ?? next();
};

/**
 * An answer to a request whose body nobody read (entry.rsc.tsx applies it to every answer). A small one (any
 * real form without a file) is read and dropped first: answering while the client still writes and then
 * closing made it fail writing (EPIPE), and a body left in the socket reset the keep-alive client's next
 * request. One declared or found larger is left unread and the connection closes.
 */
export async function answerUnread(request: Request, response: Response): Promise<Response> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  const body = request.body;
  if (!body || body.locked || request.bodyUsed) return response;
  if (declared <= UNREAD_DRAIN_MAX_BYTES && (await drain(body.getReader(), UNREAD_DRAIN_MAX_BYTES))) return response;
  return closingConnection(response);
}

function closingConnection(response: Response): Response {
  try {
    response.headers.set("Connection", "close");
    return response;
  } catch {
    // Immutable headers (a redirect): copy it.
    const copy = new Response(response.body, response);
    copy.headers.set("Connection", "close");
    return copy;
  }
}

async function refusal(request: Request, context: Readonly<RouterContextProvider>): Promise<Response | null> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  const limit = mediaType === "multipart/form-data" ? MULTIPART_BODY_MAX_BYTES : BODY_MAX_BYTES;
  if (Number(request.headers.get("Content-Length") ?? 0) > limit) {
    return tooLarge(await drain(request.body!.getReader()));
  }
  // The JSON API's body is read here once and handed on (bodyText); a form's, from a copy, as React Router and the
  // action read the request's own.
  const handedOn = !FORM_TYPES.has(mediaType) && new URL(request.url).pathname.startsWith("/api/");
  const reader = (handedOn ? request : request.clone()).body!.getReader();
  const bytes = await readAtMost(reader, limit);
  if (!bytes) {
    // The route will never read the original: let go of it (not awaited: a tee
    // branch's cancel settles only once both branches are), and discard the rest.
    if (!handedOn) request.body!.cancel().catch(() => {});
    return tooLarge(await drain(reader));
  }
  if (request.headers.has("rsc-action-id")) return refuse(400, "Unknown server action");
  if (handedOn) {
    handOnApiBody(context, bytes);
    return null;
  }
  if (!FORM_TYPES.has(mediaType)) return refuse(415, "Content-Type must be application/x-www-form-urlencoded or multipart/form-data");
  // Any form body, even one sent to an unknown /api/ path (that is a page: the not-found one).
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return refuse(400, "The form could not be read");
  }
  for (const [name, value] of form) {
    if (name.startsWith("$ACTION_")) return refuse(400, "Unknown server action");
    const badName = unusableFieldName(name);
    if (badName) return refuse(400, badName);
    const unstorable = unstorableText(name) ?? unstorableText(value);
    if (unstorable) return refuse(400, unstorable);
  }
  return null;
}

/** No form of ours has a longer field name, a list of more items, or deeper nesting. */
const MAX_FIELD_NAME_LENGTH = 100;
const MAX_FIELD_INDEX = 99;
const MAX_FIELD_DEPTH = 4;

/**
 * Why a form field's name is refused, or null. Form parsing (conform) turns
 * `list[4294967294]` into an array of that length: one small post kept the
 * server busy for minutes and flashed a 50 MB form back to the page.
 */
export function unusableFieldName(name: string): string | null {
  if (name.length > MAX_FIELD_NAME_LENGTH) return `Form field names are at most ${MAX_FIELD_NAME_LENGTH} characters`;
  const indexes = [...name.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]);
  if (indexes.some((index) => !/^\d{1,2}$/.test(index) || Number(index) > MAX_FIELD_INDEX)) {
    return `Form field indexes are whole numbers from 0 to ${MAX_FIELD_INDEX}`;
  }
  if (name.split(/[.[]/).length > MAX_FIELD_DEPTH) return `Form field names nest at most ${MAX_FIELD_DEPTH} levels`;
  return null;
}

/** The whole body, or null as soon as it passes `limit` bytes (the reader is left where it stopped). */
async function readAtMost(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) return null;
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Past the cap, the rest of a signed-in user's body is read and thrown away up to this much (keeping the
 * connection, so the client reads its 413 rather than a reset); then it closes. Bodies refused unread are read only up to UNREAD_DRAIN_MAX_BYTES.
 */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** What is read of a body refused unread (signed out, cross-site) before the connection closes instead. */
const UNREAD_DRAIN_MAX_BYTES = BODY_MAX_BYTES;

function tooLarge(drained: boolean): Response {
  const response = refuse(413, "Request body is too large");
  if (!drained) response.headers.set("Connection", "close");
  return response;
}

/**
 * Reads the rest and throws it away, since an unread body would stall the
 * keep-alive connection; true when it ended within DRAIN_MAX_BYTES. A longer
 * one is cancelled and its connection closed instead of read to its end.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, limit = DRAIN_MAX_BYTES): Promise<boolean> {
  let drained = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      drained += value.byteLength;
      if (drained > limit) {
        reader.cancel().catch(() => {});
        return false;
      }
    }
  } catch {
    // The client went away: nothing left to drain.
    return true;
  }
}
