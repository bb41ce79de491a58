// Every route the app declares (app/routes.ts) and the request handlers its
// module exports, read from the source: what an authorization table must cover.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";

import routes from "../../app/routes.ts";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

export interface DeclaredRoute {
  /** The URL pattern as declared, with a leading slash: "/api/bookings/:id". */
  pattern: string;
  file: string;
  /** Whether the module exports a loader (GET): for an /api route, whether it declares GET (its loader answers 405 otherwise). */
  loader: boolean;
  /** Whether the module exports an action (POST, PATCH, DELETE): for an /api route, whether it declares one of them. */
  action: boolean;
}

function exportsFunction(source: string, name: string): boolean {
  return new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+(const|let)\\s+${name}\\b`).test(source);
}

/**
 * The methods an /api route module declares (`export const { endpoints, loader, action } = apiRoute({ get: …, post: … })`,
 * decision 0070): its loader and action are the adapters of them, which refuse any other method. Null for another module.
 */
function declaredApiMethods(source: string): string[] | null {
  const start = source.search(/^export const \{ endpoints, loader, action \} = apiRoute\(/m);
  if (start < 0) return null;
  const block = source.slice(start);
  const oneLine = /^export const [^=]*= apiRoute\(\{([^\n]*)\}\);/.exec(block);
  const keys = oneLine
    ? oneLine[1]!.matchAll(/\b(get|post|patch|delete):/g)
    : block.slice(0, block.indexOf("\n});")).matchAll(/^ {2}(get|post|patch|delete):/gm);
  return [...keys].map((key) => key[1]!);
}

function flatten(entries: RouteConfigEntry[], parent = ""): Array<{ pattern: string; file: string }> {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent || "/" : `${parent.replace(/\/$/, "")}/${entry.path ?? ""}`.replace(/\/+$/, "") || "/";
    return [{ pattern: own, file: entry.file }, ...flatten(entry.children ?? [], own)];
  });
}

export function declaredRoutes(): DeclaredRoute[] {
  return flatten(routes).map(({ pattern, file }) => {
    const source = readFileSync(path.join(APP_DIR, file), "utf8");
    const methods = declaredApiMethods(source);
    if (methods) return { pattern, file, loader: methods.includes("get"), action: methods.some((method) => method !== "get") };
    return { pattern, file, loader: exportsFunction(source, "loader"), action: exportsFunction(source, "action") };
  });
}
