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
  /** Whether the module exports a loader (GET) that does more than answer 405. */
  loader: boolean;
  /** Whether the module exports an action (POST, PATCH, DELETE). */
  action: boolean;
}

function exportsFunction(source: string, name: string): boolean {
  return new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+(const|let)\\s+${name}\\b`).test(source);
}

/** A loader (or action) that only refuses the method is not an endpoint of its own. */
function isMethodNotAllowedStub(source: string, handler: "loader" | "action"): boolean {
  if (handler === "action") return /export\s+const\s+action\s*=\s*readOnly\s*;/.test(source);
  return /export\s+function\s+loader\(\)\s*\{\s*return\s+apiError\(405\b/.test(source) || /export\s+const\s+loader\s*=\s*writeOnly\s*;/.test(source);
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
    return {
      pattern,
      file,
      loader: exportsFunction(source, "loader") && !isMethodNotAllowedStub(source, "loader"),
      action: exportsFunction(source, "action") && !isMethodNotAllowedStub(source, "action"),
    };
  });
}
