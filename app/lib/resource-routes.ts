// The routes of app/routes.ts whose module renders nothing (resource routes: forms posted without
// JavaScript, images, the icon sprite) besides everything under /api/. tests/unit/resource-routes.test.ts
// keeps this list equal to routes.ts.

export const RESOURCE_ROUTE_PATTERNS: ReadonlySet<string> = new Set([
  "/availability",
  "/favorites/toggle",
  "/blocks",
  "/profile/photo",
  "/profile/email-alerts",
  "/profile/calendar-feed",
  "/profile/push",
  "/bookings/:id/calendar.ics",
  "/calendar/:file",
  "/unsubscribe/one-click",
  "/dev/fail/resource",
  "/images/*",
  "/icons.svg",
]);

/** Whether a matched route pattern is a resource route rather than a page (a middleware's `pattern` has no leading slash). */
export function isResourceRoutePattern(pattern: string): boolean {
  const path = pattern.startsWith("/") ? pattern : `/${pattern}`;
  return path.startsWith("/api/") || RESOURCE_ROUTE_PATTERNS.has(path);
}
