// A page's markup, for checking that the bench's peers (issue 19) render what the app renders: the HTML is parsed
// into elements and written canonically. Scripts and templates are left out: they are what the browser runs, and
// how each framework ships its data, not the page.
import { Parser } from "htmlparser2";

export interface ElementNode {
  tag: string;
  attributes: Record<string, string>;
  children: Array<ElementNode | string>;
}

const SKIPPED = new Set(["script", "template"]);

export function parseDocument(html: string): ElementNode {
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

/** The first element named `tag`, depth first. */
export function findElement(node: ElementNode, tag: string): ElementNode | undefined {
  for (const child of node.children) {
    if (typeof child === "string") continue;
    if (child.tag === tag) return child;
    const found = findElement(child, tag);
    if (found) return found;
  }
  return undefined;
}

/**
 * The body of a page canonically, one element's start tag, text or end tag a line, for comparing the app's page
 * with a peer's: attributes sorted, adjacent text joined (React separates text nodes with comments, which are left
 * out, as are scripts and templates). What differs by framework and not by the component work is evened out: React
 * Router's `data-discover` on its links, the ids React's useId makes (`_R_…_`, numbered by the tree around them),
 * and the empty `<div hidden>` Next.js opens the body with (its metadata outlet).
 */
export function canonicalBody(html: string): string {
  const body = findElement(parseDocument(html), "body");
  if (!body) throw new Error("no <body> in the page");
  const ids = new Map<string, string>();
  const stable = (value: string) =>
    value.replace(/_R_[0-9A-Za-z]+_/g, (id) => ids.get(id) ?? (ids.set(id, `useId${ids.size}`), `useId${ids.size - 1}`));
  const lines: string[] = [];
  const write = (node: ElementNode) => {
    const attributes = Object.entries(node.attributes)
      .filter(([name]) => name !== "data-discover")
      .map(([name, value]) => [name.toLowerCase(), stable(value)])
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => ` ${name}=${JSON.stringify(value)}`)
      .join("");
    lines.push(`<${node.tag}${attributes}>`);
    let text = "";
    for (const child of node.children) {
      if (typeof child === "string") {
        text += child;
        continue;
      }
      if (child.tag === "div" && "hidden" in child.attributes && child.children.length === 0 && node === body) continue;
      if (text) lines.push(JSON.stringify(text));
      text = "";
      write(child);
    }
    if (text) lines.push(JSON.stringify(text));
    lines.push(`</${node.tag}>`);
  };
  write(body);
  return lines.join("\n");
}

/** The first line where two canonical bodies differ, with its neighbour, or null when they are the same. */
export function firstDifference(expected: string, actual: string): string | null {
  if (expected === actual) return null;
  const a = expected.split("\n");
  const b = actual.split("\n");
  const i = a.findIndex((line, index) => line !== b[index]);
  const at = i === -1 ? a.length : i;
  return `line ${at + 1}: app ${a[at]?.slice(0, 300) ?? "(end)"} / peer ${b[at]?.slice(0, 300) ?? "(end)"}`;
}
