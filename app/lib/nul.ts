// PostgreSQL's text and jsonb cannot hold U+0000, and no person types it:
// input that carries one is refused at the edge, before it reaches a query
// or a flashed form in the session.

/** True when a string anywhere in the value (keys included) contains U+0000. */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item));
  }
  return false;
}
