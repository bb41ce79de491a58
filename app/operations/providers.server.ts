import "server-only";

import { z } from "zod";

import { getDb } from "~/infra/db.server";
import { notFound } from "~/lib/errors";
import { jobFieldRules } from "~/lib/schemas/job";
import type { ProviderSearchQuery } from "~/lib/schemas/provider-search";
import type { SavedIds } from "~/models/favorite.server";
import { serviceArea } from "~/models/provider-area.server";
import { searchProviders, type DirectoryProvider, type ProviderSearchPage } from "~/models/provider-search.server";
import { getProviderDetails, listAvailableProviders, type ProviderDetails, type PublicProvider } from "~/models/provider.server";
import { getUserById, type User } from "~/models/user.server";
import { loadSavedIds } from "~/operations/favorites.server";

export type { DirectoryProvider, ProviderSearchPage };

/**
 * The provider directory (issue 33 §1, GET /api/providers): everyone who offers a service but the viewer, searched,
 * filtered and sorted, one page after `query.after`. Distances are from the viewer's own location; a viewer without
 * one gets no distances (null), and "near" and "nearest" then leave distance out. A malformed cursor is `invalid`.
 */
export async function findProviders(viewer: Pick<User, "id" | "latitude" | "longitude">, query: ProviderSearchQuery): Promise<ProviderSearchPage> {
  const origin =
    viewer.latitude !== null && viewer.longitude !== null ? { latitude: Number(viewer.latitude), longitude: Number(viewer.longitude) } : null;
  return searchProviders(await getDb(), viewer.id, origin, query);
}

/** GET /api/providers/available's input: the category, from the query or the path. */
export const availableProvidersInput = z.object({ categoryId: jobFieldRules.categoryId });

/**
 * Online providers offering a category: the post-job wizard's step 2 and GET /api/providers/available; none the
 * viewer blocked or who blocked the viewer.
 */
export async function availableProviders(viewer: Pick<User, "id">, categoryId: string): Promise<PublicProvider[]> {
  return listAvailableProviders(await getDb(), categoryId, { viewerId: viewer.id });
}

/** The same, with what the viewer saved, for the hearts of the wizard's list. */
export async function availableProvidersFor(
  viewer: Pick<User, "id" | "currentRole">,
  categoryId: string,
): Promise<{ providers: PublicProvider[]; saved: SavedIds }> {
  const db = await getDb();
  const [providers, saved] = await Promise.all([listAvailableProviders(db, categoryId, { viewerId: viewer.id }), loadSavedIds(db, viewer)]);
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

/** A provider's public page: the public fields with bio, categories and service area; null for no such user. */
export async function providerProfile(userId: string) {
  const db = await getDb();
  const [provider, user] = await Promise.all([getProviderDetails(db, userId), getUserById(db, userId)]);
  if (!provider || !user) return null;
  // Public fields only: never email, phone, address or coordinates (the area is a place's name).
  return { ...provider, bio: user.bio, providerCategories: user.providerCategories, serviceArea: serviceArea(user) };
}
