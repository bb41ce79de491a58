// After `react-router build`: writes .br and .gz next to every compressible client
// file, so the static server sends them precompressed at the best level: brotli
// at quality 11, and gzip by zopfli, whose output any gzip client reads and
// which is 3–4% smaller than zlib's best (decision 0036).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const clientDir = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** zopfli's default: more iterations buy a few bytes for seconds of build time. */
const ZOPFLI_ITERATIONS = 15;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (COMPRESSIBLE.test(entry)) yield file;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(clientDir)) {
  const body = readFileSync(file);
  const brotli = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = await gzipAsync(body, { numiterations: ZOPFLI_ITERATIONS });
  // A file so small that compression makes it bigger is sent as it is.
  if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  if (brotli.length >= body.length) continue;
  writeFileSync(`${file}.br`, brotli);
  count += 1;
  before += body.length;
  after += brotli.length;
}
console.log(`Precompressed ${count} client files: ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB (brotli).`);
