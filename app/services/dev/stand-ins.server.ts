import "server-only";
// The development stand-ins, loaded by the development entry (node-services.server.ts) only when a service has no
// real one configured; each refuses to run in production.
export { startMailCatcher } from "./mail-catcher.server";
export { createDevOidcProvider, type DevOidcProvider } from "./oidc.server";
export { startStorageEmulator } from "./storage-emulator.server";
export { serveStorageRequest } from "./storage-proxy.server";
