import "server-only";

import { sql } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

import { rateLimits } from "#db/schema.ts";
import { builtOnce } from "~/infra/built-once.server";
import { getConfig } from "~/infra/config.server";
import { getDb, type Database } from "~/infra/db.server";
import { log, serializeError } from "~/infra/logger.server";
import { countRateLimitRefusal } from "~/infra/metrics.server";
import { RateLimited } from "~/lib/errors";

/**
 * The limits at RATE_LIMIT_MULTIPLIER=1 (decision 0021): `points` requests per
 * `seconds`, counted per user when signed in, else per client address.
 */
export const RATE_LIMITS = {
  /** Every /api/* request, counted per instance (decision 0048). */
  api: { points: 300, seconds: 60 },
  /**
   * Sign-in attempts per address: a signed-out /api/login and every /api/callback (one sign-in is two requests).
   * Generous, since a whole office or campus may share one address (decision 0041).
   */
  signIn: { points: 100, seconds: 10 * 60 },
  /** Completed sign-ins per account (email), from any address (decision 0041). */
  signInEmail: { points: 10, seconds: 10 * 60 },
  /** Jobs posted (JSON API and the post-job form). */
  jobs: { points: 20, seconds: 60 * 60 },
  /** Messages sent (JSON API and the messages form). */
  messages: { points: 30, seconds: 60 },
  /** Reports sent (JSON API and the report form): like messages, a script's flood of them is refused (issue 34). */
  reports: { points: 30, seconds: 60 },
  /**
   * Booking moves: accepting a job, starting, completing, cancelling; the JSON API and the job and booking pages
   * spend the same budget (decision 0062).
   */
  bookings: { points: 60, seconds: 60 * 60 },
  /** Presigned upload URLs and images sent with a form. */
  uploads: { points: 20, seconds: 60 * 60 },
  /** Devices turned on for push (the API and the profile's island): a browser does it a few times a day at most. */
  pushDevices: { points: 30, seconds: 60 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A limit's points scaled by the multiplier; never below one. */
export function scaledPoints(name: RateLimitName, multiplier: number): number {
  return Math.max(1, Math.round(RATE_LIMITS[name].points * multiplier));
}

export const userKey = (userId: string) => `user:${userId}`;
export const addressKeyOf = (address: string) => `ip:${address}`;
export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;

/**
 * Limits counted in each instance's memory instead of PostgreSQL (decision 0048): the API-wide limit is checked on
 * every /api request, where a write per request cost more than the limit is worth; it stops a script flooding one
 * instance, while the limits where exactness across instances matters (sign-in, posting, messages, reports, bookings, uploads) stay
 * in the database.
 */
const PER_INSTANCE = new Set<RateLimitName>(["api"]);
const memoryLimiters = new Map<RateLimitName, RateLimiterMemory>();

function memoryLimiterFor(name: RateLimitName): RateLimiterMemory {
  let limiter = memoryLimiters.get(name);
  if (!limiter) {
    limiter = new RateLimiterMemory({
      keyPrefix: name,
      points: scaledPoints(name, getConfig().rateLimitMultiplier),
      duration: RATE_LIMITS[name].seconds,
    });
    memoryLimiters.set(name, limiter);
  }
  return limiter;
}

// One set of limiters per database (tests may swap it).
const limiters = new WeakMap<Database, Map<RateLimitName, RateLimiterDrizzle>>();

function limiterFor(db: Database, name: RateLimitName): RateLimiterDrizzle {
  let byName = limiters.get(db);
  if (!byName) limiters.set(db, (byName = new Map()));
  let limiter = byName.get(name);
  if (!limiter) {
    const points = scaledPoints(name, getConfig().rateLimitMultiplier);
    const duration = RATE_LIMITS[name].seconds;
    limiter = new PreparedRateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: name,
      points,
      duration,
      // A key over its limit is refused from memory until its window ends: a flood costs no writes.
      inMemoryBlockOnConsumed: points + 1,
      // Should the table fail, each instance limits on its own rather than failing the request.
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
    });
    byName.set(name, limiter);
  }
  return limiter;
}

/**
 * The library's limiter on the table, its spending statement built once per database: it built the same upsert
 * with drizzle on every request counted (issue 36 §3). The statement is the library's own (its text, its values).
 */
class PreparedRateLimiterDrizzle extends RateLimiterDrizzle {
  private readonly db: Database;
  constructor(options: ConstructorParameters<typeof RateLimiterDrizzle>[0] & { storeClient: Database }) {
    super(options);
    this.db = options.storeClient;
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false, options = {}): Promise<unknown> {
    // Setting a key (block, set) is rare, and no limit here is without a window: the library's own statement.
    if (forceExpire || msDuration <= 0)
      return (RateLimiterDrizzle.prototype as unknown as PrivateUpsert)._upsert.call(this, key, points, msDuration, forceExpire, options);
    const now = new Date();
    try {
      const [row] = await spendQuery(this.db).execute({ key, points, expire: new Date(now.getTime() + msDuration), now });
      return row;
    } catch (error) {
      // The library falls back to this instance's memory (insuranceLimiter) and says nothing: say it here.
      log().warn({ err: serializeError(error), limit: this.keyPrefix }, "rate limit table failed; limiting in this instance's memory");
      throw error;
    }
  }
}

interface PrivateUpsert {
  _upsert(key: string, points: number, msDuration: number, forceExpire: boolean, options: object): Promise<unknown>;
}

/** RateLimiterDrizzle's upsert of a spend, as it builds it. Placeholders: key, points, expire, now (Dates). */
const spendQuery = builtOnce((db) => {
  // Dates bound as the column binds them (as the library does).
  const expired = sql`${rateLimits.expire} <= ${sql.param(sql.placeholder("now"), rateLimits.expire)}`;
  const points = sql.placeholder("points");
  const expire = sql.param(sql.placeholder("expire"), rateLimits.expire);
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), points, expire: sql.placeholder("expire") })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`CASE WHEN ${expired} THEN ${points} ELSE ${rateLimits.points} + ${points} END`,
        expire: sql`CASE WHEN ${expired} THEN ${expire} ELSE ${rateLimits.expire} END`,
      },
    })
    .returning()
    .prepare("rate_limit_spend");
});

/** Counts one request against the limit `name` for `key` (see userKey, addressKeyOf). */
export async function consumeRateLimit(name: RateLimitName, key: string): Promise<RateLimitVerdict> {
  const limiter = PER_INSTANCE.has(name) ? memoryLimiterFor(name) : limiterFor(await getDb(), name);
  try {
    await limiter.consume(key);
    return { allowed: true };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    countRateLimitRefusal(name);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
  }
}

/** For operations: counts one more, or throws RateLimited (the adapters answer it as 429 or as a toast). */
export async function spendRateLimit(name: RateLimitName, key: string): Promise<void> {
  const verdict = await consumeRateLimit(name, key);
  if (!verdict.allowed) throw new RateLimited(verdict.retryAfterSeconds);
}

/** "Please try again in 45 seconds." / "… in 12 minutes.": for toasts after a refused form. */
export function tryAgainText(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 90) return `Please try again in ${retryAfterSeconds} seconds.`;
  return `Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`;
}
