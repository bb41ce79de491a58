import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [index("routes/home.tsx"), route("api/jobs/available", "routes/available.ts")] satisfies RouteConfig;
