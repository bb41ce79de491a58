// How big the benchmark databases are, where they live, and the fixed users the
// benchmarks measure. Every size shares the same benchmark users with the same
// amount of their own data, so growth between sizes is the cost of the other
// rows only: a query that reads what it returns does not grow.

import { homedir } from "node:os";
import path from "node:path";

/** The "large seed" (scale 1). */
export const FULL_COUNTS = {
  users: 100_000,
  jobs: 1_000_000,
  bookings: 300_000,
  messages: 2_000_000,
  reviews: 500_000,
  notifications: 1_000_000,
} as const;
export type Counts = { [K in keyof typeof FULL_COUNTS]: number };

/** PostgreSQL databases by number of jobs; "1m" is BENCH_DATABASE_URL itself. */
export const SIZES = { "10k": 0.01, "100k": 0.1, "1m": 1 } as const;
export type SizeName = keyof typeof SIZES;
export const SIZE_NAMES = Object.keys(SIZES) as SizeName[];

/** PGlite gets one tenth of the large seed (WASM PostgreSQL, single connection). */
export const PGLITE_SCALE = 0.1;
/**
 * Where the PGlite benchmark database lives: BENCH_PGLITE_DIR, or the user's cache, shared by every checkout on the
 * machine as the PostgreSQL benchmark databases are (a fresh clone's `npm run bench` finds what the seed wrote).
 */
export const PGLITE_DIR =
  process.env.BENCH_PGLITE_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache"), "nearhand", "bench-pglite");

export function countsAt(scale: number): Counts {
  const entries = Object.entries(FULL_COUNTS).map(([table, n]) => [table, Math.round(n * scale)]);
  return Object.fromEntries(entries) as Counts;
}

export const BENCH_SEEKER_EMAIL = "seeker@bench.nearhand.dev";
export const BENCH_PROVIDER_EMAIL = "provider@bench.nearhand.dev";
/** The same at every size. */
export const BENCH_USER_DATA = {
  seekerJobs: 500,
  /** "conversations of a user with 500 bookings": the benchmark provider's. */
  providerBookings: 500,
  /** Of the provider's bookings, this many are on the benchmark seeker's jobs (a thread between the two). */
  sharedBookings: 20,
  messagesPerProviderBooking: 8,
  providerNotifications: 1_000,
};

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/nearhand_bench";

export function benchDatabaseUrl(size: SizeName): string {
  const url = new URL(process.env.BENCH_DATABASE_URL || DEFAULT_URL);
  if (size !== "1m") url.pathname = `${url.pathname}_${size}`;
  return url.href;
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}
