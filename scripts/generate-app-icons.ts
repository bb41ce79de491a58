// Writes the installed app's PNG icons (public/icons/) from the brand mark, public/favicon.svg: the manifest's
// 192 and 512 px icons, a maskable one (the mark inside the safe zone on the brand colour), the 180 px
// apple-touch-icon and a monochrome notification badge. Run after changing the mark:
// `node scripts/generate-app-icons.ts`; the PNGs are committed (decision 0076).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const root = path.resolve(import.meta.dirname, "..");
const mark = readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const { viewBox, background, letter } = parseMark(mark);

/** The mark's parts: its 32×32 view box, the rounded square's colour and the letter's path. */
function parseMark(svg: string) {
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
  const background = /<rect[^>]*fill="([^"]+)"/.exec(svg)?.[1];
  const letter = /<path d="([^"]+)"/.exec(svg)?.[1];
  if (!viewBox || !background || !letter) throw new Error("public/favicon.svg no longer has the expected rect and path");
  return { viewBox, background, letter };
}

// Maskable: the platform crops to any shape inside the central 80% circle, so the square is filled with the brand
// colour and the letter shrunk to 80% around the centre.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><rect width="32" height="32" fill="${background}"/><path d="${letter}" fill="#fff" transform="translate(16 16) scale(0.8) translate(-16 -16)"/></svg>`;
// A badge is drawn by its alpha alone (Android tints it): the letter, white on nothing.
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><path d="${letter}" fill="#fff" transform="translate(16 16) scale(1.25) translate(-16 -16)"/></svg>`;
// iOS draws its own rounded corners on an opaque square.
const appleTouch = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><rect width="32" height="32" fill="${background}"/><path d="${letter}" fill="#fff"/></svg>`;

const icons: Array<[file: string, svg: string, size: number]> = [
  ["icon-192.png", mark, 192],
  ["icon-512.png", mark, 512],
  ["maskable-512.png", maskable, 512],
  ["apple-touch-icon.png", appleTouch, 180],
  ["badge-96.png", badge, 96],
];

for (const [file, svg, size] of icons) {
  const png = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(path.join(root, "public/icons", file), png);
  console.log(`public/icons/${file}: ${size}×${size}, ${png.length} bytes`);
}
