import "server-only";

import { z } from "zod";

import { getDb } from "~/infra/db.server";
import { notFound } from "~/lib/errors";
import { jobFieldRules } from "~/lib/schemas/job";
import type { SavedIds } from "~/models/favorite.server";
import { getProviderDetails, listAvailableProviders, type ProviderDetails, type PublicProvider } from "~/models/provider.server";
import { getUserById, type User } from "~/models/user.server";
import { loadSavedIds } from "~/operations/favorites.server";

/** GET /api/providers/available's input: the category, from the query or the path. */
export const availableProvidersInput = z.object({ categoryId: jobFieldRules.categoryId });

/** Online providers offering a category: the post-job wizard's step 2 and GET /api/providers/available. */
export async function availableProviders(categoryId: string): Promise<PublicProvider[]> {
  return listAvailableProviders(await getDb(), categoryId);
}

/** The same, with what the viewer saved, for the hearts of the wizard's list. */
export async function availableProvidersFor(
  viewer: Pick<User, "id" | "currentRole">,
  categoryId: string,
): Promise<{ providers: PublicProvider[]; saved: SavedIds }> {
  const db = await getDb();
  const [providers, saved] = await Promise.all([listAvailableProviders(db, categoryId), loadSavedIds(db, viewer)]);
  return { providers, saved };
}

/**
 * A user's public provider fields (GET /api/users/{id}: never email or phone), with how many accepted bookings
 * they cancelled lately; 404 for no such user.
 */
export async function publicProvider(userId: string): Promise<ProviderDetails> {
  const provider = await getProviderDetails(await getDb(), userId);
  if (!provider) throw notFound("User not found");
  return provider;
}

/** A provider's public page: the public fields with bio and categories; null for no such user. */
export async function providerProfile(userId: string) {
  const db = await getDb();
  const [provider, user] = await Promise.all([getProviderDetails(db, userId), getUserById(db, userId)]);
  if (!provider || !user) return null;
  // Public fields only: never email, phone, address or coordinates.
  return { ...provider, bio: user.bio, providerCategories: user.providerCategories };
}
