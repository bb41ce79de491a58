import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

import { CHROMIUM_LAUNCH_OPTIONS } from "./tests/support/chromium.ts";

// The end-to-end suite runs against an existing production build (`npm test`
// builds before it runs `npm run test:e2e`) served by `node server.ts` on its own port, with a brand-new
// embedded PGlite database in a temporary folder. Set DATABASE_URL to run the
// same suite against PostgreSQL instead.

// E2E_PORT lets a second suite run beside another one.
const PORT = Number(process.env.E2E_PORT ?? 3311);
// Always "localhost", never 127.0.0.1: the OAuth state cookie is set for APP_URL's host.
const BASE_URL = `http://localhost:${PORT}`;

// The config is evaluated by the runner and again by every worker. Only the
// runner creates the data folder; workers inherit the variable.
const DATA_DIR_VARIABLE = "NEARHAND_E2E_DATA_DIR";
if (!process.env[DATA_DIR_VARIABLE]) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), "nearhand-e2e-"));
  process.env[DATA_DIR_VARIABLE] = created;
  // The web server has been stopped by the time the runner exits.
  process.on("exit", () => fs.rmSync(created, { recursive: true, force: true }));
}
const dataDir = process.env[DATA_DIR_VARIABLE]!;

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  APP_URL: BASE_URL,
  DATA_DIR: dataDir,
  SEED_DEMO: "true",
  // Every test signs in from one address: limits a thousand times the production ones.
  RATE_LIMIT_MULTIPLIER: "1000",
  // The pinned Node (node_modules/.bin/node) runs the server, as under npm.
  PATH: `${fileURLToPath(new URL("node_modules/.bin", import.meta.url))}${path.delimiter}${process.env.PATH ?? ""}`,
  // Always the embedded development OpenID provider, whatever the shell has.
  OIDC_ISSUER: "",
  OIDC_CLIENT_ID: "",
  OIDC_CLIENT_SECRET: "",
};
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;

// scripts/test-summary.mjs adds up the JSON reports in test-results/. Playwright
// empties its outputDir before every run, so its artifacts get a subfolder of
// their own and the vitest report next to them survives.
const runLabel = process.env.TEST_RUN_LABEL ?? "local";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: true,
  retries: 1, // a test that passes on its retry is reported as flaky in the summary, not hidden
  workers: 2,
  reporter: [["list"], ["json", { outputFile: `test-results/playwright-${runLabel}.json` }]],
  outputDir: `test-results/e2e-${runLabel}`,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    ...devices["Desktop Chrome"],
    baseURL: BASE_URL,
    trace: "off",
    screenshot: "off",
    video: "off",
    // Chromium as the browser bench launches it too.
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: "node server.ts",
    url: `${BASE_URL}/readyz`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    // server.ts finishes in-flight requests and closes the database on SIGTERM.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
