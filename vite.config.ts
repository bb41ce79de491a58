import { unstable_reactRouterRSC as reactRouterRSC } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import rsc from "@vitejs/plugin-rsc";
import { defineConfig } from "vite";
import { nearhandDevServer } from "./scripts/vite-dev-server.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouterRSC(), rsc(), nearhandDevServer()],
  resolve: {
    tsconfigPaths: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
  },
});
