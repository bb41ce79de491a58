import "server-only";

// The development stand-ins, loaded by the development entry (node-services.server.ts) only when a service has no
// real one configured; each refuses to run in production.
export { startMailCatcher } from "~/dev/mail-catcher.server";
export { createDevOidcProvider, type DevOidcProvider } from "~/dev/oidc.server";
export { startStorageEmulator } from "~/dev/storage-emulator.server";
export { serveStorageRequest } from "~/dev/storage-proxy.server";
