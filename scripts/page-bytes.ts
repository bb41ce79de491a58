// The bytes of each page's HTML document, of the inline RSC payload within it, and the share of class-name strings
// (issue 36 §1): starts the built app (`npm run build` first) with the demo data on an embedded database, signs in as
// the demo accounts and fetches every page uncompressed. Bytes depend on the build and the data, not on the machine.
//
//   node scripts/page-bytes.ts [--dir=<checkout with a build>] [--json=<file>] [--save=<folder for the documents>]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { startBuiltApp } from "../tests/support/built-app.ts";
import { HttpClient } from "../tests/support/http-client.ts";

const { values } = parseArgs({ options: { dir: { type: "string", default: "." }, json: { type: "string" }, save: { type: "string" } } });
const checkout = path.resolve(values.dir);

/** The demo accounts (db/seed-data.json). */
const SEEKER = "seeker@nearhand.dev";
const PROVIDER = "provider@nearhand.dev";

interface PageBytes {
  page: string;
  path: string;
  status: number;
  /** The whole document. */
  html: number;
  /** The inline RSC payload: the text of its scripts, as sent. */
  payload: number;
  /** Class-name strings: `class` attribute values in the markup plus `className` values in the payload. */
  classes: number;
}

/** The payload scripts' text: `(self.__FLIGHT_DATA||=[]).push("…")` (app/entry.ssr.tsx writes them). */
function payloadText(html: string): string {
  let text = "";
  for (const match of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) if (match[1].includes("__FLIGHT_DATA")) text += match[1];
  return text;
}

function classBytes(html: string, payload: string): number {
  const markup = html.replace(payload, "");
  let bytes = 0;
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g)) bytes += Buffer.byteLength(match[1]);
  // Inside the script the payload is a JSON string: its quotes are escaped.
  for (const match of payload.matchAll(/\\"className\\":\\"((?:[^"\\]|\\\\)*)\\"/g)) bytes += Buffer.byteLength(match[1]);
  return bytes;
}

async function firstId(client: HttpClient, apiPath: string): Promise<string> {
  const response = await client.request(apiPath, { headers: { Accept: "application/json" } });
  const items = (await response.json()) as Array<{ id: string }>;
  if (!items.length) throw new Error(`${apiPath} listed nothing`);
  return items[0].id;
}

async function measure(client: HttpClient, page: string, pagePath: string): Promise<PageBytes> {
  const response = await client.request(pagePath, { headers: { Accept: "text/html", "Accept-Encoding": "identity" } });
  const html = await response.text();
  if (values.save) writeFileSync(path.join(values.save, `${page.replaceAll(/\W+/g, "-")}.html`), html);
  const payload = payloadText(html);
  return {
    page,
    path: pagePath,
    status: response.status,
    html: Buffer.byteLength(html),
    payload: Buffer.byteLength(payload),
    classes: classBytes(html, payload),
  };
}

const app = await startBuiltApp({ checkout, seedDemo: true, label: "page-bytes" });
try {
  if (values.save) mkdirSync(values.save, { recursive: true });
  const visitor = new HttpClient(app.url);
  const seeker = new HttpClient(app.url);
  const provider = new HttpClient(app.url);
  await seeker.signIn(SEEKER);
  await provider.signIn(PROVIDER);
  const jobId = await firstId(seeker, "/api/jobs/my-jobs");
  const bookingId = await firstId(provider, "/api/bookings/my-bookings");
  const pages: Array<[string, HttpClient, string]> = [
    ["landing", visitor, "/"],
    ["seeker home", seeker, "/"],
    ["provider dashboard", provider, "/"],
    ["job page (its seeker)", seeker, `/jobs/${jobId}`],
    ["booking page (its provider)", provider, `/bookings/${bookingId}`],
    ["messages (seeker)", seeker, "/messages"],
    ["profile (provider)", provider, "/profile"],
    ["my jobs (seeker)", seeker, "/my-jobs"],
    ["notifications (seeker)", seeker, "/notifications"],
    ["favorites (seeker)", seeker, "/favorites"],
    ["providers directory (seeker)", seeker, "/providers"],
  ];
  const rows: PageBytes[] = [];
  for (const [page, client, pagePath] of pages) rows.push(await measure(client, page, pagePath));
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  const pct = (part: number, whole: number) => `${whole ? Math.round((part / whole) * 100) : 0}%`;
  console.log("| Page | Status | HTML (KB) | Inline payload (KB) | Payload share | Class names (KB) | Class share |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows)
    console.log(
      `| ${row.page} | ${row.status} | ${kb(row.html)} | ${kb(row.payload)} | ${pct(row.payload, row.html)} | ${kb(row.classes)} | ${pct(row.classes, row.html)} |`,
    );
  if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 2));
} finally {
  await app.stop();
}
