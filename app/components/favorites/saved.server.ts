import "server-only";
import type { Favorite } from "~/models/favorite.server";
import type { User } from "~/models/user.server";

export type FavoriteRole = User["currentRole"];

/**
 * What the user has saved, for the hearts of a page: target id → the role
 * the heart acts with. A favorite is stored with the role the user had when
 * saving it (spec §6); a target saved under the current role uses it, one
 * saved only under the other role uses that one, so unsaving it removes the
 * row that is there. New favorites are always stored with the current role.
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
    if (!map.has(row.targetId) || row.role === currentRole) map.set(row.targetId, row.role);
  }
  return saved;
}

/** The props of one heart: whether the target is saved, and the role its toggle uses. */
export function heartProps(saved: SavedIds, targetType: "job" | "provider", targetId: string): { favorited: boolean; favoriteRole: FavoriteRole } {
  const role = (targetType === "job" ? saved.jobs : saved.providers).get(targetId);
  return { favorited: role !== undefined, favoriteRole: role ?? saved.role };
}
