import "server-only";

import { and, sql, type SQL } from "drizzle-orm";

import { users } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import { invalid } from "~/lib/errors";
import { chordForMiles, EARTH_RADIUS_MILES, unitSphereCube } from "~/lib/geo";
import { isUuid } from "~/lib/ids";
import { PROVIDER_PAGE_SIZE, type ProviderSearchQuery, type ProviderSearchSort } from "~/lib/schemas/provider-search";
import { blockedBetween } from "~/models/block.server";

/** A provider as the directory's card shows them (issue 33): public fields only, never email, phone or address. */
export type DirectoryProvider = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isProviderOnline: boolean;
  providerCategories: string[];
  averageRating: string;
  totalReviews: number;
  totalJobsCompleted: number;
  hourlyRate: string | null;
  distanceMiles: number | null;
};

/** One page of the directory; `next` is the cursor of the following page, null on the last. */
export type ProviderSearchPage = { providers: DirectoryProvider[]; next: string | null };

/** Where the search measures distances from: the viewer's own location, if they have one. */
export type SearchOrigin = { latitude: number; longitude: number } | null;

/** Whoever offers a service is in the directory (decision 0072). */
const offersAService = sql`cardinality(${users.providerCategories}) > 0`;

/** A provider's full name, whose similarity to the typed text is part of "best match" (misspelt names are found by nameSpellings). */
const fullName = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/** A rate no provider can ask (numeric(10,2)), so providers without a rate come last on "lowest rate"; as in users_provider_rate_idx. */
const NO_RATE = sql.raw("1000000000::numeric");

/** How many text matches "best match" ranks (10 pages): the best rated of them, and as many names (decision 0072). */
export const BEST_MATCH_CANDIDATES = 200;

/**
 * How many providers a bounded walk of an index reads before the search asks its other indexes: the best rated for
 * "best match", the nearest for "nearest" (fewer, so the planner walks the position index rather than sorting a small
 * table).
 */
const RATED_WALK = sql.raw("2000");
const NEAREST_WALK = sql.raw("500");

/** The longest chord on the unit sphere (antipodes): "nearest" without a radius reaches everyone. */
const MAX_CHORD = 2;

/** What a page's last row leaves for the next one: its sort and its keys in order. */
type Cursor = { s: ProviderSearchSort; k: Array<string | number> };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

const badCursor = () => invalid("after is not a cursor of this search");

/** The keys a cursor carries for a sort: their kinds, in order, the provider's id last. */
const CURSOR_KEYS: Record<ProviderSearchSort, Array<"number" | "decimal" | "integer">> = {
  match: ["number"],
  nearest: ["number"],
  rating: ["decimal", "integer"],
  rate: ["decimal"],
};

export function decodeCursor(text: string, sort: ProviderSearchSort): Array<string | number> {
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  const { s, k } = (cursor ?? {}) as Partial<Cursor>;
  const kinds = CURSOR_KEYS[sort];
  if (s !== sort || !Array.isArray(k) || k.length !== kinds.length + 1) throw badCursor();
  const id = k[kinds.length];
  if (typeof id !== "string" || !isUuid(id)) throw badCursor();
  kinds.forEach((kind, i) => {
    const key = k[i];
    const ok =
      kind === "number"
        ? typeof key === "number" && Number.isFinite(key)
        : kind === "integer"
          ? Number.isSafeInteger(key)
          : typeof key === "string" && /^\d{1,10}(\.\d{1,2})?$/.test(key);
    if (!ok) throw badCursor();
  });
  return k;
}

/** How many spellings of a provider's name one typed word stands for, besides itself. */
const SPELLINGS_PER_WORD = 3;
/** How many typed words are spelt out (the rest are searched as typed). */
const SPELT_WORDS = 6;

/**
 * The typed words as a `to_tsquery` text where each word may also be one of the provider-name words spelt most like
 * it ("patle" → `(patle | patel | pate)`), all of them required as in a web search; null when no word was worth it.
 * The name words are a small table (one row per distinct word of providers' names, kept by a trigger, migration
 * 0013) with a trigram GiST index, which answers both the match and the order (decision 0098): a misspelt name's
 * look-alikes are read from it rather than from a scan of the vocabulary, then searched in the search document's
 * index like any word (decision 0072).
 */
async function nameSpellings(db: Executor, text: string): Promise<string | null> {
  const words = [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((word) => word.length > 1).slice(0, SPELT_WORDS);
  if (words.length === 0) return null;
  const result: unknown = await db.execute(sql`select typed.word, array(
      select name.word from provider_name_words as name where name.word % typed.word
      order by name.word <-> typed.word limit ${SPELLINGS_PER_WORD}) as alternatives
    from unnest(string_to_array(${words.join(" ")}, ' ')) as typed(word)`);
  // postgres.js answers with an array, PGlite with { rows }.
  const found = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { word: string; alternatives: string[] }[];
  if (!found.some((row) => row.alternatives.some((alternative) => alternative !== row.word))) return null;
  const term = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, "");
  return found.map((row) => `(${[...new Set([row.word, ...row.alternatives].map(term).filter(Boolean))].join(" | ")})`).join(" & ");
}

/**
 * The provider directory (issue 33 §1): text over name, categories, bio and received reviews (ranked full-text
 * search, plus trigram similarity so a misspelt name still finds its provider), filters, four sorts, each with a
 * unique keyset that ends in the id, 20 a page after the cursor (never OFFSET).
 */
export async function searchProviders(db: Executor, viewerId: string, origin: SearchOrigin, query: ProviderSearchQuery): Promise<ProviderSearchPage> {
  // "Best match" without text and "nearest" without an origin order as "best rated".
  const sort: ProviderSearchSort = (query.sort === "match" && !query.q) || (query.sort === "nearest" && !origin) ? "rating" : query.sort;
  const text = query.q ?? null;
  // The words as typed, or spelt like a provider's name (a misspelt name finds its provider through the same index).
  const spellings = text ? await nameSpellings(db, text) : null;
  const tsQuery = text
    ? spellings
      ? sql`(websearch_to_tsquery('english', ${text}) || to_tsquery('english', ${spellings}))`
      : sql`websearch_to_tsquery('english', ${text})`
    : null;

  // The chord between unit-sphere points (what the cube index measures, decision 0026); miles are worked out from it.
  const chord = origin ? sql<number>`(${users.position} <-> ${unitSphereCube(origin)}::cube)` : null;
  const rank = tsQuery
    ? sql<number>`(ts_rank_cd(coalesce(${users.searchDocument}, ''::tsvector), ${tsQuery}) + similarity(${fullName}, ${text}))::float8`
    : sql<number>`0::float8`;
  const rate = sql<string>`coalesce(${users.hourlyRate}, ${NO_RATE})`;

  const distanceWanted = origin && (query.near !== undefined || sort === "nearest");
  const textMatch = tsQuery ? sql`${users.searchDocument} @@ ${tsQuery}` : undefined;
  const center = origin ? sql`${unitSphereCube(origin)}::cube` : null;
  const radius = origin && chord && query.near !== undefined ? sql`${chord} <= ${chordForMiles(query.near)}::float8` : undefined;
  // Everything but the distance, the text and the cursor: what every candidate of a page must be.
  const filters: Array<SQL | undefined> = [
    offersAService,
    sql`${users.id} <> ${viewerId}`,
    // A suspended provider leaves the directory while it lasts (issue 34).
    sql`(${users.suspendedAt} is null or ${users.suspendedUntil} <= now())`,
    // Nor anyone the viewer blocked or who blocked the viewer.
    sql`not ${blockedBetween(users.id, viewerId)}`,
    query.category ? sql`${users.providerCategories} @> array[${query.category}]::text[]` : undefined,
    query.online ? sql`${users.isProviderOnline} = true` : undefined,
    query.minRating !== undefined ? sql`${users.averageRating} >= ${query.minRating}` : undefined,
    query.maxRate !== undefined ? sql`${users.hourlyRate} <= ${query.maxRate}` : undefined,
    distanceWanted ? sql`${users.position} is not null` : undefined,
  ];

  // Each order is a keyset: its keys and the id, all one direction, so "after" is one row comparison.
  const orders: Record<ProviderSearchSort, { keys: SQL[]; casts: string[]; descending: boolean }> = {
    match: { keys: [rank], casts: ["float8"], descending: true },
    nearest: { keys: [chord ?? sql`0::float8`], casts: ["float8"], descending: false },
    rating: { keys: [sql`${users.averageRating}`, sql`${users.totalReviews}`], casts: ["numeric", "int"], descending: true },
    rate: { keys: [rate], casts: ["numeric"], descending: false },
  };
  const order = orders[sort];
  let after: SQL | undefined;
  if (query.after) {
    const keys = decodeCursor(query.after, sort);
    const values = keys.map((value, i) => (i < order.casts.length ? sql`${value}::${sql.raw(order.casts[i])}` : sql`${value}::uuid`));
    after = sql`(${sql.join([...order.keys, sql`${users.id}`], sql`, `)}) ${sql.raw(order.descending ? "<" : ">")} (${sql.join(values, sql`, `)})`;
  }
  const direction = sql.raw(order.descending ? "desc" : "asc");

  let where: SQL | undefined;
  if (sort === "match" && tsQuery) {
    // Ranking reads every matching document: only the best-rated BEST_MATCH_CANDIDATES text matches and as many
    // closest names are ranked, so a word in a third of the bios costs what a rare one does. Deeper pages page
    // through the same candidates; past them "best match" ends.
    const limit = sql.raw(String(BEST_MATCH_CANDIDATES));
    const byRating = sql`${users.averageRating} desc, ${users.totalReviews} desc, ${users.id} desc`;
    const texts = and(...filters, radius, sql`${users.searchDocument} @@ ${tsQuery}`);
    const walked = sql`(select * from ${users} where ${offersAService} order by ${byRating} limit ${RATED_WALK}) as ${users}`;
    // Common words are found among the best rated first (a bounded walk of the rating index); only when that walk
    // falls short does the text index answer, the best rated of every match then sorted. Either way the same
    // candidates, and a plan that does not hang on how common a word looks to a generic (prepared) plan.
    const candidates = sql`with walked as (select ${users.id} from ${walked} where ${texts} order by ${byRating} limit ${limit})
      select id from walked
      union all (select ${users.id} from ${users} where ${texts} and (select count(*) from walked) < ${limit} order by ${byRating} limit ${limit})`;
    where = and(sql`${users.id} in (${candidates})`, after);
  } else if (sort === "nearest" && center && chord) {
    // A unique order (the chord, then the id) cannot walk the position index, which orders by distance alone: the
    // index walks out to the page's last provider (the radius aside, so a sparse radius does not read the whole
    // index), then everyone inside the box of that distance is sorted; who is beyond it sorts after a full page.
    // The walk is bounded (the NEAREST_WALK nearest after the cursor); a search too narrow to fill a page in it asks
    // its own indexes.
    const reachable = and(...filters, textMatch, after);
    const nearby = sql`(select * from ${users} where ${and(offersAService, sql`${users.position} is not null`, after)} order by ${chord} limit ${NEAREST_WALK}) as ${users}`;
    const pageEnd = (from: SQL) => sql`(select ${chord} from ${from} where ${reachable} order by ${chord} offset ${PROVIDER_PAGE_SIZE} limit 1)`;
    const lastChord = sql`coalesce(${pageEnd(nearby)}, ${pageEnd(sql`${users}`)})`;
    const reach =
      query.near !== undefined ? sql`least(${lastChord}, ${chordForMiles(query.near)}::float8)` : sql`coalesce(${lastChord}, ${MAX_CHORD}::float8)`;
    // A hair wider than the distance, so rounding never leaves its last provider outside.
    where = and(reachable, radius, sql`${users.position} <@ cube_enlarge(${center}, ${reach} * 1.000001, 3)`);
  } else {
    where = and(...filters, radius, textMatch, after);
  }

  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      isProviderOnline: users.isProviderOnline,
      providerCategories: users.providerCategories,
      averageRating: users.averageRating,
      totalReviews: users.totalReviews,
      totalJobsCompleted: users.totalJobsCompleted,
      hourlyRate: users.hourlyRate,
      chord: chord ? sql<number | null>`${chord}` : sql<null>`null::float8`,
      key0: sql<string | number>`${order.keys[0]}`,
      key1: order.keys[1] ? sql<string | number>`${order.keys[1]}` : sql<null>`null`,
    })
    .from(users)
    .where(where)
    .orderBy(...[...order.keys, sql`${users.id}`].map((key) => sql`${key} ${direction}`))
    .limit(PROVIDER_PAGE_SIZE + 1);

  const page = rows.slice(0, PROVIDER_PAGE_SIZE);
  const last = page.at(-1);
  const next = rows.length > PROVIDER_PAGE_SIZE && last ? encodeCursor({ s: sort, k: [...keysOf(sort, last.key0, last.key1), last.id] }) : null;
  return {
    providers: page.map(({ chord: c, key0: _key0, key1: _key1, ...provider }) => ({
      ...provider,
      distanceMiles: c === null || c === undefined ? null : chordToMiles(Number(c)),
    })),
    next,
  };
}

/** A row's keys as the cursor keeps them: floats as numbers, decimals as their text, counts as integers. */
function keysOf(sort: ProviderSearchSort, key0: string | number, key1: string | number | null): Array<string | number> {
  if (sort === "match" || sort === "nearest") return [Number(key0)];
  if (sort === "rating") return [String(key0), Number(key1)];
  return [String(key0)];
}

/** Miles along the sphere between two points a chord of this length apart (on the unit sphere), two decimals. */
function chordToMiles(chord: number): number {
  return Math.round(2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, chord / 2)) * 100) / 100;
}
