import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("switch-role", "routes/switch-role.tsx"),

  route("api/login", "routes/api/login.ts"),
  route("api/callback", "routes/api/callback.ts"),
  route("api/logout", "routes/api/logout.ts"),
  route("api/auth/user", "routes/api/auth-user.ts"),
  route("api/users/switch-role", "routes/api/users.switch-role.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
