import "server-only";

// An email about the account itself (issue 34: suspended, reinstated): always sent, whatever the alert choices,
// as nothing else tells a signed-out user. No remote asset, no script, no link that signs anyone in.
import type { OutgoingMail } from "~/infra/mail.server";
import { escapeHtml } from "~/lib/escape-html";

export interface AccountMailContent {
  to: string;
  title: string;
  paragraphs: string[];
  link: string;
  linkLabel: string;
  messageId: string;
}

export function accountMail(content: AccountMailContent): OutgoingMail {
  const text = [content.title, "", ...content.paragraphs.flatMap((p) => [p, ""]), `${content.linkLabel}: ${content.link}`, ""].join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<p style="margin:0 0 8px;font-weight:700;color:#2563eb">Nearhand</p>
<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(content.title)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
<p style="margin:0"><a href="${escapeHtml(content.link)}" style="color:#1d4ed8">${escapeHtml(content.linkLabel)}</a></p>
</div>
</body></html>
`;
  return { to: content.to, subject: content.title, text, html, messageId: content.messageId };
}
