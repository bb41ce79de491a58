// PostgreSQL's text and jsonb hold neither U+0000 nor lone UTF-16 surrogates
// (those are no Unicode text at all: PGlite fails on them, postgres.js turns
// them into U+FFFD), and no person types either. Input that carries one is
// refused at the edge, before it reaches a query or a flashed form in the session.

/** No request body of ours nests deeper than a few levels; 32 leaves room and keeps every later walk shallow. */
export const MAX_NESTING_DEPTH = 32;

/** Why text somewhere in the value (keys included) cannot be stored, or null when it all can. */
export function unstorableText(value: unknown): string | null {
  return walk(value, (text) => {
    if (text.includes("\u0000")) return "Text must not contain NUL characters";
    if (!text.isWellFormed()) return "Text must be valid Unicode";
    return null;
  });
}

/**
 * Visits every string (object keys included) without recursion, so a body of
 * thousands of nested arrays cannot overflow the stack; deeper than
 * MAX_NESTING_DEPTH is itself a refusal.
 */
function walk(root: unknown, check: (text: string) => string | null): string | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === "string") {
      const reason = check(value);
      if (reason) return reason;
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_NESTING_DEPTH) return `Request body is nested too deeply (at most ${MAX_NESTING_DEPTH} levels)`;
    if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const reason = check(key);
      if (reason) return reason;
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}
