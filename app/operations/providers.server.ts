import "server-only";
import { loadSavedIds, type SavedIds } from "~/components/favorites/saved.server";
import { listAvailableProviders, type PublicProvider } from "~/models/provider.server";
import type { User } from "~/models/user.server";
import { getDb } from "~/services/db.server";

/** Online providers offering a category: the post-job wizard's step 2 and GET /api/providers/available. */
export async function availableProviders(categoryId: string): Promise<PublicProvider[]> {
  return listAvailableProviders(await getDb(), categoryId);
}

/** The same, with what the viewer saved, for the hearts of the wizard's list. */
export async function availableProvidersFor(viewer: Pick<User, "id" | "currentRole">, categoryId: string): Promise<{ providers: PublicProvider[]; saved: SavedIds }> {
  const db = await getDb();
  const [providers, saved] = await Promise.all([listAvailableProviders(db, categoryId), loadSavedIds(db, viewer)]);
  return { providers, saved };
}
