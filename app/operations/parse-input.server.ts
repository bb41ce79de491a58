import "server-only";

import type { z } from "zod";

import { invalid } from "~/lib/errors";
import { describeIssues } from "~/lib/input-issues";

/** The input as an operation's schema reads it, or a DomainError(400) naming what is wrong (adapters answer it). */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(describeIssues(parsed.error));
  return parsed.data;
}
