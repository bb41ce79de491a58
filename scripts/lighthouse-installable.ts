// Lighthouse's installability audits (its PWA category: installable-manifest, and the installed app's splash screen,
// themed address bar, maskable icon, viewport) on Debian's Chromium, against a production build (decision 0080).
// Builds nothing: without --url it starts this checkout's build (`npm run build` first) on a free port; with --url it
// checks the app already running there. Pages: the landing page signed out and /profile signed in (the signed-in
// one only where the embedded development sign-in answers). Exits 1 when any automated audit of the category fails.
//
//   npm run lighthouse [-- --url=http://localhost:3000]
//
// Lighthouse 11.7.1 is the last release that has the PWA category (12 removed it); it is run through npx, pinned,
// rather than installed with the project (decision 0080).
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { z } from "zod";

import { startBuiltApp, type BuiltApp } from "../tests/support/built-app.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../tests/support/chromium.ts";
import { HttpClient, uniqueEmail } from "../tests/support/http-client.ts";

const LIGHTHOUSE = "lighthouse@11.7.1";
const CHROME_PATH = process.env.CHROME_PATH || CHROMIUM_LAUNCH_OPTIONS.executablePath;

const { values } = parseArgs({ options: { url: { type: "string" } } });
const targetUrl = z
  .url({ protocol: /^https?$/ })
  .optional()
  .parse(values.url);

/** The part of Lighthouse's JSON report (LHR) read here. */
const reportSchema = z.object({
  lighthouseVersion: z.string(),
  finalDisplayedUrl: z.string(),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
  categories: z.object({ pwa: z.object({ auditRefs: z.array(z.object({ id: z.string() })) }) }),
  audits: z.record(
    z.string(),
    z.object({
      id: z.string(),
      title: z.string(),
      score: z.number().nullable(),
      errorMessage: z.string().optional(),
      details: z.object({ items: z.array(z.record(z.string(), z.unknown())).optional() }).optional(),
    }),
  ),
});
type Report = z.infer<typeof reportSchema>;

/** Runs Lighthouse's PWA category on one page; `cookie` is sent with every request of the page. */
async function lighthouse(url: string, cookie?: string): Promise<Report> {
  const dir = mkdtempSync(path.join(tmpdir(), "nearhand-lighthouse-"));
  try {
    const args = [
      "--yes",
      LIGHTHOUSE,
      url,
      "--only-categories=pwa",
      "--output=json",
      `--output-path=${path.join(dir, "report.json")}`,
      "--quiet",
      `--chrome-flags=--headless ${CHROMIUM_LAUNCH_OPTIONS.args.join(" ")}`,
    ];
    // In a file rather than on the command line, where every process could read the session cookie.
    if (cookie) {
      writeFileSync(path.join(dir, "headers.json"), JSON.stringify({ Cookie: cookie }));
      args.push(`--extra-headers=${path.join(dir, "headers.json")}`);
    }
    const child = spawn("npx", args, { env: { ...process.env, CHROME_PATH }, stdio: ["ignore", "inherit", "inherit"] });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`lighthouse exited with ${code}`);
    return reportSchema.parse(JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints each automated audit of the category and returns how many failed (a manual audit has no score). */
function failedAudits(label: string, url: string, report: Report): number {
  console.log(`\n${label}: ${url} (Lighthouse ${report.lighthouseVersion})`);
  if (report.runtimeError) {
    console.log(`  FAIL  ${report.runtimeError.code}: ${report.runtimeError.message}`);
    return 1;
  }
  let failed = 0;
  if (report.finalDisplayedUrl !== url) {
    console.log(`  FAIL  the page ended on ${report.finalDisplayedUrl}`);
    failed++;
  }
  for (const { id } of report.categories.pwa.auditRefs) {
    const audit = report.audits[id]!;
    if (audit.score === null && !audit.errorMessage) continue;
    const passed = audit.score === 1;
    if (!passed) failed++;
    console.log(`  ${passed ? "pass" : "FAIL"}  ${id}: ${audit.title}${audit.errorMessage ? ` (${audit.errorMessage})` : ""}`);
    // installable-manifest lists each installability error Chromium reported (Page.getInstallabilityErrors).
    if (!passed) for (const item of audit.details?.items ?? []) console.log(`          ${JSON.stringify(item)}`);
  }
  return failed;
}

/** The session cookie of a brand-new user, or undefined when the app has no embedded development sign-in. */
async function signedInCookie(base: string): Promise<string | undefined> {
  const client = new HttpClient(base);
  try {
    await client.signIn(uniqueEmail("lighthouse"));
  } catch (error) {
    console.log(`No signed-in page: the development sign-in did not answer (${(error as Error).message}).`);
    return undefined;
  }
  return client.cookieHeader();
}

const { stdout: chromium } = await promisify(execFile)(CHROME_PATH, ["--version"]);
console.log(`${chromium.trim()} (${CHROME_PATH}); ${new Date().toISOString()}`);
let app: BuiltApp | undefined;
let failed = 0;
try {
  if (!targetUrl) app = await startBuiltApp({ checkout: process.cwd(), seedDemo: false, label: "lighthouse" });
  const base = new URL(targetUrl ?? app!.url).origin;
  failed += failedAudits("Landing page, signed out", `${base}/`, await lighthouse(`${base}/`));
  const cookie = await signedInCookie(base);
  if (cookie) failed += failedAudits("Profile, signed in", `${base}/profile`, await lighthouse(`${base}/profile`, cookie));
} finally {
  await app?.stop();
}
console.log(failed ? `\n${failed} failed` : "\nEvery automated audit passed");
process.exitCode = failed ? 1 : 0;
