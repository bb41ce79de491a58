import { z } from "zod";

import { CATEGORY_IDS } from "../categories.ts";

// The provider directory's search (issue 33 §1): GET /api/providers and the directory page read the same query.

/** Providers on one page of the directory; the next page starts after the last one's keys (never OFFSET). */
export const PROVIDER_PAGE_SIZE = 20;

export const PROVIDER_SEARCH_TEXT_MAX = 100;
export const PROVIDER_SEARCH_SORTS = ["match", "nearest", "rating", "rate"] as const;
export type ProviderSearchSort = (typeof PROVIDER_SEARCH_SORTS)[number];

/** A query value as text: trimmed, and absent when blank ("?q=&category=" is the same as none). */
const text = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined);

/** A number of the query string; anything that is no finite number is refused. */
const searchNumber = (name: string, rule: (n: z.ZodNumber) => z.ZodNumber) =>
  text().pipe(
    z.coerce
      .number<string | undefined>({ error: `${name} must be a number` })
      .pipe(rule(z.number()))
      .optional(),
  );

/** The query as written (URLSearchParams' strings), documented as GET /api/providers' query. */
export const providerSearchParams = z.object({
  q: text()
    .pipe(z.string().max(PROVIDER_SEARCH_TEXT_MAX, `q must be at most ${PROVIDER_SEARCH_TEXT_MAX} characters`).optional())
    .describe(`Words of a provider's name (misspelt too), categories, bio or received reviews; at most ${PROVIDER_SEARCH_TEXT_MAX} characters`),
  category: text()
    .pipe(z.enum(CATEGORY_IDS, { error: "category is not one of the six categories" }).optional())
    .describe("Providers offering this category"),
  online: text()
    .pipe(z.enum(["1", "true", "0", "false"], { error: 'online must be "1" or "true"' }).optional())
    .transform((value) => (value === "1" || value === "true" ? true : undefined))
    .describe('"1" or "true": providers online now'),
  near: searchNumber("near", (n) => n.min(1, "near must be 1 to 100 miles").max(100, "near must be 1 to 100 miles")).describe(
    "Within this many miles (1-100) of the caller's location; ignored when the caller has none",
  ),
  minRating: searchNumber("minRating", (n) => n.min(0, "minRating must be 0 to 5").max(5, "minRating must be 0 to 5")).describe(
    "Average rating at least this (0-5)",
  ),
  maxRate: searchNumber("maxRate", (n) => n.gt(0, "maxRate must be more than 0")).describe("Hourly rate at most this (more than 0)"),
  sort: text()
    .pipe(z.enum(PROVIDER_SEARCH_SORTS, { error: 'sort must be "match", "nearest", "rating" or "rate"' }).optional())
    .describe('"match" (best match, the default with q), "nearest", "rating" (best rated, the default without q) or "rate" (lowest rate)'),
  after: text()
    .pipe(z.string().max(1000, "after is not a cursor of this search").optional())
    .describe("The `next` of the previous page: the page after it"),
});

/** The query as the search reads it: the sort filled in. */
export const providerSearchQuery = providerSearchParams.transform(({ sort, ...rest }) => ({
  ...rest,
  sort: sort ?? (rest.q ? "match" : "rating"),
}));

export type ProviderSearchQuery = z.output<typeof providerSearchQuery>;
