import "server-only";

import type { FavoriteRole, SavedIds } from "~/models/favorite.server";

/** The props of one heart: whether the target is saved, and the role its toggle uses (SavedIds says which). */
export function heartProps(saved: SavedIds, targetType: "job" | "provider", targetId: string): { favorited: boolean; favoriteRole: FavoriteRole } {
  const role = (targetType === "job" ? saved.jobs : saved.providers).get(targetId);
  return { favorited: role !== undefined, favoriteRole: role ?? saved.role };
}
