// A reference for the HTTP part: React alone rendering a page's markup, with no
// router, no data, no server components and no streaming. Each HTML response of
// the JSON file (the same one the node:http baseline reads) becomes a fixed
// element tree, which every request renders with renderToString. What this
// server manages is a ceiling for any React server rendering of that page.
import { readFileSync } from "node:fs";
import http from "node:http";
import { Parser } from "htmlparser2";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server.node";

interface Canned {
  contentType: string;
  body: string;
}

interface ElementNode {
  tag: string;
  attributes: Record<string, string>;
  children: Array<ElementNode | string>;
}

/** HTML attribute names whose React prop names differ (those our pages use). */
const PROP_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  charset: "charSet",
  datetime: "dateTime",
  crossorigin: "crossOrigin",
};
/** Left out: what the browser runs, not what React renders. */
const SKIPPED = new Set(["script", "template"]);

function parseDocument(html: string): ElementNode {
  const root: ElementNode = { tag: "#document", attributes: {}, children: [] };
  const open: ElementNode[] = [root];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (skipping || SKIPPED.has(tag)) {
          skipping++;
          return;
        }
        const node: ElementNode = { tag, attributes, children: [] };
        open.at(-1)!.children.push(node);
        open.push(node);
      },
      ontext(text) {
        if (!skipping) open.at(-1)!.children.push(text);
      },
      onclosetag() {
        if (skipping) skipping--;
        else open.pop();
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: false },
  );
  parser.end(html);
  return root;
}

function styleObject(style: string): Record<string, string> {
  const entries = style
    .split(";")
    .map((declaration) => declaration.split(/:(.*)/s).map((part) => part.trim()))
    .filter(([name, value]) => name && value)
    .map(([name, value]) => [name.startsWith("--") ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), value]);
  return Object.fromEntries(entries);
}

function toElement(node: ElementNode | string, key: number): ReactNode {
  if (typeof node === "string") return node;
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(node.attributes)) {
    props[PROP_NAMES[name] ?? name] = name === "style" ? styleObject(value) : value;
  }
  return createElement(node.tag, props, ...node.children.map(toElement));
}

const responses = JSON.parse(readFileSync(process.argv[2], "utf8")) as Record<string, Canned>;
const pages = new Map<string, ReactNode>();
for (const [key, canned] of Object.entries(responses)) {
  if (!canned.contentType.startsWith("text/html")) continue;
  const html = parseDocument(canned.body).children.find((node): node is ElementNode => typeof node !== "string" && node.tag === "html");
  if (html) pages.set(key, toElement(html, 0));
}

const server = http.createServer((req, res) => {
  const page = pages.get(`${req.method} ${req.url}`);
  req.resume();
  req.on("end", () => {
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    const body = Buffer.from(`<!DOCTYPE html>${renderToString(page)}`);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length, "Cache-Control": "no-store" });
    res.end(body);
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address() as { port: number };
  console.log(`listening ${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
