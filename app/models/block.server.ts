import "server-only";

import { and, desc, eq, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";

import { blocks, users } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";

/** A user id as SQL: a value, a column (`jobs.seekerId`) or a prepared statement's placeholder. */
type UserIdExpression = string | SQLWrapper | Placeholder;

/**
 * Whether either of two users blocked the other (issue 34: a block works both ways). Both lookups are on the
 * primary key (blocker, blocked), so it costs two index probes as a filter of any query, and leaves that query's
 * own index use alone.
 */
export function blockedBetween(a: UserIdExpression, b: UserIdExpression): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b})
    or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;
}

/** Whether either user blocked the other. */
export async function isBlockedBetween(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blocked: blockedBetween(a, b) })
    .from(users)
    .where(eq(users.id, a));
  return Boolean(row?.blocked);
}

/** Which of `others` the user blocked or was blocked by: the ids, to leave out of a list of them. */
export async function blockedAmong(db: Executor, userId: string, others: string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(
      sql`(${blocks.blockerId} = ${userId} and ${blocks.blockedId} = any(string_to_array(${others.join(",")}, ',')::uuid[]))
        or (${blocks.blockedId} = ${userId} and ${blocks.blockerId} = any(string_to_array(${others.join(",")}, ',')::uuid[]))`,
    );
  return new Set(rows.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId)));
}

/** Whether `blockerId` blocked `blockedId` (one direction: the profile's Block or Unblock button). */
export async function hasBlocked(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return Boolean(row);
}

/** Blocks a user; blocking twice keeps the first. The caller has checked that the user exists and is not the blocker. */
export async function insertBlock(db: Executor, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** Unblocks a user; true when there was a block. */
export async function deleteBlock(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  return removed.length > 0;
}

export interface BlockedUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  blockedAt: Date;
}

/** The users someone blocked, newest first: public fields only (decision 0018). */
export async function listBlockedUsers(db: Executor, blockerId: string): Promise<BlockedUser[]> {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt));
}
