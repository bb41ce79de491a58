import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { favorites, users, type Favorite } from "../../db/schema.ts";
import type { Executor } from "../services/db.server";
import { notFound } from "./errors";
import { mayViewerReadJob } from "./job.server";

export type { Favorite };

export const favoriteSchema = z.object({
  targetType: z.enum(["provider", "job"], { error: "targetType must be provider or job" }),
  targetId: z.uuid({ error: "targetId must be an id" }),
  role: z.enum(["seeker", "provider"], { error: "role must be seeker or provider" }),
});
export type FavoriteInput = z.infer<typeof favoriteSchema>;

/** The user's favorites (spec §7: targetType, targetId, role), newest first. */
export async function listFavorites(db: Executor, userId: string): Promise<Favorite[]> {
  return db.select().from(favorites).where(eq(favorites.userId, userId)).orderBy(desc(favorites.createdAt));
}

/** A job the user may see (a taken job is none of a stranger's business, decision 0039), or any user. */
async function targetVisible(db: Executor, userId: string, input: FavoriteInput): Promise<boolean> {
  if (input.targetType === "job") return mayViewerReadJob(db, input.targetId, userId);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.targetId)).limit(1);
  return Boolean(row);
}

/**
 * Saves a favorite; adding it twice keeps one row (the unique constraint settles races).
 * One statement inserts or finds the row, so a concurrent removal cannot leave the answer empty.
 */
export async function addFavorite(db: Executor, userId: string, input: FavoriteInput): Promise<Favorite> {
  if (!(await targetVisible(db, userId, input))) throw notFound(input.targetType === "job" ? "Job not found" : "Provider not found");
  const [row] = await db
    .insert(favorites)
    .values({ userId, ...input })
    .onConflictDoUpdate({
      target: [favorites.userId, favorites.targetType, favorites.targetId, favorites.role],
      // A no-op update: it makes RETURNING yield the existing row.
      set: { userId: sql`excluded.user_id` },
    })
    .returning();
  return row;
}

/** Removes a favorite; removing one that is not there is not an error. */
export async function removeFavorite(db: Executor, userId: string, input: FavoriteInput): Promise<boolean> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.targetType, input.targetType), eq(favorites.targetId, input.targetId), eq(favorites.role, input.role)))
    .returning({ id: favorites.id });
  return removed.length > 0;
}
