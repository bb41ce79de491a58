import { unstable_reactRouterRSC as reactRouterRSC } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import rsc from "@vitejs/plugin-rsc";
import { defineConfig, type Plugin } from "vite";

import { nearhandDevServer } from "./app/dev/vite-dev-server.ts";
import { serviceWorker } from "./scripts/service-worker-plugin.ts";

// A page loads the client components it renders, not every one its route
// module imports (the default groups them by importing server module: the
// booking page loaded the review form's zod for a booking it could not
// review). The shell's components, on every signed-in page, share one chunk.
const SHELL_COMPONENTS = [
  "shell/role-switch.tsx",
  "shell/menu-disclosure.tsx",
  "shell/link-follower.tsx",
  "live-updates.tsx",
  "toaster.tsx",
  "hydration-marker.tsx",
].map((file) => `app/components/${file}`);
function clientChunks({ normalizedId }: { normalizedId: string }): string {
  return SHELL_COMPONENTS.some((file) => normalizedId.endsWith(file)) ? "shell" : normalizedId;
}

// React Router splits the browser's framework code into a "react" and a "router" chunk; every page that hydrates
// loads both, so they form one, with the browser entry and the client references of React Router's own components
// (Link, Outlet...), which every page loads too (decision 0036). The shell's client components, with the toaster's
// constants (which page components import too, for showToast), form another, loaded by every signed-in page.
// Fewer files, and fewer cross-chunk import and export lists (decision 0034).
const FRAMEWORK_MODULE = /[\\/]node_modules[\\/](react|react-dom|react-server-dom-webpack|scheduler|react-router|@vitejs[\\/]plugin-rsc)[\\/]/;
const FRAMEWORK_ENTRY = ["app/entry.client.tsx", "client-references/group/react-router/"];
const isFrameworkModule = (id: string) => FRAMEWORK_MODULE.test(id) || FRAMEWORK_ENTRY.some((part) => id.includes(part));
const SHELL_MODULES = [...SHELL_COMPONENTS, "app/lib/toast.ts"];
const isShellModule = (id: string) => id.includes("client-references/group/shell") || SHELL_MODULES.some((file) => id.endsWith(file));
// The form kit's small modules (app/components/forms/) form one chunk: a page with a form would otherwise load each
// of them as a file of its own. Its class names and the pending-submission hook are a chunk of their own: a page whose
// link looks like a button (the directory's "Request") or whose only form is a confirm step or a status button needs
// those, not the kit (issue 36 §5).
const FORM_KIT = /app[\\/]components[\\/]forms[\\/]/;
const FORM_BASICS = [/app[\\/]components[\\/]forms[\\/]styles\.ts$/, /app[\\/]lib[\\/]use-pending-submission\.ts$/];
const isFormBasicsModule = (id: string) => FORM_BASICS.some((pattern) => pattern.test(id));
const isFormKitModule = (id: string) => FORM_KIT.test(id);
function sharedClientChunks(): Plugin {
  return {
    name: "nearhand-shared-client-chunks",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      const groups = [
        { name: "framework", test: isFrameworkModule, priority: 2 },
        { name: "shell", test: isShellModule, priority: 1 },
        { name: "form-basics", test: isFormBasicsModule, priority: 2 },
        { name: "form-kit", test: isFormKitModule, priority: 1 },
      ];
      // A chunk's file is named by its hash alone: the browser entry lists every chunk's file for its preloads, and the
      // names ("seeker-booking-rows-view-…") were 0.7 KiB of every hydrated page's gzipped JavaScript (decision 0036).
      return { build: { rollupOptions: { output: { codeSplitting: { groups }, chunkFileNames: "assets/[hash].js" } } } };
    },
  };
}

// The server build carries the PostgreSQL driver as patched in node_modules (patches/README.md): the container's
// runtime installs production dependencies without running scripts, so its own node_modules copy is unpatched.
function bundlePatchedDriver(): Plugin {
  return {
    name: "nearhand-bundle-patched-driver",
    configEnvironment(name) {
      if (name === "client") return;
      return { resolve: { noExternal: ["postgres"] } };
    },
  };
}

// rscCssTransform: false — React Router already gives each route module's server components their stylesheet links
// (`import.meta.viteRsc.loadCss()` in its route wrapper); the RSC plugin's own wrapper of every capitalised export of
// a module importing CSS (app/root.tsx) sent each link a second time, in the page's element and its error element
// (issue 36 §1, decision 0078).
export default defineConfig(({ command }) => ({
  plugins: [
    tailwindcss(),
    reactRouterRSC(),
    rsc({ clientChunks, rscCssTransform: false }),
    nearhandDevServer(),
    bundlePatchedDriver(),
    sharedClientChunks(),
    serviceWorker(),
  ],
  // A build is a production build in every environment: React's server code is
  // compiled for production too, whatever NODE_ENV says at run time (where it
  // only chooses between embedded and real services).
  define: command === "build" ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  resolve: {
    tsconfigPaths: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
  },
  build: {
    rollupOptions: {
      onwarn(warning, warn) {
        // Radix packages ship "use client" banners that the RSC plugin already handles.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
}));
