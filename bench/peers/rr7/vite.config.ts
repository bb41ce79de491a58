import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // The shared queries reuse the app's pure location helpers, which import the app's own modules as "~/…".
  resolve: {
    alias: {
      "server-only": path.resolve(import.meta.dirname, "../shared/empty.js"),
      "~": path.resolve(import.meta.dirname, "../../../app"),
    },
  },
  logLevel: "warn",
});
