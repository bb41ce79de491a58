// OpenTelemetry traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set: `node --import ./telemetry.ts server.ts` (the start
// commands and the Dockerfile do this) registers Node's standard auto-instrumentations before the server loads,
// exporting OTLP with the SDK's standard variables (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_PROTOCOL, …). Without
// the variable nothing is loaded. server.ts flushes the spans on shutdown through `globalThis.nearhandTelemetry`.
import { register } from "node:module";

declare global {
  var nearhandTelemetry: { shutdown(): Promise<void> } | undefined;
}

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  // ES modules are instrumented through a loader hook, registered before anything instrumentable is imported.
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url);
  const { NodeSDK } = await import("@opentelemetry/sdk-node");
  const { getNodeAutoInstrumentations } = await import("@opentelemetry/auto-instrumentations-node");
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? "nearhand",
    // File-system spans would be most of the noise (static files, templates) and none of the answers.
    instrumentations: [getNodeAutoInstrumentations({ "@opentelemetry/instrumentation-fs": { enabled: false } })],
  });
  sdk.start();
  globalThis.nearhandTelemetry = sdk;
}
