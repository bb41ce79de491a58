import "server-only";

import { createHmac, timingSafeEqual } from "node:crypto";

// React Router's signed cookies (`createCookie` with secrets) read with node:crypto: one HMAC-SHA256 per request,
// instead of WebCrypto's importKey + verify, which cost about 7% of an API request's CPU here (issue 19). The format
// is React Router's: base64(JSON) + "." + base64(HMAC-SHA256) without padding, percent-encoded in the header.

/** The named cookie's raw value in a Cookie header, percent-decoded; null when absent or malformed. */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const pair = part.trim();
    if (!pair.startsWith(`${name}=`)) continue;
    let value = pair.slice(name.length + 1);
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

function signature(value: string, secret: string): Buffer {
  return Buffer.from(createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, ""));
}

/**
 * Signed values already verified against these secrets: a browser sends the same session cookie with every request,
 * and its HMAC-SHA256 was 2–3% of an API request's Node CPU. Only values whose signature held are kept, so nothing
 * can be added without a secret; the set is emptied when full.
 */
const verified = new Set<string>();
const MAX_VERIFIED = 10_000;

function isVerified(signed: string, value: string, secrets: readonly string[]): boolean {
  const key = `${secrets.join("\u0000")}\u0001${signed}`;
  if (verified.has(key)) return true;
  const given = Buffer.from(signed.slice(value.length + 1));
  const valid = secrets.some((secret) => {
    const expected = signature(value, secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return false;
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.add(key);
  return true;
}

/** The JSON value of a cookie signed with one of `secrets` (as React Router writes it), or null. */
export function readSignedCookie(header: string | null | undefined, name: string, secrets: readonly string[]): unknown {
  if (!header) return null;
  const signed = cookieValue(header, name);
  if (signed === "") return ""; // React Router writes an empty value unsigned
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  if (!isVerified(signed, value, secrets)) return null;
  try {
    // React Router encodes btoa(unescape(encodeURIComponent(JSON))): latin1 bytes of the UTF-8 JSON.
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return null;
  }
}
