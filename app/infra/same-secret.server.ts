import "server-only";

import { timingSafeEqual } from "node:crypto";

/** Whether two secrets (signatures, passwords) are equal, compared in constant time for equal lengths. */
export function sameSecret(given: string | Buffer, expected: string | Buffer): boolean {
  const a = Buffer.isBuffer(given) ? given : Buffer.from(given, "utf8");
  const b = Buffer.isBuffer(expected) ? expected : Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
