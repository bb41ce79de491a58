import "server-only";

import { getDb } from "~/infra/db.server";
import type { ProviderSearchQuery } from "~/lib/schemas/provider-search";
import type { SavedIds } from "~/models/favorite.server";
import type { User } from "~/models/user.server";
import { loadSavedIds } from "~/operations/favorites.server";
import { findProviders, type ProviderSearchPage } from "~/operations/providers.server";

/** The directory page (/providers): one page of the search, and which of its providers the viewer saved. */
export async function directoryPage(
  viewer: Pick<User, "id" | "currentRole" | "latitude" | "longitude">,
  query: ProviderSearchQuery,
): Promise<ProviderSearchPage & { saved: SavedIds }> {
  const [page, saved] = await Promise.all([findProviders(viewer, query), loadSavedIds(await getDb(), viewer)]);
  return { ...page, saved };
}
