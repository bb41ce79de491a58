import "server-only";

import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";

import { favorites, users, type Favorite } from "#db/schema.ts";
import { builtOnce } from "~/infra/built-once.server";
import type { Executor } from "~/infra/db.server";
import { heartRole } from "~/models/heart-role.server";
import { mayViewerReadJob } from "~/models/job.server";

export type { Favorite };
export type FavoriteRole = Favorite["role"];

export const favoriteSchema = z.object({
  targetType: z.enum(["provider", "job"], { error: "targetType must be provider or job" }),
  targetId: z.uuid({ error: "targetId must be an id" }),
  role: z.enum(["seeker", "provider"], { error: "role must be seeker or provider" }),
});
export type FavoriteInput = z.infer<typeof favoriteSchema>;

/** The user's favorites (spec §7: targetType, targetId, role), newest first. */
export async function listFavorites(db: Executor, userId: string): Promise<Favorite[]> {
  return favoritesQuery(db).execute({ userId });
}

/** Built once per database: every page with hearts reads the user's favorites. */
const favoritesQuery = builtOnce((db) =>
  db
    .select()
    .from(favorites)
    .where(eq(favorites.userId, sql.placeholder("userId")))
    .orderBy(desc(favorites.createdAt))
    .prepare("favorites_of_user"),
);

/**
 * What the user has saved, for the hearts of a page: target id → the role
 * the heart acts with. A favorite is stored with the role the user had when
 * saving it (spec §6); a target saved under the current role uses it, one
 * saved only under the other role uses that one, so unsaving it removes the
 * row that is there (models/heart-role.server.ts). New favorites are always
 * stored with the current role.
 */
export interface SavedIds {
  role: FavoriteRole;
  jobs: Map<string, FavoriteRole>;
  providers: Map<string, FavoriteRole>;
}

export function toSavedIds(rows: Favorite[], currentRole: FavoriteRole): SavedIds {
  const saved: SavedIds = { role: currentRole, jobs: new Map(), providers: new Map() };
  for (const row of rows) {
    const map = row.targetType === "job" ? saved.jobs : saved.providers;
    map.set(row.targetId, heartRole(map.get(row.targetId), row.role, currentRole));
  }
  return saved;
}

/** The hearts of listed jobs that carry the role each is saved under (listAvailableJobs' `savedAs`), as SavedIds. */
export function savedAmongJobs(jobs: ReadonlyArray<{ id: string; savedRole: FavoriteRole | null }>, currentRole: FavoriteRole): SavedIds {
  const saved: SavedIds = { role: currentRole, jobs: new Map(), providers: new Map() };
  for (const job of jobs) if (job.savedRole) saved.jobs.set(job.id, job.savedRole);
  return saved;
}

/** The user's favorites as the hearts of a page read them (newest first: the maps keep the list's order). */
export async function listSavedIds(db: Executor, userId: string, currentRole: FavoriteRole): Promise<SavedIds> {
  return toSavedIds(await listFavorites(db, userId), currentRole);
}

/** A job the user may see (a taken job is none of a stranger's business, decision 0039), or any user. */
export async function favoriteTargetVisible(db: Executor, userId: string, target: Pick<FavoriteInput, "targetType" | "targetId">): Promise<boolean> {
  if (target.targetType === "job") return mayViewerReadJob(db, target.targetId, userId);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, target.targetId)).limit(1);
  return Boolean(row);
}

/**
 * Stores a favorite, or finds the one stored: adding it twice keeps one row (the unique constraint settles races).
 * One statement inserts or finds the row, so a concurrent removal cannot leave the answer empty.
 */
export async function upsertFavorite(db: Executor, userId: string, input: FavoriteInput): Promise<Favorite> {
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
    .where(
      and(
        eq(favorites.userId, userId),
        eq(favorites.targetType, input.targetType),
        eq(favorites.targetId, input.targetId),
        eq(favorites.role, input.role),
      ),
    )
    .returning({ id: favorites.id });
  return removed.length > 0;
}
