import "server-only";

import { randomBytes } from "node:crypto";

import type { Config } from "~/infra/config.server";

/**
 * The policy of every response that is not an HTML document (JSON, RSC payloads,
 * static files, redirects, plain-text errors): nothing may load, nothing may frame it.
 */
export const LOCKED_DOWN_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The policy of the service worker's script, which is the worker's own policy: it fetches from this origin (the
 * pages, the built files, the offline page) and nothing else, and loads nothing (decision 0076).
 */
export const SERVICE_WORKER_POLICY = "default-src 'none'; connect-src 'self'; img-src 'self'";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Headers every response carries, whoever answers it (decision 0020). Documents replace the policy with their own. */
export function baseSecurityHeaders(config: Pick<Config, "production">): Record<string, string> {
  return {
    "Content-Security-Policy": LOCKED_DOWN_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Only in production: a development server on http://localhost must not pin the browser to https.
    ...(config.production ? { "Strict-Transport-Security": `max-age=${ONE_YEAR_SECONDS}; includeSubDomains` } : {}),
  };
}

/** A fresh value for one document's inline scripts. */
export function createNonce(): string {
  return randomBytes(18).toString("base64");
}

export interface DocumentPolicyOptions {
  /** The nonce of the document's inline scripts; null for a document that has none (a prerendered visitor page). */
  nonce: string | null;
  /** The origin the browser loaded the page from: the live channel's WebSocket is on the same host. */
  pageOrigin: string;
  config: Pick<Config, "storage" | "oidc">;
  /** Vite's development server: React's development build calls eval() to name server stack frames. */
  allowEval?: boolean;
}

/**
 * The Content-Security-Policy of an HTML document: scripts only from this
 * origin or inline with this request's nonce; what the app really loads and
 * talks to (storage for images and Uppy's uploads, the identity provider for
 * sign-in redirects) and nothing else.
 */
export function documentPolicy({ nonce, pageOrigin, config, allowEval = false }: DocumentPolicyOptions): string {
  const storage = originOf(config.storage.publicUrl);
  const page = new URL(pageOrigin);
  const socket = `${page.protocol === "https:" ? "wss:" : "ws:"}//${page.host}`;
  const directives: Record<string, Array<string | null>> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", nonce === null ? null : `'nonce-${nonce}'`, allowEval ? "'unsafe-eval'" : null],
    // Server-rendered style attributes (the avatar's photo) and the <style> tags Radix and Uppy add at run time.
    "style-src": ["'self'", "'unsafe-inline'"],
    // https: because profile photos may come from the identity provider (the OpenID `picture` claim).
    "img-src": ["'self'", "data:", "blob:", "https:", storage],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", socket, storage],
    // The service worker (/sw.js) and the web app manifest (decision 0076).
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "form-action": ["'self'", originOf(config.oidc.issuer)],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources.filter((source) => source !== null))].join(" "))
    .join("; ");
}

function originOf(url: string): string {
  return new URL(url).origin;
}
