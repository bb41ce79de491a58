import "server-only";
import { z } from "zod";
import { addFavorite, favoriteSchema, listFavorites, removeFavorite, type Favorite, type FavoriteInput } from "~/models/favorite.server";
import type { User } from "~/models/user.server";
import { getDb } from "~/services/db.server";

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
