import { readdirSync } from "node:fs";
import { index, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

// Relative: this module runs in @react-router/dev's config context, where the app's `~` alias is not set up.
import { apiRoutePath } from "./lib/api-route-files.ts";

/**
 * Paths are case-sensitive (decision 0063): /Favorites is an unknown page, as /API/… is no API path to the checks
 * that run ahead of the routes (app/http/request-target.server.ts).
 */
const caseSensitive = (routes: RouteConfigEntry[]): RouteConfigEntry[] => routes.map((entry) => ({ ...entry, caseSensitive: true }));

/**
 * The JSON API: every module of app/routes/api/ is a route, its path its file name (jobs.$id.ts is api/jobs/:id;
 * app/lib/api-route-files.ts), and declares its methods itself (decision 0070).
 */
function apiRoutes(): RouteConfigEntry[] {
  const files = readdirSync(new URL("./routes/api/", import.meta.url)).filter((file) => file.endsWith(".ts"));
  return files.sort().map((file) => route(apiRoutePath(file), `routes/api/${file}`));
}

export default caseSensitive([
  index("routes/home.tsx"),
  route("switch-role", "routes/switch-role.tsx"),
  route("availability", "routes/availability.ts"),
  route("post-job", "routes/post-job.tsx"),
  route("jobs/:id", "routes/job-detail.tsx"),
  route("my-jobs", "routes/my-jobs.tsx"),
  route("bookings/:id", "routes/booking-detail.tsx"),
  route("bookings/:id/calendar.ics", "routes/booking-calendar.ts"),
  route("profile", "routes/profile.tsx"),
  route("providers", "routes/providers.tsx"),
  route("providers/:id", "routes/provider-profile.tsx"),
  route("providers/:id/request", "routes/request-provider.tsx"),
  route("messages", "routes/messages.tsx"),
  route("notifications", "routes/notifications.tsx"),
  route("favorites", "routes/favorites.tsx"),
  route("favorites/toggle", "routes/favorite-toggle.ts"),
  route("report", "routes/report.tsx"),
  route("blocks", "routes/blocks.ts"),
  route("profile/photo", "routes/profile-photo.ts"),
  route("profile/email-alerts", "routes/profile-email-alerts.ts"),
  route("profile/calendar-feed", "routes/profile-calendar-feed.ts"),
  route("calendar/:file", "routes/calendar-feed.ts"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("unsubscribe/one-click", "routes/unsubscribe-one-click.ts"),
  route("sign-in/refused", "routes/sign-in-refused.tsx"),
  route("offline", "routes/offline.tsx"),
  route("admin", "routes/admin/overview.tsx"),
  route("admin/reports", "routes/admin/reports.tsx"),
  route("admin/users", "routes/admin/users.tsx"),
  route("admin/users/:id", "routes/admin/user.tsx"),
  route("admin/audit", "routes/admin/audit.tsx"),
  route("admin/signals", "routes/admin/signals.tsx"),
  route("dev/mail", "routes/dev/mail.tsx"),
  route("dev/fail/resource", "routes/dev/fail-resource.ts"),
  route("dev/fail/:stage", "routes/dev/fail-page.tsx"),

  ...apiRoutes(),
  route("images/*", "routes/images.ts"),
  route("icons.svg", "routes/icon-sprite.ts"),

  route("*", "routes/not-found.tsx"),
]) satisfies RouteConfig;
