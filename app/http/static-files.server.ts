import "server-only";

import { SERVICE_WORKER_POLICY } from "~/http/security-headers.server";

/** The service worker's script: at the root, so its scope is the whole origin without Service-Worker-Allowed. */
export const SERVICE_WORKER_PATH = "/sw.js";

/**
 * The headers of a file of the client build, by its path (server.ts's static files). Built files are named by
 * their content and kept for a year; the service worker's script is checked at every use, so a new build's
 * worker takes over on the next navigation, and carries the worker's own policy (decision 0076); anything else
 * (the icons, the manifest) is kept five minutes.
 */
export function staticFileHeaders(pathname: string): Record<string, string> {
  if (pathname.startsWith("/assets/")) return { "Cache-Control": "public, max-age=31536000, immutable" };
  if (pathname === SERVICE_WORKER_PATH) return { "Cache-Control": "no-cache", "Content-Security-Policy": SERVICE_WORKER_POLICY };
  return { "Cache-Control": "public, max-age=300" };
}
