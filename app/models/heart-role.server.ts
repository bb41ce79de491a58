import "server-only";

import { sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";

import { favorites, type Favorite } from "#db/schema.ts";

// Which of a user's favorites of one target a heart acts with. A favorite is stored with the role the user had when
// saving it (spec §6): the one under the current role if there is one, else the one under the other role, so that
// unsaving removes the row that is there. Written twice, for the two places a page reads it: over a list of the
// user's favorites (heartRole) and inside a statement that lists the targets (savedRoleOf).

type FavoriteRole = Favorite["role"];

/** A value, a column or a prepared statement's placeholder. */
type Expression = string | SQLWrapper | Placeholder;

/** The role a heart acts with: the one chosen so far among the user's favorites of a target, or the next one's. */
export function heartRole(chosen: FavoriteRole | undefined, next: FavoriteRole, currentRole: FavoriteRole): FavoriteRole {
  return chosen === undefined || next === currentRole ? next : chosen;
}

/** The same inside a statement: the role of the user's favorite of a job that a heart acts with, or null. */
export function savedRoleOf(userId: Expression, jobId: Expression, currentRole: Expression): SQL<FavoriteRole | null> {
  return sql<FavoriteRole | null>`(select ${favorites.role} from ${favorites}
    where ${favorites.userId} = ${userId} and ${favorites.targetType} = 'job' and ${favorites.targetId} = ${jobId}
    order by ${favorites.role} = ${currentRole} desc limit 1)`;
}
