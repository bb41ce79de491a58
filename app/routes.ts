import { type RouteConfig, type RouteConfigEntry, index, route } from "@react-router/dev/routes";

/**
 * Paths are case-sensitive (decision 0063): /Favorites is an unknown page, as /API/… is no API path to the checks
 * that run ahead of the routes (app/services/request-target.server.ts).
 */
const caseSensitive = (routes: RouteConfigEntry[]): RouteConfigEntry[] => routes.map((entry) => ({ ...entry, caseSensitive: true }));

export default caseSensitive([
  index("routes/home.tsx"),
  route("switch-role", "routes/switch-role.tsx"),
  route("availability", "routes/availability.ts"),
  route("post-job", "routes/post-job.tsx"),
  route("jobs/:id", "routes/job-detail.tsx"),
  route("my-jobs", "routes/my-jobs.tsx"),
  route("bookings/:id", "routes/booking-detail.tsx"),
  route("profile", "routes/profile.tsx"),
  route("providers/:id", "routes/provider-profile.tsx"),
  route("messages", "routes/messages.tsx"),
  route("notifications", "routes/notifications.tsx"),
  route("favorites", "routes/favorites.tsx"),
  route("favorites/toggle", "routes/favorite-toggle.ts"),
  route("profile/photo", "routes/profile-photo.ts"),
  route("profile/email-alerts", "routes/profile-email-alerts.ts"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("unsubscribe/one-click", "routes/unsubscribe-one-click.ts"),
  route("dev/mail", "routes/dev/mail.tsx"),
  route("dev/fail/resource", "routes/dev/fail-resource.ts"),
  route("dev/fail/:stage", "routes/dev/fail-page.tsx"),

  route("api/openapi.json", "routes/api/openapi.ts"),
  route("api/login", "routes/api/login.ts"),
  route("api/callback", "routes/api/callback.ts"),
  route("api/logout", "routes/api/logout.ts"),
  route("api/auth/user", "routes/api/auth-user.ts"),
  route("api/users/switch-role", "routes/api/users.switch-role.ts"),
  route("api/users/toggle-online", "routes/api/users.toggle-online.ts"),
  route("api/users/:id", "routes/api/users.$id.ts"),
  route("api/categories", "routes/api/categories.ts"),
  route("api/providers/available", "routes/api/providers.available.ts"),
  route("api/providers/available/:categoryId", "routes/api/providers.available.$categoryId.ts"),
  route("api/jobs", "routes/api/jobs.ts"),
  route("api/jobs/my-jobs", "routes/api/jobs.my-jobs.ts"),
  route("api/jobs/available", "routes/api/jobs.available.ts"),
  route("api/jobs/:id", "routes/api/jobs.$id.ts"),
  route("api/bookings", "routes/api/bookings.ts"),
  route("api/bookings/my-bookings", "routes/api/bookings.my-bookings.ts"),
  route("api/bookings/:id", "routes/api/bookings.$id.ts"),
  route("api/bookings/:id/status", "routes/api/bookings.$id.status.ts"),
  route("api/reviews", "routes/api/reviews.ts"),
  route("api/reviews/received", "routes/api/reviews.received.ts"),
  route("api/notifications", "routes/api/notifications.ts"),
  route("api/notifications/read-all", "routes/api/notifications.read-all.ts"),
  route("api/notifications/:id/read", "routes/api/notifications.$id.read.ts"),
  route("api/messages", "routes/api/messages.ts"),
  route("api/messages/conversations", "routes/api/messages.conversations.ts"),
  route("api/messages/:bookingId", "routes/api/messages.$bookingId.ts"),
  route("api/favorites", "routes/api/favorites.ts"),
  route("api/object-storage/upload-url", "routes/api/object-storage.upload-url.ts"),
  route("images/*", "routes/images.ts"),
  route("icons.svg", "routes/icon-sprite.ts"),

  route("*", "routes/not-found.tsx"),
]) satisfies RouteConfig;
