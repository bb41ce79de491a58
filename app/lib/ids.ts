import { z } from "zod";

// Built once: a zod schema costs more to construct than to check a value with, and every lookup by id checks one.
const uuid = z.uuid();

/** Whether a value is a well-formed UUID (ids from a URL or a body are checked before any query uses them). */
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}
