// OpenTelemetry: with OTEL_EXPORTER_OTLP_ENDPOINT set, the server exports its requests' spans over OTLP (here to a
// receiver of this test's, in OTLP/JSON).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

interface ExportedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  status?: { code?: number };
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}
interface TraceExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: ExportedSpan[] }>;
  }>;
}

/** An OTLP/HTTP receiver: keeps every trace export posted to /v1/traces. */
async function startReceiver() {
  const exports: TraceExport[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces") exports.push(JSON.parse(body) as TraceExport);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SERVER_SPAN = 2; // SpanKind.SERVER in OTLP
const CLIENT_SPAN = 3;

describe("traces", () => {
  let app: AppServer | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
  });

  it("export each request as a server span of the service 'nearhand' when OTEL_EXPORTER_OTLP_ENDPOINT is set", { timeout: 120_000 }, async () => {
    receiver = await startReceiver();
    app = await startAppServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "100",
    });
    expect((await fetch(`${app.url}/api/categories`)).status).toBe(401);
    const serverSpans = () =>
      receiver!.exports.flatMap((e) =>
        e.resourceSpans.flatMap((r) =>
          r.scopeSpans.flatMap((s) =>
            s.spans
              .filter((span) => span.kind === SERVER_SPAN)
              .map((span) => ({ span, service: r.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue })),
          ),
        ),
      );
    const attribute = (span: ExportedSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;
    await expect
      .poll(() => serverSpans().some(({ span }) => attribute(span, "url.path")?.stringValue === "/api/categories"), { timeout: 20_000 })
      .toBe(true);
    const { span, service } = serverSpans().find(({ span }) => attribute(span, "url.path")?.stringValue === "/api/categories")!;
    expect(service).toBe("nearhand");
    expect(Number(attribute(span, "http.response.status_code")?.intValue)).toBe(401);

    // A signed-in request's statements are client spans of the same trace, under its server span.
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("traces"), "Tracy", "Spans");
    expect((await client.request("/api/categories")).status).toBe(200);
    const spans = () => receiver!.exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    const categoriesSpan = () =>
      spans().find(
        (s) =>
          s.kind === SERVER_SPAN &&
          attribute(s, "url.path")?.stringValue === "/api/categories" &&
          Number(attribute(s, "http.response.status_code")?.intValue) === 200,
      );
    await expect.poll(() => Boolean(categoriesSpan()), { timeout: 20_000 }).toBe(true);
    const request = categoriesSpan()!;
    const byId = new Map(spans().map((s) => [s.spanId, s]));
    const under = (s: ExportedSpan): boolean =>
      s.parentSpanId === request.spanId || Boolean(s.parentSpanId && byId.has(s.parentSpanId) && under(byId.get(s.parentSpanId)!));
    await expect
      .poll(
        () =>
          spans().filter(
            (s) => s.kind === CLIENT_SPAN && s.traceId === request.traceId && attribute(s, "db.system.name")?.stringValue === "postgresql",
          ).length,
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(1);
    const statements = spans().filter(
      (s) => s.kind === CLIENT_SPAN && s.traceId === request.traceId && attribute(s, "db.system.name")?.stringValue === "postgresql",
    );
    expect(statements.every(under)).toBe(true);
    expect(statements.map((s) => s.name)).toContain("SELECT");
    expect(statements.every((s) => !attribute(s, "db.query.text")?.stringValue?.includes("Tracy"))).toBe(true);
  });
});
