import "server-only";

import { getDb } from "~/infra/db.server";
import type { ProviderSearchQuery } from "~/lib/schemas/provider-search";
import type { SavedIds } from "~/models/favorite.server";
import type { User } from "~/models/user.server";
import { loadSavedIds } from "~/operations/favorites.server";
import { findProviders, type ProviderSearchPage } from "~/operations/providers.server";

/**
 * The directory page (/providers): `pages` pages of the search one after the other, each from the last one's
 * cursor (the page's "Load more" with JavaScript shows one more), and which of their providers the viewer saved.
 */
export async function directoryPage(
  viewer: Pick<User, "id" | "currentRole" | "latitude" | "longitude">,
  query: ProviderSearchQuery,
  pages = 1,
): Promise<ProviderSearchPage & { saved: SavedIds }> {
  const [page, saved] = await Promise.all([searchPages(viewer, query, pages), loadSavedIds(await getDb(), viewer)]);
  return { ...page, saved };
}

async function searchPages(
  viewer: Pick<User, "id" | "latitude" | "longitude">,
  query: ProviderSearchQuery,
  pages: number,
): Promise<ProviderSearchPage> {
  const first = await findProviders(viewer, query);
  const providers = [...first.providers];
  let next = first.next;
  for (let i = 1; i < pages && next; i++) {
    const page = await findProviders(viewer, { ...query, after: next });
    providers.push(...page.providers);
    next = page.next;
  }
  return { providers, next };
}
