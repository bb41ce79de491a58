import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("switch-role", "routes/switch-role.tsx"),
  route("availability", "routes/availability.ts"),
  route("post-job", "routes/post-job.tsx"),
  route("jobs/:id", "routes/job-detail.tsx"),
  route("my-jobs", "routes/my-jobs.tsx"),
  route("bookings/:id", "routes/booking-detail.tsx"),

  route("api/login", "routes/api/login.ts"),
  route("api/callback", "routes/api/callback.ts"),
  route("api/logout", "routes/api/logout.ts"),
  route("api/auth/user", "routes/api/auth-user.ts"),
  route("api/users/switch-role", "routes/api/users.switch-role.ts"),
  route("api/users/toggle-online", "routes/api/users.toggle-online.ts"),
  route("api/users/:id", "routes/api/users.$id.ts"),
  route("api/categories", "routes/api/categories.ts"),
  route("api/providers/available", "routes/api/providers.available.ts"),
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

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
