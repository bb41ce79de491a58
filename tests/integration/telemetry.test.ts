// OpenTelemetry: with OTEL_EXPORTER_OTLP_ENDPOINT set, the server exports its requests' spans over OTLP (here to a
// receiver of this test's, in OTLP/JSON).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";

interface ExportedSpan {
  name: string;
  kind: number;
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
            s.spans.filter((span) => span.kind === SERVER_SPAN).map((span) => ({ span, service: r.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue })),
          ),
        ),
      );
    const attribute = (span: ExportedSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;
    await expect.poll(() => serverSpans().some(({ span }) => attribute(span, "url.path")?.stringValue === "/api/categories"), { timeout: 20_000 }).toBe(true);
    const { span, service } = serverSpans().find(({ span }) => attribute(span, "url.path")?.stringValue === "/api/categories")!;
    expect(service).toBe("nearhand");
    expect(Number(attribute(span, "http.response.status_code")?.intValue)).toBe(401);
  });
});
