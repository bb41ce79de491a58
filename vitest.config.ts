import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Plain vitest config: no RSC plugins, "server-only" stubbed, "~" aliased to app/.
export default defineConfig({
  resolve: {
    alias: {
      "server-only": here("./tests/support/server-only.ts"),
      "~": here("./app"),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    globalSetup: ["tests/support/global-setup.ts"],
    // Every /api answer the shared HTTP client receives is checked against the OpenAPI document.
    setupFiles: ["tests/support/openapi-contract-setup.ts"],
    reporters: ["default", ["json", { outputFile: `test-results/vitest-${process.env.TEST_RUN_LABEL ?? "local"}.json` }]],
  },
});
