import { z } from "zod";

// What a typed text field may hold (decision 0066). A control character has no business in anything a person types:
// a CR/LF in a name or a title reaches email bodies and headers (spec §3.9), a terminal escape reaches logs. One-line
// fields refuse every control character (C0, DEL, C1) and the Unicode line and paragraph separators; multi-line
// fields keep line breaks and tabs and refuse the rest. Browsers send a textarea's line breaks as CR LF.

const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;
const MULTI_LINE = /^(?:[\t\n\r]|[^\p{Cc}])*$/u;
const CONTROL_RUNS = /[\p{Cc}\u2028\u2029]+/gu;

/** A trimmed one-line text field (names, titles, addresses, phone numbers): no control characters at all. */
export function oneLineText(label: string, params?: { error: string }) {
  return z.string(params).trim().regex(ONE_LINE, `${label} must not contain control characters`);
}

/** A trimmed multi-line text field (descriptions, messages, comments, bio): line breaks and tabs, no other control characters. */
export function multiLineText(label: string, params?: { error: string }) {
  return z.string(params).trim().regex(MULTI_LINE, `${label} must not contain control characters other than line breaks and tabs`);
}

/** The text on one line: each run of control characters becomes one space (for names we are given, not typed here). */
export function toOneLine(text: string): string {
  return text.replace(CONTROL_RUNS, " ");
}
