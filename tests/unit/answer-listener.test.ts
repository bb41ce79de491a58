import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";

import { answerListener, type FetchHandler } from "~/http/answer-listener.server";
import { compressResponse, textResponse } from "~/http/compression.server";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Serves `handle` through the listener on a port of its own; `ask` sends one request and reads the raw answer. */
async function serve(handle: FetchHandler, errors: unknown[] = []) {
  const server = http.createServer(answerListener(handle, (error) => errors.push(error)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return (method = "GET", headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, method, path: "/api/x", headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on("error", reject);
      request.end();
    });
}

const text = JSON.stringify({ city: "Zürich", items: Array.from({ length: 200 }, (_, i) => ({ i, name: `Job ${i} — naïve café` })) });

function jsonAnswer(): Response {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
  headers.append("Set-Cookie", "a=1; Path=/");
  headers.append("Set-Cookie", "b=2; Path=/");
  return textResponse(text, { status: 201, headers });
}

describe("answerListener", () => {
  it("writes a finished answer's exact bytes with its length, status and every cookie apart", async () => {
    const ask = await serve(async () => jsonAnswer());
    const answer = await ask();
    expect(answer.status).toBe(201);
    expect(answer.body.toString("utf8")).toBe(text);
    expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(text));
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("writes a compressed finished answer with the compressed length, decoding to the text", async () => {
    const ask = await serve(async (request) => compressResponse(request, jsonAnswer()));
    for (const [encoding, decode] of [
      ["zstd", zlib.zstdDecompressSync],
      ["br", zlib.brotliDecompressSync],
      ["gzip", zlib.gunzipSync],
    ] as const) {
      const answer = await ask("GET", { "Accept-Encoding": encoding });
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.byteLength);
      expect(decode(answer.body).toString("utf8")).toBe(text);
    }
  });

  it("answers HEAD with the headers alone", async () => {
    const ask = await serve(async () => jsonAnswer());
    const answer = await ask("HEAD");
    expect(answer.status).toBe(201);
    expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(text));
    expect(answer.body.byteLength).toBe(0);
  });

  it("streams any other answer as it comes", async () => {
    const encoder = new TextEncoder();
    const ask = await serve(async () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode("<p>first</p>"));
          await new Promise((resolve) => setTimeout(resolve, 10));
          controller.enqueue(encoder.encode("<p>later</p>"));
          controller.close();
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/html" } });
    });
    const answer = await ask();
    expect(answer.status).toBe(200);
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(answer.body.toString()).toBe("<p>first</p><p>later</p>");
  });

  it("answers 500 when the handler fails, and reports the error", async () => {
    const errors: unknown[] = [];
    const failure = new Error("the database went away");
    const ask = await serve(async () => {
      throw failure;
    }, errors);
    const answer = await ask();
    expect(answer.status).toBe(500);
    expect(answer.body.toString()).toBe("Internal Server Error");
    expect(errors).toEqual([failure]);
  });

  it("hands the handler the client's address", async () => {
    const ask = await serve(async (_request, client) => textResponse(JSON.stringify(client.address), { headers: new Headers() }));
    expect(JSON.parse((await ask()).body.toString())).toBe("127.0.0.1");
  });
});
