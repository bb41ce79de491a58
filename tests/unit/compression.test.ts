import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";

import { json } from "~/http/api.server";
import { brotliWindowBits, compressResponse, LARGEST_SYNCHRONOUS_COMPRESSION, negotiateEncoding } from "~/http/compression.server";

const big = "<p>Nearhand</p>".repeat(200);

/** Decodes a body sent in one of the encodings the app sends. */
const decode = (encoding: string, bytes: Buffer): Buffer =>
  ({ zstd: zlib.zstdDecompressSync, br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync })[encoding]!(bytes);

describe("negotiateEncoding", () => {
  it("prefers zstd, then brotli, then gzip, and honours q=0", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("zstd");
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("zstd;q=0, br")).toBe("br");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding(null)).toBeNull();
  });

  it("takes the encoding the client rates highest, and only among those offered", () => {
    expect(negotiateEncoding("zstd;q=0.5, br;q=0.9, gzip;q=0.1")).toBe("br");
    expect(negotiateEncoding("*")).toBe("zstd");
    expect(negotiateEncoding("gzip, deflate, br, zstd", ["br", "gzip"])).toBe("br");
    expect(negotiateEncoding("zstd", ["br", "gzip"])).toBeNull();
  });
});

describe("compressResponse", () => {
  const request = (encoding: string) => new Request("http://x/", { headers: { "Accept-Encoding": encoding } });

  it("compresses HTML the client accepts and says so", async () => {
    const response = compressResponse(request("br"), new Response(big, { headers: { "Content-Type": "text/html" } }));
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(big.length / 5);
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(big);
  });

  it("compresses a finished body of any size with a window just large enough for it, decoding to the same bytes", async () => {
    expect([1, 1024, 1025, 70_000, 2 ** 30].map(brotliWindowBits)).toEqual([10, 10, 11, 17, 24]);
    for (const size of [2_000, 65_537, 300_000]) {
      const text = Array.from({ length: size }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join("");
      const finished = new Response(text, { headers: { "Content-Type": "text/html", "Content-Length": String(size) } });
      const bytes = Buffer.from(await compressResponse(request("br"), finished).arrayBuffer());
      expect(zlib.brotliDecompressSync(bytes).toString()).toBe(text);
    }
  });

  it("leaves images, small bodies and clients without compression alone", () => {
    const png = new Response(big, { headers: { "Content-Type": "image/png" } });
    expect(compressResponse(request("br"), png)).toBe(png);
    const tiny = new Response("{}", { headers: { "Content-Type": "application/json", "Content-Length": "2" } });
    expect(compressResponse(request("br"), tiny)).toBe(tiny);
    const finished = new Response(big, { headers: { "Content-Type": "text/html", "Content-Length": String(big.length) } });
    expect(compressResponse(request("identity"), finished)).toBe(finished);
  });

  it("sends a streamed page uncompressed to a client that accepts no compression, its chunks of one turn joined", async () => {
    const encoder = new TextEncoder();
    let sendRest!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ["<main>", "skeleton", "</main>"]) controller.enqueue(encoder.encode(part));
        sendRest = () => {
          controller.enqueue(encoder.encode("<main>content</main>"));
          controller.close();
        };
      },
    });
    const response = compressResponse(request("identity"), new Response(body, { headers: { "Content-Type": "text/html" } }));
    expect(response.headers.get("Content-Encoding")).toBeNull();
    const reader = response.body!.getReader();
    // The three chunks written in one turn arrive as one, before the rest exists.
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("<main>skeleton</main>");
    sendRest();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("<main>content</main>");
    expect((await reader.read()).done).toBe(true);
  });

  it.each(["zstd", "br", "gzip"])("flushes each chunk in %s, so a streamed page shows its first part before the rest exists", async (encoding) => {
    const encoder = new TextEncoder();
    let sendRest!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("<main>skeleton</main>"));
        sendRest = () => {
          controller.enqueue(encoder.encode("<main>content</main>"));
          controller.close();
        };
      },
    });
    const response = compressResponse(request(encoding), new Response(body, { headers: { "Content-Type": "text/html" } }));
    expect(response.headers.get("Content-Encoding")).toBe(encoding);
    const reader = response.body!.getReader();
    const inflate = { zstd: zlib.createZstdDecompress, br: zlib.createBrotliDecompress, gzip: zlib.createGunzip }[encoding]!();
    let seen = "";
    inflate.on("data", (chunk: Buffer) => (seen += chunk.toString()));
    const firstPart = (async () => {
      while (!seen.includes("skeleton")) {
        const chunk = await reader.read();
        if (chunk.done) return "ended";
        inflate.write(chunk.value);
        await new Promise<void>((resolve) => inflate.flush(() => resolve()));
      }
      return seen;
    })();
    const stalled = new Promise((resolve) => setTimeout(() => resolve("stalled"), 2000));
    expect(await Promise.race([firstPart, stalled])).toBe("<main>skeleton</main>");
    sendRest();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) inflate.write(chunk.value);
    await new Promise((resolve) => inflate.end(resolve));
    expect(seen).toBe("<main>skeleton</main><main>content</main>");
  });

  it("stops quietly when the client goes away mid-stream", async () => {
    let push!: (text: string) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      const response = compressResponse(request("gzip"), new Response(body, { headers: { "Content-Type": "text/html" } }));
      push(big);
      const reader = response.body!.getReader();
      await reader.read();
      await reader.cancel();
      push(big);
      push(big);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off("uncaughtException", record);
    }
    expect(uncaught).toEqual([]);
  });
});

describe("compressResponse on a finished body", () => {
  it("compresses a body of known length in one piece, which decodes to the same bytes", async () => {
    const body = "<!doctype html><p>" + "Nearhand finished document. ".repeat(400) + "</p>";
    const length = Buffer.byteLength(body);
    for (const encoding of ["zstd", "br", "gzip"] as const) {
      const response = compressResponse(
        new Request("http://localhost/", { headers: { "Accept-Encoding": encoding } }),
        new Response(body, { headers: { "Content-Type": "text/html", "Content-Length": String(length) } }),
      );
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      expect(response.headers.get("Content-Length")).toBeNull();
      const chunks: Uint8Array[] = [];
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
      expect(chunks).toHaveLength(1);
      const compressed = Buffer.concat(chunks);
      expect(compressed.length).toBeLessThan(length / 10);
      expect(decode(encoding, compressed).toString()).toBe(body);
    }
  });

  it("compresses one larger than it compresses synchronously on the thread pool, to the same bytes", async () => {
    const size = LARGEST_SYNCHRONOUS_COMPRESSION + 1;
    const body = Array.from({ length: size }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join("");
    for (const encoding of ["zstd", "br", "gzip"] as const) {
      const response = compressResponse(
        new Request("http://localhost/", { headers: { "Accept-Encoding": encoding } }),
        new Response(body, { headers: { "Content-Type": "application/json", "Content-Length": String(size) } }),
      );
      const compressed = Buffer.from(await response.arrayBuffer());
      expect(decode(encoding, compressed).toString()).toBe(body);
    }
  });
});

describe("a JSON answer", () => {
  // Non-ASCII on purpose: the length and the compressed bytes are the UTF-8 encoding's, not the string's.
  const data = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Café à Zürich ${i} — 🛠️ réparation` })) };
  const text = JSON.stringify(data);

  it("says its length in UTF-8 bytes and reads back as the same text when nothing compresses it", async () => {
    const answer = json(data);
    expect(answer.headers.get("Content-Length")).toBe(String(Buffer.byteLength(text)));
    expect(Buffer.byteLength(text)).toBeGreaterThan(text.length);
    expect(await answer.text()).toBe(text);
  });

  it("encodes its text only for a reader: the listener writes the kept text, and bytes made before went unread", async () => {
    const encode = vi.spyOn(TextEncoder.prototype, "encode");
    try {
      const answer = json(data);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(encode).not.toHaveBeenCalled();
      expect(Buffer.from(await answer.clone().arrayBuffer()).equals(Buffer.from(text, "utf8"))).toBe(true);
      expect(encode).toHaveBeenCalledTimes(1);
    } finally {
      encode.mockRestore();
    }
  });

  it("is compressed from its text in one piece, which decodes to exactly its UTF-8 bytes", async () => {
    for (const encoding of ["zstd", "br", "gzip"] as const) {
      const response = compressResponse(new Request("http://localhost/api", { headers: { "Accept-Encoding": encoding } }), json(data));
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
      const compressed = Buffer.from(await response.arrayBuffer());
      expect(decode(encoding, compressed).equals(Buffer.from(text, "utf8"))).toBe(true);
    }
  });
});
