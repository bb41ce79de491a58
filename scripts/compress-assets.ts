// After `react-router build`: writes .br and .gz next to every compressible client
// file, so the static server sends them precompressed at the best level.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const clientDir = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

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
  if (body.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  count += 1;
  before += body.length;
  after += brotli.length;
}
console.log(`Precompressed ${count} client files: ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB (brotli).`);
