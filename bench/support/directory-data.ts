// The provider directory's own benchmark data (issue 33 §1: "p95 < 20 ms at 100,000 providers"): the large seed has
// 30,000 providers among its 100,000 users, so the directory is measured on databases of providers alone, 10,000 and
// 100,000 of them, with a quarter as many seekers who wrote their reviews (two a provider on average). Bookings are
// not generated: the reviews' booking ids point nowhere, which only COPY with triggers off allows, and no directory
// query reads bookings. Same seed, same rows.
import { base, en, Faker } from "@faker-js/faker";

import { CATEGORY_IDS } from "../../app/lib/categories.ts";
import { CITIES } from "./cities.ts";
import { benchId, inChunks, prng, text, type TableData } from "./generate.ts";
import { BENCH_SEEKER_EMAIL, benchDatabaseUrl } from "./scale.ts";

/** Directory databases by number of providers. */
export const DIRECTORY_SIZES = { "10k": 10_000, "100k": 100_000 } as const;
export type DirectorySize = keyof typeof DIRECTORY_SIZES;
export const DIRECTORY_SIZE_NAMES = Object.keys(DIRECTORY_SIZES) as DirectorySize[];

/** The directory's database of a size, next to BENCH_DATABASE_URL (nearhand_bench_directory_100k). */
export function directoryDatabaseUrl(size: DirectorySize): string {
  const url = new URL(benchDatabaseUrl("1m"));
  url.pathname = `${url.pathname}_directory_${size}`;
  return url.href;
}

const SEED = 20261126;
const T_DIRECTORY_USER = 11;
const T_DIRECTORY_REVIEW = 12;
const T_NOWHERE = 13;
const DAY = 86_400_000;

/**
 * What the bios are made of: a trade sentence each, a third of them with "reliable" (a word the bench searches for,
 * so a text search that matches a third of all providers is measured, the harsh case), and most with a faker bio.
 */
const TRADE_SENTENCES = [
  "Reliable plumber, leaks and clogs fixed the same day.",
  "Reliable and tidy, I bring my own tools.",
  "Licensed electrician for switches, outlets and lighting.",
  "Deep cleaning, move-out cleaning and windows.",
  "Interior painting with care for your furniture.",
  "Reliable movers with a van, stairs no problem.",
  "Furniture assembly, shelves and TV mounting.",
  "Carpentry, drywall patching and tiling.",
  "Pet sitting, errands and plant watering.",
  "Handyman for small fixes around the house, reliable and quick.",
  "Appliance repair: dishwashers, washers and dryers.",
  "Same-day delivery across town.",
];
const REVIEW_COMMENTS = [
  "Arrived on time and fixed the sink quickly.",
  "Friendly, careful and cleaned up afterwards.",
  "Great work on the shelves, would hire again.",
  "Painted two rooms in a day, spotless.",
  "Moved our couch up four floors without a scratch.",
  "Punctual and professional.",
  "A bit late but did a solid job.",
  "Knew exactly what was wrong with the dishwasher.",
  "Very reliable, answered every message.",
  "Assembled the wardrobe perfectly.",
];

/** The users (the benchmark seeker first, then providers, then reviewing seekers) and their reviews, in COPY text. */
export function generateDirectory(providers: number, now = Date.now()): TableData[] {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(SEED);
  const random = prng(SEED);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const total = CITIES.reduce((sum, c) => sum + c.weight, 0);
  const city = () => {
    let r = random() * total;
    for (const c of CITIES) if ((r -= c.weight) < 0) return c;
    return CITIES[0];
  };
  const jitter = (spread: number) => (random() + random() - 1) * spread;
  const bios = Array.from({ length: 300 }, () => faker.person.bio());
  const firstNames = faker.definitions.person?.first_name?.generic ?? [];
  const lastNames = faker.definitions.person?.last_name?.generic ?? [];
  const seekers = Math.max(1, Math.round(providers / 4));
  const userId = (i: number) => benchId(T_DIRECTORY_USER, i);
  const reviewCounts = new Uint8Array(providers);

  function* users(): Generator<string> {
    for (let i = 0; i <= providers + seekers; i++) {
      const isProvider = i >= 1 && i <= providers;
      const place = i === 0 ? { lat: 40.6782, lng: -73.9442, name: "Brooklyn, NY" } : city();
      const lat = i === 0 ? place.lat : place.lat + jitter(0.25);
      const lng = i === 0 ? place.lng : place.lng + jitter(0.3);
      const located = !(isProvider && random() < 0.05);
      const reviews = isProvider && random() >= 0.3 ? int(1, 5) : 0;
      if (isProvider) reviewCounts[i - 1] = reviews;
      const categories = isProvider ? [...new Set(Array.from({ length: int(1, 3) }, () => pick(CATEGORY_IDS)))] : [];
      const bio = isProvider ? [random() < 0.75 ? pick(bios) : "", TRADE_SENTENCES[int(0, 3) === 0 ? pick([0, 1, 5, 9]) : int(2, 11)]] : [];
      const created = now - int(30, 1000) * DAY;
      yield [
        userId(i),
        i === 0 ? BENCH_SEEKER_EMAIL : `directory${i}@bench.nearhand.dev`,
        text(pick(firstNames)),
        text(pick(lastNames)),
        isProvider ? "provider" : "seeker",
        isProvider ? text(bio.filter(Boolean).join(" ")) : "\\N",
        isProvider && random() < 0.2 ? "t" : "f",
        `{${categories.join(",")}}`,
        isProvider && random() < 0.9 ? `${int(25, 120)}.00` : "\\N",
        located ? lat.toFixed(7) : "\\N",
        located ? lng.toFixed(7) : "\\N",
        text(place.name),
        isProvider ? String(reviews + int(0, 20)) : "0",
        new Date(created).toISOString(),
        new Date(created).toISOString(),
      ].join("\t");
    }
  }

  function* reviews(): Generator<string> {
    let n = 0;
    for (let p = 0; p < providers; p++) {
      for (let k = 0; k < reviewCounts[p]; k++) {
        const rating = random() < 0.7 ? 5 : int(1, 4);
        yield [
          benchId(T_DIRECTORY_REVIEW, n),
          benchId(T_NOWHERE, n++),
          userId(providers + 1 + int(0, seekers - 1)),
          userId(p + 1),
          String(rating),
          random() < 0.8 ? text(pick(REVIEW_COMMENTS)) : "\\N",
          new Date(now - int(1, 600) * DAY).toISOString(),
        ].join("\t");
      }
    }
  }

  const userColumns = [
    "id",
    "email",
    "first_name",
    "last_name",
    "current_role",
    "bio",
    "is_provider_online",
    "provider_categories",
    "hourly_rate",
    "latitude",
    "longitude",
    "address",
    "total_jobs_completed",
    "created_at",
    "updated_at",
  ];
  const reviewColumns = ["id", "booking_id", "reviewer_id", "reviewee_id", "rating", "comment", "created_at"];
  return [
    { table: "users", columns: userColumns, rows: providers + seekers + 1, chunks: () => inChunks(users()) },
    {
      table: "reviews",
      columns: reviewColumns,
      // Known once the users are drawn: the table is generated after them.
      get rows() {
        return reviewCounts.reduce((sum, n) => sum + n, 0);
      },
      chunks: () => inChunks(reviews()),
    },
  ];
}
