import "server-only";

import { timingSafeEqual } from "node:crypto";
import { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { S3Client } from "@aws-sdk/client-s3";
import { S3RequestPresigner } from "@aws-sdk/s3-request-presigner";

import { forward } from "~/dev/http-proxy.server";
import { LOCKED_DOWN_POLICY } from "~/http/security-headers.server";
import { IMAGE_KEY, PRESIGN_TTL_SECONDS, STAGED_KEY } from "~/infra/storage.server";
import { IMAGE_TYPE_LIST, IMAGE_TYPES, UPLOAD_DEFAULT_MAX_BYTES } from "~/lib/uploads";

// The embedded storage emulator (development and tests) checks no signature, so
// the app's /_storage proxy does: it forwards only what the app itself presigned
// (storage.server.ts presignUpload, presignStagedUpload and presignDownload), as S3 would check it,
// and refuses what S3 would take but no save accepts (an upload past the largest cap).

export interface PresignVerifier {
  /** The client whose credentials sign the app's URLs. */
  signer: S3Client;
  bucket: string;
  /** Where the signed URLs point (config.storage.publicUrl): its host is the one signed. */
  publicUrl: string;
}

export interface StorageRequest {
  method?: string;
  /** The request target as received: path and query. */
  url?: string;
  headers: IncomingHttpHeaders;
}

export type PresignVerdict =
  | { ok: true; method: "GET"; key: string }
  | { ok: true; method: "PUT"; key: string; contentType: string; contentLength: number }
  | { ok: false; status: 403; reason: string };

type Method = "GET" | "PUT";

/** What each method's URL carries, exactly as the app signs it (it signs no other method). */
const SIGNED_AS: Record<Method, { operation: string; signedHeaders: string }> = {
  GET: { operation: "GetObject", signedHeaders: "host" },
  PUT: { operation: "PutObject", signedHeaders: "content-length;content-type;host" },
};
/** A staged upload's URL signs no header but the host: type and length are checked when it is saved. */
const STAGED_SIGNED_HEADERS = "host";
const QUERY_PARAMETERS = [
  "X-Amz-Algorithm",
  "X-Amz-Content-Sha256",
  "X-Amz-Credential",
  "X-Amz-Date",
  "X-Amz-Expires",
  "X-Amz-Signature",
  "X-Amz-SignedHeaders",
  "x-id",
] as const;
type QueryParameter = (typeof QUERY_PARAMETERS)[number];
/** A URL dated this far ahead of the clock is refused (one process signs and checks: no skew). */
const CLOCK_SKEW_MS = 60_000;

const refused = (reason: string): PresignVerdict => ({ ok: false, status: 403, reason });

/**
 * Whether a request to the proxy is a GET or PUT of one image key that the
 * app presigned, unexpired, with the signed content type and length: the
 * signature is computed again for the request as received, for the host that
 * was signed (publicUrl's, not the request's Host), and compared in constant time.
 */
export async function verifyPresignedRequest(request: StorageRequest, verifier: PresignVerifier, now = new Date()): Promise<PresignVerdict> {
  const method = request.method as Method;
  if (!Object.hasOwn(SIGNED_AS, method)) return refused("only GET and PUT of a presigned URL");
  const target = request.url ?? "";
  const queryStart = target.indexOf("?");
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const signedUrl = new URL(verifier.publicUrl);
  // The raw path: no dot segment, encoded character or empty segment fits the key's shape.
  const prefix = `${signedUrl.pathname.replace(/\/$/, "")}/${verifier.bucket}/`;
  const key = path.startsWith(prefix) ? path.slice(prefix.length) : "";
  // A staged upload (the spec's plain call) is only ever written, with any type and length the cap allows.
  const staged = STAGED_KEY.test(key);
  if (!IMAGE_KEY.test(key) && !(staged && method === "PUT")) return refused("not an image key of the bucket");

  const query = parseQuery(queryStart === -1 ? "" : target.slice(queryStart + 1));
  if (!query) return refused("not a presigned URL");
  const expected = SIGNED_AS[method];
  if (
    query["X-Amz-Algorithm"] !== "AWS4-HMAC-SHA256" ||
    query["X-Amz-Content-Sha256"] !== "UNSIGNED-PAYLOAD" ||
    query["x-id"] !== expected.operation ||
    query["X-Amz-SignedHeaders"] !== (staged ? STAGED_SIGNED_HEADERS : expected.signedHeaders) ||
    !/^[0-9a-f]{64}$/.test(query["X-Amz-Signature"])
  ) {
    return refused("not a presigned URL for this method");
  }
  const signedAt = parseAmzDate(query["X-Amz-Date"]);
  const expiresIn = /^[1-9]\d{0,5}$/.test(query["X-Amz-Expires"]) ? Number(query["X-Amz-Expires"]) : 0;
  if (!signedAt || expiresIn === 0 || expiresIn > PRESIGN_TTL_SECONDS) return refused("not a presigned URL the app makes");
  if (signedAt.getTime() - CLOCK_SKEW_MS > now.getTime()) return refused("presigned URL not valid yet");
  if (now.getTime() > signedAt.getTime() + expiresIn * 1000) return refused("presigned URL expired");

  const headers: Record<string, string> = {};
  let upload: { contentType: string; contentLength: number } | undefined;
  if (method === "PUT") {
    const contentType = request.headers["content-type"] ?? "";
    const length = request.headers["content-length"] ?? "";
    if (request.headers["transfer-encoding"] !== undefined || !/^\d{1,9}$/.test(length)) return refused("an upload needs its Content-Length");
    const image = (IMAGE_TYPE_LIST as string[]).includes(contentType);
    if (!image && !staged) return refused("not an image type");
    const contentLength = Number(length);
    if (contentLength > UPLOAD_DEFAULT_MAX_BYTES) return refused("upload too large");
    if (!staged) {
      headers["content-type"] = contentType;
      headers["content-length"] = String(contentLength);
    }
    upload = { contentType: image ? contentType : "application/octet-stream", contentLength };
  }

  const presigned = await presignerFor(verifier.signer).presign(
    {
      method,
      protocol: signedUrl.protocol,
      hostname: signedUrl.hostname,
      port: signedUrl.port ? Number(signedUrl.port) : undefined,
      path,
      query: { "x-id": expected.operation },
      headers,
    },
    { signingDate: signedAt, expiresIn, signableHeaders: new Set(Object.keys(headers)) },
  );
  const computed = presigned.query?.["X-Amz-Signature"];
  if (typeof computed !== "string" || !sameSignature(computed, query["X-Amz-Signature"])) return refused("signature does not match");
  return upload ? { ok: true, method: "PUT", key, ...upload } : { ok: true, method: "GET", key };
}

const presigners = new WeakMap<S3Client, S3RequestPresigner>();

/** The presigner getSignedUrl builds from the signer's configuration. */
function presignerFor(signer: S3Client): S3RequestPresigner {
  let presigner = presigners.get(signer);
  if (!presigner) {
    presigner = new S3RequestPresigner({ ...signer.config });
    presigners.set(signer, presigner);
  }
  return presigner;
}

/** The presigned URL's parameters, each once and nothing else; null otherwise. */
function parseQuery(search: string): Record<QueryParameter, string> | null {
  const params = new URLSearchParams(search);
  const names = [...params.keys()];
  if (names.length !== QUERY_PARAMETERS.length || new Set(names).size !== names.length) return null;
  if (!names.every((name) => (QUERY_PARAMETERS as readonly string[]).includes(name))) return null;
  return Object.fromEntries(names.map((name) => [name, params.get(name)!])) as Record<QueryParameter, string>;
}

/** 20260501T120000Z → a Date, or null. */
function parseAmzDate(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function sameSignature(computed: string, given: string): boolean {
  const a = Buffer.from(computed, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

const REFUSED_BODY_DRAIN_BYTES = 64 * 1024;

/** What an answer from the proxy may carry of the emulator's headers. */
const PASSED_HEADERS = ["content-length", "content-range", "accept-ranges", "etag", "last-modified"];
/** What a GET may ask of the emulator besides the key. */
const FORWARDED_HEADERS = ["range", "if-match", "if-none-match", "if-modified-since", "if-unmodified-since"];

/**
 * Serves one request under the proxy path: refused with a plain 403 unless
 * presigned by the app; otherwise forwarded to the emulator with only the
 * headers it needs, and answered as an image (inline) or as an opaque download
 * (attachment, application/octet-stream), never as a document a browser renders.
 */
export async function serveStorageRequest(
  req: IncomingMessage,
  res: ServerResponse,
  verifier: PresignVerifier & { emulatorUrl: string },
): Promise<void> {
  const verdict = await verifyPresignedRequest(req, verifier).catch((): PresignVerdict => refused("signature could not be checked"));
  if (!verdict.ok) {
    // A small body is read and dropped; a large or endless one is not waited for: the connection closes.
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > REFUSED_BODY_DRAIN_BYTES || req.headers["transfer-encoding"] !== undefined) res.setHeader("Connection", "close");
    req.resume();
    answerPlain(res, verdict.status, `${STATUS_CODES[verdict.status]} (${verdict.reason})`);
    return;
  }
  const headers: Record<string, string> = {};
  if (verdict.method === "PUT") {
    headers["content-type"] = verdict.contentType;
    headers["content-length"] = String(verdict.contentLength);
  } else {
    for (const name of FORWARDED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
  }
  const filename = verdict.key.slice(verdict.key.lastIndexOf("/") + 1);
  forward(req, res, {
    target: verifier.emulatorUrl,
    method: verdict.method,
    path: `/${verifier.bucket}/${verdict.key}`,
    headers,
    bodyLength: verdict.method === "PUT" ? verdict.contentLength : 0,
    answer(status, upstream) {
      if (status >= 400) return { status, headers: plainHeaders(), body: STATUS_CODES[status] ?? "Storage error" };
      const answer: Record<string, string> = { ...objectHeaders(upstream["content-type"], filename) };
      for (const name of PASSED_HEADERS) {
        const value = upstream[name];
        if (typeof value === "string") answer[name] = value;
      }
      return { status, headers: answer };
    },
  });
}

/** An image type the app stores is shown inline; anything else is a download no browser renders. */
export function objectHeaders(contentType: string | undefined, filename: string): Record<string, string> {
  const image = contentType !== undefined && Object.hasOwn(IMAGE_TYPES, contentType);
  return {
    "Content-Type": image ? contentType : "application/octet-stream",
    "Content-Disposition": `${image ? "inline" : "attachment"}; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": `${LOCKED_DOWN_POLICY}; sandbox`,
  };
}

function plainHeaders(): Record<string, string> {
  return { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
}

function answerPlain(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { ...plainHeaders(), "Content-Length": String(Buffer.byteLength(body)) });
  res.end(body);
}
