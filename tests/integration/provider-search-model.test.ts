// The provider directory's query (decision 0072), on a migrated database: text, filters, sorts and keyset pages.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { providerSearchQuery } from "~/lib/schemas/provider-search";
import { BEST_MATCH_CANDIDATES, searchProviders, type ProviderSearchPage } from "~/models/provider-search.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { insertBooking, modelTestDatabase, refusal } from "../support/model-database.ts";
import { DIRECTORY_CARD } from "../support/spec-fields.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));

const midtown = { latitude: 40.758, longitude: -73.9855 };
const search = (viewerId: string, params: Record<string, string>, origin: typeof midtown | null = midtown) =>
  searchProviders(db, viewerId, origin, providerSearchQuery.parse(params));

/** Every page of a search, following `next`. */
async function allPages(viewerId: string, params: Record<string, string>, origin: typeof midtown | null = midtown) {
  const pages: ProviderSearchPage[] = [];
  let after: string | undefined;
  do {
    const page = await search(viewerId, after ? { ...params, after } : params, origin);
    pages.push(page);
    after = page.next ?? undefined;
  } while (after && pages.length < 30);
  return pages;
}

async function review(revieweeId: string, comment: string) {
  const seeker = await user();
  const booking = await insertBooking(db, seeker.id, revieweeId);
  await db.insert(t.reviews).values({ bookingId: booking.id, reviewerId: seeker.id, revieweeId, rating: 5, comment });
}

describe("provider directory search", () => {
  it("finds a misspelt name, words of the bio and of received reviews; never the viewer or a non-provider", async () => {
    const me = await provider({ firstName: "Priya", lastName: "Patel" });
    const priya = await provider({ firstName: "Priya", lastName: "Patel", bio: "Zanzibarian plumbing" });
    await user({ firstName: "Priya", lastName: "Patel" });
    const names = await search(me.id, { q: "Priya Patle" });
    expect(names.providers.map((p) => p.id)).toEqual([priya.id]);
    expect((await search(me.id, { q: "zanzibarian" })).providers.map((p) => p.id)).toEqual([priya.id]);

    const reviewed = await provider({ bio: "nothing here" });
    expect((await search(me.id, { q: "quokkalike" })).providers).toEqual([]);
    await review(reviewed.id, "A quokkalike cheerful fixer");
    expect((await search(me.id, { q: "quokkalike" })).providers.map((p) => p.id)).toEqual([reviewed.id]);
    // The document follows the profile too.
    await db.update(t.users).set({ bio: "now a wombatish painter" }).where(eq(t.users.id, reviewed.id));
    expect((await search(me.id, { q: "wombatish" })).providers.map((p) => p.id)).toEqual([reviewed.id]);
  });

  it("finds a misspelt first name alone, and a name typed after the provider changed it (the name words follow)", async () => {
    const me = await user();
    const jennifer = await provider({ firstName: "Jennifer", lastName: "Quixotely" });
    expect((await search(me.id, { q: "Jenifer Quixotley" })).providers.map((p) => p.id)).toEqual([jennifer.id]);
    expect((await search(me.id, { q: "Jenifer" })).providers.map((p) => p.id)).toContain(jennifer.id);
    await db.update(t.users).set({ lastName: "Brightwaterson" }).where(eq(t.users.id, jennifer.id));
    expect((await search(me.id, { q: "Jennifer Brightwatersen" })).providers.map((p) => p.id)).toEqual([jennifer.id]);
    // A seeker's name is nobody's spelling: only providers' names are words of the directory.
    await user({ firstName: "Zebulonius" });
    expect((await search(me.id, { q: "Zebulonious" })).providers).toEqual([]);
  });

  it("filters by category, online, distance, rating and rate; pages every order without duplicates or gaps", async () => {
    const me = await user();
    const tag = "fennecfox";
    const made = [];
    for (let i = 0; i < 45; i++) {
      made.push(
        await provider({
          bio: `${tag} helper`,
          providerCategories: i % 3 === 0 ? ["cleaning"] : ["repair"],
          isProviderOnline: i % 2 === 0,
          averageRating: (i % 5) + ".50",
          totalReviews: i % 7,
          hourlyRate: i % 4 === 0 ? null : String(20 + (i % 9)),
          latitude: i % 10 === 0 ? null : String(40.758 + i * 0.01),
          longitude: i % 10 === 0 ? null : "-73.9855000",
        }),
      );
    }
    const ids = new Set(made.map((p) => p.id));
    for (const sort of ["match", "nearest", "rating", "rate"]) {
      const pages = await allPages(me.id, { q: tag, sort });
      const seen = pages.flatMap((p) => p.providers.map((x) => x.id));
      expect(pages[0].providers).toHaveLength(20);
      expect(new Set(seen).size).toBe(seen.length);
      const expected = sort === "nearest" ? made.filter((p) => p.latitude !== null).length : 45;
      expect(seen.length, sort).toBe(expected);
      expect(seen.every((id) => ids.has(id))).toBe(true);
      const rows = pages.flatMap((p) => p.providers);
      if (sort === "nearest") {
        const d = rows.map((r) => r.distanceMiles!);
        expect(d).toEqual([...d].sort((a, b) => a - b));
      }
      if (sort === "rating") {
        const r = rows.map((x) => Number(x.averageRating));
        expect(r).toEqual([...r].sort((a, b) => b - a));
      }
      if (sort === "rate") {
        const r = rows.map((x) => (x.hourlyRate === null ? Infinity : Number(x.hourlyRate)));
        expect(r).toEqual([...r].sort((a, b) => a - b));
      }
    }
    const all = (params: Record<string, string>) => allPages(me.id, { q: tag, ...params }).then((pages) => pages.flatMap((p) => p.providers));
    expect((await all({ category: "cleaning" })).every((p) => p.providerCategories.includes("cleaning"))).toBe(true);
    expect(await all({ category: "cleaning" })).toHaveLength(15);
    expect((await all({ online: "1" })).every((p) => p.isProviderOnline)).toBe(true);
    expect(await all({ online: "true" })).toHaveLength(23);
    const near = await all({ near: "5" });
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((p) => p.distanceMiles !== null && p.distanceMiles <= 5)).toBe(true);
    expect((await all({ minRating: "3.5" })).every((p) => Number(p.averageRating) >= 3.5)).toBe(true);
    const cheap = await all({ maxRate: "22" });
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((p) => p.hourlyRate !== null && Number(p.hourlyRate) <= 22)).toBe(true);
    // A viewer without a location: no distances, "near" and "nearest" leave distance out.
    const nowhere = await allPages(me.id, { q: tag, sort: "nearest", near: "5" }, null);
    expect(nowhere.flatMap((p) => p.providers)).toHaveLength(45);
    expect(nowhere.flatMap((p) => p.providers).every((p) => p.distanceMiles === null)).toBe(true);
  });

  it("pages nearest through providers at the same spot (equal distances) without duplicates or gaps", async () => {
    const me = await user();
    const tag = "aardvarkish";
    const made = [];
    for (let i = 0; i < 50; i++) {
      // Three spots, the first shared by 30: the page boundaries fall inside runs of equal distances.
      const spot = i < 30 ? 0 : i < 40 ? 1 : 2;
      made.push(await provider({ bio: `${tag} fixer`, latitude: String(40.76 + spot * 0.01), longitude: "-73.9855000" }));
    }
    for (const near of [{}, { near: "2" }] as Array<Record<string, string>>) {
      const params = { q: tag, sort: "nearest", ...near };
      const rows = (await allPages(me.id, params)).flatMap((p) => p.providers);
      expect(rows.map((r) => r.id).sort()).toEqual(made.map((p) => p.id).sort());
      const d = rows.map((r) => r.distanceMiles!);
      expect(d).toEqual([...d].sort((a, b) => a - b));
    }
    expect((await allPages(me.id, { q: tag, sort: "nearest", near: "1" })).flatMap((p) => p.providers)).toHaveLength(40);
  });

  it(`ranks the ${BEST_MATCH_CANDIDATES} best-rated text matches for best match, and pages them to the end; other orders reach every match`, async () => {
    const me = await user();
    const tag = "capybaresque";
    const made = [];
    for (let i = 0; i < BEST_MATCH_CANDIDATES + 5; i++) {
      made.push(
        await provider({ bio: i % 2 ? `${tag} ${tag} painter` : `${tag} painter`, averageRating: ((i % 50) / 10).toFixed(2), totalReviews: i }),
      );
    }
    const bestRated = [...made].sort((a, b) => Number(b.averageRating) - Number(a.averageRating) || b.totalReviews - a.totalReviews);
    const matched = (await allPages(me.id, { q: tag })).flatMap((p) => p.providers);
    expect(matched).toHaveLength(BEST_MATCH_CANDIDATES);
    expect(new Set(matched.map((p) => p.id))).toEqual(new Set(bestRated.slice(0, BEST_MATCH_CANDIDATES).map((p) => p.id)));
    // Ranked by the text: the bios saying it twice first.
    const twice = new Set(made.filter((p) => p.bio!.startsWith(`${tag} ${tag}`)).map((p) => p.id));
    const firstOnce = matched.findIndex((p) => !twice.has(p.id));
    expect(matched.slice(firstOnce).every((p) => !twice.has(p.id))).toBe(true);
    expect((await allPages(me.id, { q: tag, sort: "rating" })).flatMap((p) => p.providers)).toHaveLength(made.length);
  });

  it("answers only a card's fields, and refuses a cursor it did not make", async () => {
    const me = await user();
    await provider({ bio: "okapian", phoneNumber: "555", address: "1 Main St" });
    const [card] = (await search(me.id, { q: "okapian" })).providers;
    expect(Object.keys(card).sort()).toEqual([...DIRECTORY_CARD].sort());
    for (const after of [
      "garbage",
      Buffer.from('{"s":"rate","k":["1"]}').toString("base64url"),
      Buffer.from('{"s":"match","k":[1,"x"]}').toString("base64url"),
    ]) {
      expect((await refusal(search(me.id, { q: "okapian", after }))).kind).toBe("invalid");
    }
  });
});
