// PostgreSQL's text and jsonb hold neither U+0000 nor lone UTF-16 surrogates
// (those are no Unicode text at all: PGlite fails on them, postgres.js turns
// them into U+FFFD), and no person types either. Input that carries one is
// refused at the edge, before it reaches a query or a flashed form in the session.

/** Why text somewhere in the value (keys included) cannot be stored, or null when it all can. */
export function unstorableText(value: unknown): string | null {
  if (typeof value === "string") {
    if (value.includes("\u0000")) return "Text must not contain NUL characters";
    if (!value.isWellFormed()) return "Text must be valid Unicode";
    return null;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const reason = unstorableText(item);
      if (reason) return reason;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const reason = unstorableText(key) ?? unstorableText(item);
      if (reason) return reason;
    }
  }
  return null;
}
