import "server-only";

import { z } from "zod";

import { getDb, type Executor } from "~/infra/db.server";
import { notFound } from "~/lib/errors";
import { blockedAmong } from "~/models/block.server";
import {
  favoriteSchema,
  favoriteTargetVisible,
  listFavorites,
  listSavedIds,
  removeFavorite,
  upsertFavorite,
  type Favorite,
  type FavoriteInput,
  type SavedIds,
} from "~/models/favorite.server";
import { getJobForViewer } from "~/models/job.server";
import { getPublicProvider } from "~/models/provider.server";
import type { User } from "~/models/user.server";

/** POST and DELETE /api/favorites' body (spec §7: targetType, targetId, role). */
export const favoriteInput = favoriteSchema;

/** The heart's form without JavaScript: add, or remove what was saved with `role` (default the current role). */
export const favoriteToggleForm = z.object({
  targetType: favoriteSchema.shape.targetType,
  targetId: favoriteSchema.shape.targetId,
  intent: z.enum(["add", "remove"], { error: "intent must be add or remove" }),
  role: favoriteSchema.shape.role.optional().catch(undefined),
});

/** The actor's favorites, newest first. */
export async function savedFavorites(actor: Pick<User, "id">): Promise<Favorite[]> {
  return listFavorites(await getDb(), actor.id);
}

/** Saves a favorite (404 when the target does not exist); saving twice keeps one. */
export async function saveFavorite(actor: Pick<User, "id">, input: FavoriteInput): Promise<Favorite> {
  return addFavorite(await getDb(), actor.id, input);
}

/**
 * The same on a given database: a target the user may not see (a job taken by someone else, decision 0039) is
 * 404 and nothing is stored; the upsert settles concurrent adds.
 */
export async function addFavorite(db: Executor, userId: string, input: FavoriteInput): Promise<Favorite> {
  if (!(await favoriteTargetVisible(db, userId, input))) throw notFound(input.targetType === "job" ? "Job not found" : "Provider not found");
  return upsertFavorite(db, userId, input);
}

/** Removes a favorite; removing one that is not there is not an error. True when one was removed. */
export async function unsaveFavorite(actor: Pick<User, "id">, input: FavoriteInput): Promise<boolean> {
  return removeFavorite(await getDb(), actor.id, input);
}

/**
 * The heart: a new favorite is stored with the actor's current role (spec §6); removing takes the role the
 * favorite was saved with, so a target saved under the other role is unsaved too.
 */
export async function toggleFavorite(actor: Pick<User, "id" | "currentRole">, input: z.infer<typeof favoriteToggleForm>): Promise<void> {
  const target = { targetType: input.targetType, targetId: input.targetId };
  if (input.intent === "add") await saveFavorite(actor, { ...target, role: actor.currentRole });
  else await unsaveFavorite(actor, { ...target, role: input.role ?? actor.currentRole });
}

/** What the actor saved, for the hearts of a page (the role each heart acts with: models/favorite.server.ts). */
export async function loadSavedIds(db: Executor, actor: Pick<User, "id" | "currentRole">): Promise<SavedIds> {
  return listSavedIds(db, actor.id, actor.currentRole);
}

/**
 * The favorites page: the actor's saved providers and jobs, newest first, whichever role they were saved with.
 * Favorites whose target no longer exists, or is no longer the actor's to see (a job taken by someone else:
 * decision 0039), are left out, as are providers blocked either way.
 */
export async function favoritesPage(actor: Pick<User, "id" | "currentRole">) {
  return favoritesPageIn(await getDb(), actor);
}

export async function favoritesPageIn(db: Executor, actor: Pick<User, "id" | "currentRole">) {
  const saved = await listSavedIds(db, actor.id, actor.currentRole);
  const savedProviderIds = [...saved.providers.keys()];
  // A provider blocked either way leaves the list (issue 34), and comes back if unblocked: the favorite stays.
  const blocked = await blockedAmong(db, actor.id, savedProviderIds);
  // Newest first (the maps keep the order of the list); one card per target.
  const [providers, jobs] = await Promise.all([
    Promise.all(savedProviderIds.filter((id) => !blocked.has(id)).map((id) => getPublicProvider(db, id))),
    Promise.all([...saved.jobs.keys()].map((id) => getJobForViewer(db, id, actor.id))),
  ]);
  return {
    providers: providers.filter((p) => p !== null).map((provider) => ({ provider, role: saved.providers.get(provider.id)! })),
    jobs: jobs.filter((j) => j !== null).map((job) => ({ job, role: saved.jobs.get(job.id)! })),
  };
}
