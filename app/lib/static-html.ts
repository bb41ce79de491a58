const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;

/**
 * A complete server-rendered document without its module preloads and
 * scripts (decision 0029). React emits a preload for every client component
 * the page renders on the server, and React Router's <ScrollRestoration> an
 * inline script; a document that will not hydrate needs neither. React
 * escapes "</script" inside scripts, so the first closing tag ends each one.
 */
export function withoutScripts(html: string): string {
  return html.replace(MODULE_PRELOAD, "").replace(SCRIPT, "");
}
