import "server-only";

// The development sign-in's own HTML pages: inline styles only, no scripts, never framed.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorOut, KoaContextWithOIDC } from "oidc-provider";

import { escapeHtml } from "~/lib/escape-html";

export interface FormValues {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The provider's own pages: inline styles only, no scripts, never framed;
 * forms post to the provider, whose answer redirects to the client.
 */
export function pageSecurityPolicy(redirectUris: string[]): string {
  const targets = new Set(redirectUris.map((uri) => new URL(uri).origin));
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${[...targets].join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

export function sendHtml(res: ServerResponse, policy: string, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Security-Policy", policy);
  res.end(html);
}

export function sendExpired(res: ServerResponse, policy: string): void {
  sendHtml(res, policy, 400, errorPage("This sign-in link has expired", "Go back to Nearhand and start signing in again."));
}

const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b}
main{width:100%;max-width:24rem;margin:1rem;padding:2rem;background:#fff;border-radius:.75rem;
  box-shadow:0 1px 3px rgba(0,0,0,.1),0 8px 24px rgba(0,0,0,.06)}
h1{margin:0 0 .5rem;font-size:1.25rem}
p{margin:0 0 1.25rem;color:#52525b;font-size:.9rem;line-height:1.4}
label{display:block;margin:0 0 .25rem;font-size:.875rem;font-weight:600}
input{display:block;width:100%;margin:0 0 1rem;padding:.55rem .7rem;font:inherit;
  border:1px solid #d4d4d8;border-radius:.4rem}
input:focus{outline:2px solid #2563eb;outline-offset:1px}
button{width:100%;padding:.65rem;font:inherit;font-weight:600;color:#fff;background:#2563eb;
  border:0;border-radius:.4rem;cursor:pointer}
button:hover{background:#1d4ed8}
.error{padding:.6rem .75rem;border-radius:.4rem;background:#fef2f2;color:#b91c1c}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The sign-in form, posting back to the interaction it was served for. */
export function loginPage(mountPath: string, req: IncomingMessage, values: FormValues, error?: string): string {
  const action = `${mountPath}${(req.url ?? "/").split("?", 1)[0]}`;
  const errorHtml = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : "";
  return layout(
    "Sign in to Nearhand (development)",
    `<h1>Sign in to Nearhand (development)</h1>
<p>This is a development sign-in: no password is needed. Any email address signs you in as that user.</p>
${errorHtml}<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label>
<input type="email" id="email" name="email" required autocomplete="email" autofocus value="${escapeHtml(values.email)}">
<label for="firstName">First name</label>
<input type="text" id="firstName" name="firstName" autocomplete="given-name" value="${escapeHtml(values.firstName)}">
<label for="lastName">Last name</label>
<input type="text" id="lastName" name="lastName" autocomplete="family-name" value="${escapeHtml(values.lastName)}">
<button type="submit">Continue</button>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

export async function renderError(ctx: KoaContextWithOIDC, out: ErrorOut, policy: string): Promise<void> {
  ctx.type = "html";
  ctx.set("Cache-Control", "no-store");
  ctx.set("Content-Security-Policy", policy);
  ctx.body = layout(
    "Sign-in error",
    `<h1>Sign-in error</h1>
<p><strong>${escapeHtml(out.error)}</strong>${out.error_description ? `: ${escapeHtml(out.error_description)}` : ""}</p>
<p>Go back to Nearhand and try again.</p>`,
  );
}
