import "server-only";

// An alert email's parts, both from one source: the notification's own title and text (the in-app words), the
// page it leads to and the way out. No remote asset, no script; the link signs nobody in by itself.
import type { OutgoingMail } from "~/infra/mail.server";
import { escapeHtml } from "~/lib/escape-html";

export interface AlertMailContent {
  to: string;
  title: string;
  message: string;
  /** For a digest: each item's text and page (absolute), listed under the message. */
  items?: { text: string; link: string }[];
  /** The page the alert is about (absolute). */
  link: string;
  linkLabel: string;
  /** The unsubscribe page for this kind of email (absolute). */
  unsubscribe: string;
  /** Where a mail client posts a one-click unsubscribe (RFC 8058, absolute). */
  oneClick: string;
  /** What the reader unsubscribes from, e.g. "booking updates". */
  kindLabel: string;
  messageId: string;
}

export function alertMail(content: AlertMailContent): OutgoingMail {
  const text = [
    content.title,
    "",
    content.message,
    "",
    ...(content.items ?? []).flatMap((item) => [`- ${item.text}`, `  ${item.link}`]),
    ...(content.items?.length ? [""] : []),
    `${content.linkLabel}: ${content.link}`,
    "",
    "--",
    `You get this because ${content.kindLabel} emails are on in your Nearhand profile.`,
    `Stop them: ${content.unsubscribe}`,
    "",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<p style="margin:0 0 8px;font-weight:700;color:#2563eb">Nearhand</p>
<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(content.title)}</h1>
<p style="margin:0 0 20px;font-size:16px;line-height:1.5">${escapeHtml(content.message)}</p>
${content.items?.length ? `<ul style="margin:0 0 20px;padding-left:20px;font-size:15px;line-height:1.5">${content.items.map((item) => `<li style="margin:0 0 8px"><a href="${escapeHtml(item.link)}" style="color:#1d4ed8">${escapeHtml(item.text)}</a></li>`).join("")}</ul>` : ""}
<p style="margin:0 0 24px"><a href="${escapeHtml(content.link)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px;font-weight:600">${escapeHtml(content.linkLabel)}</a></p>
<p style="margin:0;font-size:13px;color:#475569">You get this because ${escapeHtml(content.kindLabel)} emails are on in your Nearhand profile. <a href="${escapeHtml(content.unsubscribe)}" style="color:#475569">Unsubscribe</a></p>
</div>
</body></html>
`;
  return {
    to: content.to,
    subject: content.title,
    text,
    html,
    messageId: content.messageId,
    headers: {
      "List-Unsubscribe": `<${content.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
