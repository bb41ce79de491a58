import { z } from "zod";

import { CATEGORY_IDS } from "../categories.ts";

// The provider directory's search (issue 33 §1): GET /api/providers and the directory page read the same query.

/** Providers on one page of the directory; the next page starts after the last one's keys (never OFFSET). */
export const PROVIDER_PAGE_SIZE = 20;

export const PROVIDER_SEARCH_TEXT_MAX = 100;
export const PROVIDER_SEARCH_SORTS = ["match", "nearest", "rating", "rate"] as const;
export type ProviderSearchSort = (typeof PROVIDER_SEARCH_SORTS)[number];

/** An empty query value ("?q=&category=") is the same as none. */
const blankIsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A number from the query string; blank is absent, anything else that is no finite number is refused. */
const searchNumber = (name: string, rule: (n: z.ZodNumber) => z.ZodNumber) =>
  z.preprocess(
    (v) => {
      const value = blankIsAbsent(v);
      return typeof value === "string" ? Number(value) : value;
    },
    rule(z.number({ error: `${name} must be a number` })).optional(),
  );

export const providerSearchQuery = z
  .object({
    q: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() || undefined : v),
      z.string().max(PROVIDER_SEARCH_TEXT_MAX, `Search text must be at most ${PROVIDER_SEARCH_TEXT_MAX} characters`).optional(),
    ),
    category: z.preprocess(blankIsAbsent, z.enum(CATEGORY_IDS, { error: "category is not one of the six categories" }).optional()),
    online: z.preprocess(
      blankIsAbsent,
      z
        .enum(["1", "true", "0", "false"], { error: 'online must be "1" or "true"' })
        .transform((v) => (v === "1" || v === "true" ? true : undefined))
        .optional(),
    ),
    near: searchNumber("near", (n) => n.min(1, "near must be 1 to 100 miles").max(100, "near must be 1 to 100 miles")),
    minRating: searchNumber("minRating", (n) => n.min(0, "minRating must be 0 to 5").max(5, "minRating must be 0 to 5")),
    maxRate: searchNumber("maxRate", (n) => n.gt(0, "maxRate must be more than 0")),
    sort: z.preprocess(blankIsAbsent, z.enum(PROVIDER_SEARCH_SORTS, { error: 'sort must be "match", "nearest", "rating" or "rate"' }).optional()),
    after: z.preprocess(blankIsAbsent, z.string().max(1000, "after is not a cursor of this search").optional()),
  })
  .transform(({ sort, ...rest }) => ({ ...rest, sort: sort ?? ((rest.q ? "match" : "rating") satisfies ProviderSearchSort) }));

export type ProviderSearchQuery = z.output<typeof providerSearchQuery>;
