import "server-only";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { unstorableText } from "../lib/storable-text";
import { UPLOAD_DEFAULT_MAX_BYTES } from "../lib/uploads";
import { apiError } from "./api.server";
import { getSession, signInRedirect } from "./request-session.server";

/** JSON and url-encoded forms: far above what any field allows (the JSON API has the same cap). */
export const BODY_MAX_BYTES = 64 * 1024;
/** A multipart form carries one image at most: the largest upload cap, plus room for the other fields. */
export const MULTIPART_BODY_MAX_BYTES = UPLOAD_DEFAULT_MAX_BYTES + 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** A refusal answered before the route runs; the header tells the SSR layer it is a resource response, not an RSC payload. */
function refuse(status: number, text: string): Response {
  const response = apiError(status, text);
  response.headers.set("React-Router-Resource", "true");
  return response;
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
export const requestBodyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (SAFE_METHODS.has(request.method) || !request.body) return next();
  return (await refusal(request, context)) ?? next();
};

async function refusal(request: Request, context: Readonly<RouterContextProvider>): Promise<Response | null> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  // Only signed-in users upload (the two multipart forms): a signed-out upload goes to sign-in unread,
  // and the connection closes rather than take in megabytes nobody will look at.
  if (mediaType === "multipart/form-data" && !getSession(context).get("userId")) {
    return signInRedirect(request, { headers: { Connection: "close" } });
  }
  const limit = mediaType === "multipart/form-data" ? MULTIPART_BODY_MAX_BYTES : BODY_MAX_BYTES;
  if (Number(request.headers.get("Content-Length") ?? 0) > limit) {
    await drain(request.body!.getReader());
    return refuse(413, "Request body is too large");
  }
  const reader = request.clone().body!.getReader();
  const bytes = await readAtMost(reader, limit);
  if (!bytes) {
    // The route will never read the original: let go of it (not awaited: a tee
    // branch's cancel settles only once both branches are), and discard the rest.
    request.body!.cancel().catch(() => {});
    await drain(reader);
    return refuse(413, "Request body is too large");
  }
  if (request.headers.has("rsc-action-id")) return refuse(400, "Unknown server action");
  if (!FORM_TYPES.has(mediaType)) {
    if (new URL(request.url).pathname.startsWith("/api/")) return null;
    return refuse(415, "Content-Type must be application/x-www-form-urlencoded or multipart/form-data");
  }
  // Any form body, even one sent to an unknown /api/ path (that is a page: the not-found one).
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return refuse(400, "The form could not be read");
  }
  for (const [name, value] of form) {
    if (name.startsWith("$ACTION_")) return refuse(400, "Unknown server action");
    const unstorable = unstorableText(name) ?? unstorableText(value);
    if (unstorable) return refuse(400, unstorable);
  }
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

/** Reads the rest and throws it away: an unread body would stall the keep-alive connection. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    while (!(await reader.read()).done);
  } catch {
    // The client went away: nothing left to drain.
  }
}
