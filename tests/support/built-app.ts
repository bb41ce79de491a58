import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "./free-port.ts";

export interface BuiltApp {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a production build (`npm run build` first) with `node server.ts` on a free port, on a brand-new embedded
 * database in a temporary folder, with the embedded development sign-in; resolves once /readyz answers.
 */
export async function startBuiltApp(options: { checkout: string; seedDemo: boolean; label: string }): Promise<BuiltApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `nearhand-${options.label}-`));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: options.checkout,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: String(options.seedDemo),
      RATE_LIMIT_MULTIPLIER: "1000",
      // The embedded development sign-in, whatever the shell has.
      OIDC_ISSUER: "",
      OIDC_CLIENT_ID: "",
      OIDC_CLIENT_SECRET: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the app exited (${child.exitCode ?? child.signalCode}):\n${errors}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app did not start:\n${errors}`);
    }
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
