// Part 5: what the browser gets. Headless Chromium loads the landing page, the
// seeker home, the provider dashboard, a job, bookings, messages and the other
// signed-in screens from the production build: JavaScript shipped (gzip), total
// bytes, LCP and CLS. Then, with the
// server counting queries per request (BENCH_COUNT_QUERIES=1), every page is
// requested for a user with long lists and one with short lists: the count
// must not grow with the list.
import { existsSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Response } from "@playwright/test";

import { CHROMIUM_LAUNCH_OPTIONS } from "../tests/support/chromium.ts";
import { ROOT, startServer, survivalFigure, type RunningServer } from "./support/app-server.ts";
import { findTargets, removeBenchRows } from "./support/bench-data.ts";
import { connect, type Sql } from "./support/postgres-admin.ts";
import { kib, ms, type Report } from "./support/report.ts";
import { createSessions, type BenchSession } from "./support/sessions.ts";

const PART = "5 browser";
/** Per page; 130 KiB since decision 0066 (Radix Toast back, about 14 KiB of it): nothing else grows into that room. */
const JS_BUDGET_KIB = 130;
const JS_BUDGET_BYTES = JS_BUDGET_KIB * 1024;
const LCP_BUDGET_MS = 1000;
/**
 * "JS bytes (gzip)" are the bytes the server sends a client that accepts gzip alone: its precompressed
 * files (decision 0036). Also reported: what Chromium received (brotli), and zlib at the common server
 * default level, the figure of runs before decision 0036.
 */
const ZLIB_DEFAULT_LEVEL = 6;

const VITALS_SCRIPT = `
  window.__benchVitals = { lcp: null, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__benchVitals.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__benchVitals.cls += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
`;

export interface BrowserOptions {
  databaseUrl: string;
  runs: number;
}

interface PageLoad {
  /** Script bytes as sent to a gzip-only client. */
  externalJs: number;
  /** Script bytes as Chromium received them (brotli). */
  externalJsReceived: number;
  /** Script bytes compressed by zlib at its default level. */
  externalJsZlibDefault: number;
  externalJsFiles: number;
  inlineJs: number;
  totalBytes: number;
  lcp: number | null;
  cls: number;
}

export async function runBrowser(report: Report, options: BrowserOptions): Promise<void> {
  const sql = connect(options.databaseUrl);
  const server = await startServer(options.databaseUrl, { BENCH_COUNT_QUERIES: "1" });
  let browser: Browser | undefined;
  try {
    const ids = await findTargets(sql);
    const light = await findLightUsers(sql, ids.seekerId, ids.providerId);
    const [seeker, provider, lightSeeker, lightProvider] = await createSessions(sql, [
      ids.seekerId,
      ids.providerId,
      light.seekerId,
      light.providerId,
    ]);
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);

    const pages: Array<{ name: string; path: string; session: BenchSession | null }> = [
      { name: "landing", path: "/", session: null },
      { name: "seeker home", path: "/", session: seeker },
      { name: "provider dashboard", path: "/", session: provider },
      { name: "job page", path: `/jobs/${ids.postedJobId}`, session: provider },
      { name: "booking page", path: `/bookings/${ids.completedBookingId}`, session: provider },
      // Every other signed-in screen a user spends time on is held to the same JavaScript budget (issue 36 §5).
      { name: "accepted booking, seeker", path: `/bookings/${ids.threadBookingId}`, session: seeker },
      { name: "accepted booking, provider", path: `/bookings/${ids.threadBookingId}`, session: provider },
      { name: "messages thread", path: `/messages?booking=${ids.threadBookingId}`, session: provider },
      { name: "my jobs", path: "/my-jobs", session: seeker },
      { name: "notifications", path: "/notifications", session: provider },
      { name: "favorites", path: "/favorites", session: seeker },
      { name: "provider directory", path: "/providers", session: seeker },
      { name: "profile", path: "/profile", session: provider },
    ];
    for (const page of pages) {
      // A server that died is restarted (and reported), and the load that saw it die is repeated once.
      const load = async (label: string): Promise<PageLoad> => {
        try {
          return await loadPage(browser!, server, page.path, page.session);
        } catch (error) {
          if ((await server.revive(label)) === null) throw error;
          return loadPage(browser!, server, page.path, page.session);
        }
      };
      await load(`${page.name} warm-up`); // the server's first render of a page is slower
      const loads: PageLoad[] = [];
      for (let run = 0; run < options.runs; run++) loads.push(await load(page.name));
      await server.revive(page.name);
      const lcps = loads
        .map((l) => l.lcp)
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b);
      const lcp = lcps.length ? lcps[Math.floor(lcps.length / 2)] : null;
      const cls = Math.max(...loads.map((l) => l.cls));
      const last = loads.at(-1)!;
      console.log(
        `  ${page.name.padEnd(20)} JS ${kib(last.externalJs)} gzip (${kib(last.externalJsReceived)} as received, ${kib(last.externalJsZlibDefault)} at zlib level ${ZLIB_DEFAULT_LEVEL}) in ${last.externalJsFiles} files + ${kib(last.inlineJs)} inline, total ${kib(last.totalBytes)}, LCP ${lcp === null ? "n/a" : ms(lcp)}, CLS ${cls.toFixed(4)}`,
      );
      report.add({
        part: PART,
        name: `${page.name}: JavaScript (gzip)`,
        value: `${kib(last.externalJs)} in ${last.externalJsFiles} files as served gzipped (brotli as received ${kib(last.externalJsReceived)}; zlib level ${ZLIB_DEFAULT_LEVEL} ${kib(last.externalJsZlibDefault)}) (+ ${kib(last.inlineJs)} inline data)`,
        budget: `≤ ${JS_BUDGET_KIB} KiB`,
        ratio: `${((last.externalJs / JS_BUDGET_BYTES) * 100).toFixed(0)}% of budget`,
        pass: last.externalJs <= JS_BUDGET_BYTES,
        data: { loads },
      });
      report.add({ part: PART, name: `${page.name}: total bytes`, value: kib(last.totalBytes), budget: "", ratio: "", pass: null });
      report.add({
        part: PART,
        name: `${page.name}: LCP (median of ${options.runs})`,
        value: lcp === null ? "not reported" : ms(lcp),
        budget: `< ${LCP_BUDGET_MS} ms`,
        ratio: lcp === null ? "" : `${((lcp / LCP_BUDGET_MS) * 100).toFixed(0)}% of budget`,
        pass: lcp !== null && lcp < LCP_BUDGET_MS,
      });
      report.add({
        part: PART,
        name: `${page.name}: CLS (worst of ${options.runs})`,
        value: cls.toFixed(4),
        budget: "0",
        ratio: "",
        pass: cls < 0.0001,
      });
      if (page.name === "landing") {
        report.add({
          part: PART,
          name: "landing ships no JavaScript (stretch)",
          value: `${last.externalJsFiles} script files, ${kib(last.inlineJs)} inline`,
          budget: "none (stretch)",
          ratio: "",
          pass: last.externalJsFiles === 0 && last.inlineJs === 0,
        });
      }
    }
    const floor = await hydrationFloor();
    report.add({
      part: PART,
      name: "JavaScript any hydrated page loads (browser entry: React DOM, RSC client, React Router)",
      value: `${kib(floor.bytes)} in ${floor.files} files`,
      budget: "",
      ratio: `${((floor.bytes / JS_BUDGET_BYTES) * 100).toFixed(0)}% of the page budget`,
      pass: null,
    });

    report.add(survivalFigure(PART, server, "while pages load"));
    const noJs = await landingWithoutJs(browser, server);
    report.add({ part: PART, name: "landing works without JavaScript", value: noJs.detail, budget: "works", ratio: "", pass: noJs.ok });

    await countQueries(report, server, [
      { name: "landing", path: "/", heavy: null, light: null },
      { name: "seeker home", path: "/", heavy: seeker, light: lightSeeker },
      { name: "my jobs", path: "/my-jobs", heavy: seeker, light: lightSeeker },
      { name: "provider dashboard", path: "/", heavy: provider, light: lightProvider },
      { name: "messages", path: "/messages", heavy: provider, light: lightProvider },
      { name: "notifications", path: "/notifications", heavy: provider, light: lightProvider },
      { name: "job page", path: `/jobs/${ids.postedJobId}`, heavy: provider, light: null },
      { name: "booking page", path: `/bookings/${ids.completedBookingId}`, heavy: provider, light: null },
    ]);
  } finally {
    await browser?.close();
    await server.stop();
    await removeBenchRows(sql).catch((error: unknown) => console.warn("cleanup failed:", error));
    await sql.end();
  }
}

/** The served gzipped size of the browser entry and its static imports, which every page that hydrates loads. */
async function hydrationFloor(): Promise<{ bytes: number; files: number }> {
  const manifestPath = path.join(ROOT, "build/server/__vite_rsc_assets_manifest.js");
  const manifest = (await import(pathToFileURL(manifestPath).href)) as { default: { clientEntryDeps: { js: string[] } } };
  const files = manifest.default.clientEntryDeps.js;
  const bytes = files.reduce((sum, file) => {
    const served = path.join(ROOT, "build/client", file);
    return sum + statSync(existsSync(`${served}.gz`) ? `${served}.gz` : served).size;
  }, 0);
  return { bytes, files: files.length };
}

/** The body bytes the server sends for `url` to a client that accepts gzip and nothing else. */
function gzipClientBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url} answered ${response.statusCode}`))));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function loadPage(browser: Browser, server: RunningServer, path: string, session: BenchSession | null): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (session) await context.addCookies([{ name: "nearhand_session", value: session.value, url: server.url }]);
    await context.addInitScript({ content: VITALS_SCRIPT });
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on("response", (response) => responses.push(response));
    const main = await page.goto(server.url + path, { waitUntil: "load" });
    if (!main || main.status() !== 200) throw new Error(`${path} answered ${main?.status()}`);
    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
    await page.waitForTimeout(300);
    const vitals = (await page.evaluate("window.__benchVitals")) as { lcp: number | null; cls: number };
    const inline = (await page.evaluate("Array.from(document.scripts).filter((s) => !s.src).map((s) => s.textContent ?? '').join('')")) as string;
    let externalJs = 0;
    let externalJsReceived = 0;
    let externalJsZlibDefault = 0;
    let externalJsFiles = 0;
    let totalBytes = 0;
    for (const response of responses) {
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      if (sizes) totalBytes += sizes.responseBodySize + sizes.responseHeadersSize;
      if (response.request().resourceType() !== "script") continue;
      const body = await response.body().catch(() => null);
      if (!body) continue;
      externalJs += await gzipClientBytes(response.url());
      externalJsReceived += sizes?.responseBodySize ?? body.length;
      externalJsZlibDefault += gzipSync(body, { level: ZLIB_DEFAULT_LEVEL }).length;
      externalJsFiles++;
    }
    return {
      externalJs,
      externalJsReceived,
      externalJsZlibDefault,
      externalJsFiles,
      inlineJs: inline ? gzipSync(inline, { level: ZLIB_DEFAULT_LEVEL }).length : 0,
      totalBytes,
      lcp: vitals.lcp,
      cls: vitals.cls,
    };
  } finally {
    await context.close();
  }
}

async function landingWithoutJs(browser: Browser, server: RunningServer): Promise<{ ok: boolean; detail: string }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto(server.url + "/");
    const heading = (
      await page
        .locator("h1")
        .first()
        .textContent()
        .catch(() => null)
    )?.trim();
    const signIn = await page.locator('a[href^="/api/login"]').count();
    const ok = response?.status() === 200 && Boolean(heading) && signIn > 0;
    return { ok, detail: `${response?.status()}, heading "${heading ?? ""}", ${signIn} sign-in links` };
  } finally {
    await context.close();
  }
}

async function countQueries(
  report: Report,
  server: RunningServer,
  pages: Array<{ name: string; path: string; heavy: BenchSession | null; light: BenchSession | null }>,
): Promise<void> {
  const counts: Array<{ name: string; heavy: number; light: number | null }> = [];
  for (const page of pages) {
    const heavy = await warmQueriesFor(server, page.path, page.heavy);
    const light = page.light ? await warmQueriesFor(server, page.path, page.light) : null;
    counts.push({ name: page.name, heavy, light });
    console.log(`  queries: ${page.name.padEnd(20)} ${heavy}${light === null ? "" : ` (short lists: ${light})`}`);
  }
  const worst = counts.reduce((a, b) => (b.heavy > a.heavy ? b : a));
  const growing = counts.filter((c) => c.light !== null && c.heavy > c.light);
  report.add({
    part: PART,
    name: "database queries per page request (max)",
    value: `${worst.heavy} (${worst.name})`,
    budget: "",
    ratio: "",
    pass: null,
    data: { counts },
  });
  report.add({
    part: PART,
    name: "no query per list item (long vs short lists)",
    value: growing.length
      ? growing.map((c) => `${c.name} ${c.light} → ${c.heavy}`).join("; ")
      : `same count on ${counts.filter((c) => c.light !== null).length} list pages`,
    budget: "count independent of list length",
    ratio: "",
    pass: growing.length === 0,
  });
}

/**
 * The fewer queries of two requests in a row: what a page costs once the counts the seeker home reuses for a few
 * seconds (decision 0038) are counted, so that whether one request happens to count them again does not pass for a
 * query per list item.
 */
async function warmQueriesFor(server: RunningServer, path: string, session: BenchSession | null): Promise<number> {
  return Math.min(await queriesFor(server, path, session), await queriesFor(server, path, session));
}

/** Requests a page and reads the server's "[queries] <n> GET <path>" line for it. */
async function queriesFor(server: RunningServer, path: string, session: BenchSession | null): Promise<number> {
  const mark = server.outputMark();
  const response = await fetch(server.url + path, { headers: { Accept: "text/html", ...(session ? { Cookie: session.cookie } : {}) } });
  await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const pattern = new RegExp(`\\[queries\\] (\\d+) GET ${path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\n`);
  for (let waited = 0; waited < 5_000; waited += 20) {
    const match = pattern.exec(server.outputSince(mark));
    if (match) return Number(match[1]);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the server logged no query count for ${path} (is BENCH_COUNT_QUERIES honoured?)`);
}

async function findLightUsers(sql: Sql, seekerId: string, providerId: string) {
  const [seeker] = await sql`
    select u.id from users u
    where u.current_role = 'seeker' and u.id <> ${seekerId}
      and (select count(*) from jobs j where j.seeker_id = u.id) between 1 and 3
    limit 1`;
  const [provider] = await sql`
    select u.id from users u
    where u.is_provider_online and u.current_role = 'provider' and u.id <> ${providerId}
      and (select count(*) from bookings b where b.provider_id = u.id) between 1 and 3
    limit 1`;
  if (!seeker || !provider) throw new Error("no seeded seeker or provider with short lists");
  return { seekerId: seeker.id as string, providerId: provider.id as string };
}
