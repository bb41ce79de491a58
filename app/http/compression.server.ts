import "server-only";

import { promisify } from "node:util";
import zlib from "node:zlib";

const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const SMALLEST_WORTH_COMPRESSING = 1024;

export type Encoding = "zstd" | "br" | "gzip";

/**
 * What an answer compressed as it goes out is offered in, best first (decision 0088): zstd compresses a page about
 * six times faster than brotli at quality 4, for 2–5% more bytes, and every browser that asks for it decodes it.
 */
const ON_THE_FLY: readonly Encoding[] = ["zstd", "br", "gzip"];

/**
 * The encoding the client rates highest among those offered (the offer's order breaks ties), or null for none: no
 * header, nothing offered accepted, or every one refused with q=0.
 */
export function negotiateEncoding<Offered extends Encoding = Encoding>(
  acceptEncoding: string | null,
  offered: readonly Offered[] = ON_THE_FLY as readonly Offered[],
): Offered | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name!.trim(), q ? Number(q[1]) : 1);
  }
  let best: Offered | null = null;
  let bestQ = 0;
  for (const encoding of offered) {
    const q = accepted.get(encoding) ?? accepted.get("*") ?? 0;
    if (q > bestQ) [best, bestQ] = [encoding, q];
  }
  return best;
}

/**
 * The body of each finished answer: the text of one textResponse made (the JSON API's), or the bytes the compression
 * made of it. The compression compresses that text rather than reading the answer's body stream back, and the
 * listener (answer-listener.server.ts) writes it to the socket in one call. An answer some layer replaced is not
 * here, and is read as any other.
 */
const finishedBodies = new WeakMap<Response, string | Uint8Array>();

/**
 * A finished text answer: its Content-Length set, and its text kept for the compression and the listener. Its body
 * stream encodes the text only when something reads it (a test, the development server): `new Response(text)`
 * encoded it at once, 40–190 µs for a 40–56 KB list on a slow machine, for bytes the listener never read (issue 36
 * §3). Its callers set the Content-Type (a stream body has none of its own).
 */
export function textResponse(text: string, init: ResponseInit & { headers: Headers }): Response {
  init.headers.set("Content-Length", String(Buffer.byteLength(text)));
  const response = new Response(encodedWhenRead(text), init);
  finishedBodies.set(response, text);
  return response;
}

const utf8 = new TextEncoder();

/** A stream of the text's bytes, encoded at the first read: with no room queued (highWaterMark 0) it pulls nothing before. */
function encodedWhenRead(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream(
    {
      pull(controller) {
        controller.enqueue(utf8.encode(text));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The whole body of a finished answer (textResponse's, or its compressed form), or undefined for any other. */
export function finishedBody(response: Response): string | Uint8Array | undefined {
  return finishedBodies.get(response);
}

/**
 * Compresses an HTML, RSC or JSON response. A streamed one (no Content-Length) is compressed on the fly, its chunks
 * joined in short batches each flushed, so streamed pages (skeletons first, content later) still stream; a
 * finished one in one call. A streamed one a client takes uncompressed is batched the same way.
 */
export function compressResponse(request: Request, response: Response): Response {
  if (!response.body || request.method === "HEAD" || response.headers.has("Content-Encoding")) return response;
  if (!COMPRESSIBLE_TYPE.test(response.headers.get("Content-Type") ?? "")) return response;
  const length = response.headers.get("Content-Length");
  if (length !== null && Number(length) < SMALLEST_WORTH_COMPRESSING) return response;
  const encoding = negotiateEncoding(request.headers.get("Accept-Encoding"));
  if (!encoding) return length === null ? withBody(response, response.body.pipeThrough(coalescing()), response.headers) : response;

  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  headers.append("Vary", "Accept-Encoding");
  const text = finishedBodies.get(response);
  if (typeof text === "string" && length !== null && Number(length) <= LARGEST_SYNCHRONOUS_COMPRESSION) {
    const compressed = compressFinished(Buffer.from(text), encoding, Number(length)) as Buffer;
    const bytes = new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength);
    headers.set("Content-Length", String(bytes.byteLength));
    const finished = withBody(response, bytes, headers);
    finishedBodies.set(finished, bytes);
    return finished;
  }
  // A finished body (its length known: a whole document, a JSON answer) is compressed in one call, sized for it.
  const body =
    length !== null
      ? compressedWhole(response, encoding, Number(length))
      : response.body.pipeThrough(coalescing()).pipeThrough(flushingCompressor(encoding));
  return withBody(response, body, headers);
}

function withBody(response: Response, body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>, headers: Headers): Response {
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** How long the first chunk of a batch waits for more. */
const BATCH_WINDOW_MS = 8;
/** Above this many bytes waiting, a batch goes out at once. */
const LARGEST_BATCH = 64 * 1024;

/**
 * Joins the small chunks a streamed render writes within a few milliseconds into one: each chunk was a socket write
 * (and, compressed, a compressor flush on the thread pool), about 1 ms of the seeker home's 11–12 ms of CPU
 * (issue 19). A part a page streams later (a suspended part) goes out at most BATCH_WINDOW_MS after it is written.
 */
function coalescing(): TransformStream<Uint8Array, Uint8Array> {
  let waiting: Uint8Array[] = [];
  let size = 0;
  let scheduled: NodeJS.Timeout | undefined;
  let send = () => {};
  return new TransformStream({
    start(controller) {
      send = () => {
        if (scheduled) clearTimeout(scheduled);
        scheduled = undefined;
        if (!waiting.length) return;
        const batch = waiting.length === 1 ? waiting[0]! : Buffer.concat(waiting, size);
        waiting = [];
        size = 0;
        try {
          controller.enqueue(batch);
        } catch {
          // the client went away: the stream is cancelled
        }
      };
    },
    transform(chunk) {
      waiting.push(chunk);
      size += chunk.byteLength;
      if (size >= LARGEST_BATCH) send();
      else scheduled ??= setTimeout(send, BATCH_WINDOW_MS);
    },
    flush() {
      send();
    },
  });
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const zstd = promisify(zlib.zstdCompress);
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;
/** zstd's own default level: the provider dashboard's 118 KB in about 0.15 ms (brotli's quality 4: about 1 ms). */
const ZSTD_LEVEL = 3;

/**
 * The smallest brotli window that holds the whole body (brotli's range is 2^10 to 2^24 bytes). Its default, 4 MiB,
 * makes each compressor allocate several MiB that V8 counts as external memory: under load that alone started a
 * full garbage collection every few requests (issue 19: the seeker home cost 17 ms of CPU compressed, 8 without).
 * A window as large as the body compresses it exactly as well.
 */
export function brotliWindowBits(size: number): number {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(Math.max(size, 1)))));
}

/**
 * Up to this size a finished body is compressed in one synchronous call (a JSON answer: about 0.2 ms; the largest
 * page: about 1 ms); a larger one on the thread pool, so it cannot hold up every other request. Measured under a
 * steady load (issue 19): the thread pool's round trip cost about 0.1 ms of CPU per answer, and compressing there
 * made V8 run a full collection every few seconds, each a 50–70 ms stall for the requests in flight (GET
 * /api/jobs/available at 200 req/s: p99 55–65 ms, 7–36 ms compressed in one call; Node's CPU 2.4 → 1.95 ms).
 */
export const LARGEST_SYNCHRONOUS_COMPRESSION = 1024 * 1024;

function compressedWhole(response: Response, encoding: Encoding, size: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async start(controller) {
      try {
        const input = new Uint8Array(await response.arrayBuffer());
        const output = await compressFinished(input, encoding, size);
        controller.enqueue(new Uint8Array(output.buffer, output.byteOffset, output.byteLength));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(size),
  },
});

/** Given the whole body in one call, zstd sizes its window and tables for it (what brotliWindowBits does for brotli). */
const ZSTD_OPTIONS: zlib.ZstdOptions = { params: { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } };

function compressFinished(input: Uint8Array, encoding: Encoding, size: number): Buffer | Promise<Buffer> {
  const synchronous = input.byteLength <= LARGEST_SYNCHRONOUS_COMPRESSION;
  if (encoding === "zstd") return synchronous ? zlib.zstdCompressSync(input, ZSTD_OPTIONS) : zstd(input, ZSTD_OPTIONS);
  if (encoding === "br") return synchronous ? zlib.brotliCompressSync(input, brotliOptions(size)) : brotli(input, brotliOptions(size));
  return synchronous ? zlib.gzipSync(input, { level: GZIP_LEVEL }) : gzip(input, { level: GZIP_LEVEL });
}

/** A streamed body's length is unknown: a 256 KiB window, larger than any page of the app, not brotli's 4 MiB. */
const STREAMED_WINDOW_BITS = 18;

/** A compressor for a streamed body, and how it is told to send all it has so far. */
function streamCompressor(encoding: Encoding): { compressor: zlib.ZstdCompress | zlib.BrotliCompress | zlib.Gzip; flushKind: number } {
  switch (encoding) {
    case "zstd":
      return {
        compressor: zlib.createZstdCompress({
          params: { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL, [zlib.constants.ZSTD_c_windowLog]: STREAMED_WINDOW_BITS },
        }),
        flushKind: zlib.constants.ZSTD_e_flush,
      };
    case "br":
      return {
        compressor: zlib.createBrotliCompress({
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_LGWIN]: STREAMED_WINDOW_BITS },
        }),
        flushKind: zlib.constants.BROTLI_OPERATION_FLUSH,
      };
    case "gzip":
      return { compressor: zlib.createGzip({ level: GZIP_LEVEL }), flushKind: zlib.constants.Z_SYNC_FLUSH };
  }
}

function flushingCompressor(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const { compressor, flushKind } = streamCompressor(encoding);
  return new TransformStream({
    start(controller) {
      // When the client goes away the stream is cancelled: stop compressing instead of enqueuing.
      compressor.on("data", (chunk: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(chunk));
        } catch {
          compressor.destroy();
        }
      });
      compressor.on("error", (error) => {
        try {
          controller.error(error);
        } catch {
          // already cancelled
        }
      });
    },
    transform(chunk) {
      return new Promise((resolve) => {
        compressor.write(chunk);
        compressor.flush(flushKind, () => resolve());
      });
    },
    flush() {
      return new Promise((resolve) => {
        compressor.once("end", () => resolve());
        compressor.end();
      });
    },
  });
}
