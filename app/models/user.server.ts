import "server-only";

import { eq, sql } from "drizzle-orm";

import { userColumns, users, type User } from "#db/schema.ts";
import { getConfig } from "~/infra/config.server";
import type { Executor } from "~/infra/db.server";
import { resolveLocation } from "~/infra/geocode.server";
import type { IdentityClaims } from "~/infra/identity-claims.server";
import { isUuid } from "~/lib/ids";
import type { ProfileForm } from "~/lib/schemas/profile";
import type { SwitchRoleInput } from "~/lib/schemas/role";

export type { User };
export { switchRoleSchema } from "~/lib/schemas/role";
export type Role = User["currentRole"];
export type UserType = User["userType"];

/**
 * Creates the user on first sign-in. The profile is the user's own (they edit
 * it on /profile): later sign-ins fill a name or photo that is empty, never
 * replace one, whatever the identity provider sends (the embedded one makes a
 * first name from the email when the form's name is blank).
 */
export async function upsertUserFromClaims(db: Executor, claims: IdentityClaims): Promise<User> {
  const email = normalizedEmail(claims.email);
  const [user] = await db
    .insert(users)
    .values({ ...claims, email })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        firstName: sql`coalesce(nullif(${users.firstName}, ''), excluded.first_name)`,
        lastName: sql`coalesce(nullif(${users.lastName}, ''), excluded.last_name)`,
        profileImageUrl: sql`coalesce(nullif(${users.profileImageUrl}, ''), excluded.profile_image_url)`,
        updatedAt: new Date(),
      },
    })
    .returning(userColumns);
  return user;
}

/** A later sign-in of a known user: like upsertUserFromClaims, fills only a name or photo that is empty. */
export async function fillEmptyProfile(db: Executor, userId: string, claims: IdentityClaims): Promise<User | null> {
  const [user] = await db
    .update(users)
    .set({
      firstName: sql`coalesce(nullif(${users.firstName}, ''), ${claims.firstName})`,
      lastName: sql`coalesce(nullif(${users.lastName}, ''), ${claims.lastName})`,
      profileImageUrl: sql`coalesce(nullif(${users.profileImageUrl}, ''), ${claims.profileImageUrl})`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return user ?? null;
}

/** Makes the user an operator, or no longer one (ADMIN_EMAILS, applied at each sign-in); the user as it now is. */
export async function setOperator(db: Executor, user: User, isOperator: boolean): Promise<User> {
  if (user.isOperator === isOperator) return user;
  const [updated] = await db.update(users).set({ isOperator, updatedAt: new Date() }).where(eq(users.id, user.id)).returning(userColumns);
  return updated ?? user;
}

/**
 * Whether the user acts as an operator now: made one at sign-in and still named by ADMIN_EMAILS. Taking an address
 * out of ADMIN_EMAILS (and restarting) ends that account's console at its next request, not at its next sign-in.
 */
export function actsAsOperator<T extends Pick<User, "isOperator" | "email">>(user: T | null | undefined): user is T {
  return !!user?.isOperator && getConfig().adminEmails.has(normalizedEmail(user.email));
}

/** Emails are kept lower-case: the one form every lookup uses. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function getUserIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizedEmail(email)))
    .limit(1);
  return user?.id ?? null;
}

export async function getUserById(db: Executor, id: string): Promise<User | null> {
  if (!isUuid(id)) return null;
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** A user's name alone: what another user may read of them, in a notification (never the email: decision 0018). */
export async function getUserName(db: Executor, id: string): Promise<Pick<User, "firstName" | "lastName">> {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
  return user;
}

/**
 * Sets the role together with the chosen user type. Leaving the provider role
 * also takes the provider offline, so nobody is matched with a seeker.
 */
export async function switchRole(db: Executor, userId: string, input: SwitchRoleInput): Promise<User | null> {
  const [user] = await db
    .update(users)
    .set({
      currentRole: input.newRole,
      userType: input.userType,
      ...(input.newRole === "seeker" ? { isProviderOnline: false } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return user ?? null;
}

/**
 * Saves the profile form. The location text is resolved to coordinates like a
 * job's; clearing it clears the coordinates. Provider fields are saved for
 * seekers too (they may switch back).
 */
export async function updateProfile(db: Executor, userId: string, input: ProfileForm): Promise<User | null> {
  const address = input.address?.trim() || null;
  const place = address ? resolveLocation(address) : null;
  const [user] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName || null,
      phoneNumber: input.phoneNumber || null,
      bio: input.bio || null,
      address,
      latitude: place ? place.latitude.toFixed(7) : null,
      longitude: place ? place.longitude.toFixed(7) : null,
      // The form is the whole profile: an empty rate or no ticked category clears them.
      hourlyRate: input.hourlyRate === undefined ? null : input.hourlyRate.toFixed(2),
      providerCategories: [...new Set(input.providerCategories ?? [])],
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return user ?? null;
}

/** Sets (or clears) the profile photo; the caller has verified the image. */
export async function setProfileImage(db: Executor, userId: string, imageUrl: string | null): Promise<User | null> {
  const [user] = await db.update(users).set({ profileImageUrl: imageUrl, updatedAt: new Date() }).where(eq(users.id, userId)).returning(userColumns);
  return user ?? null;
}
