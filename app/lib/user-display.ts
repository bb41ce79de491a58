// Display helpers shared by server and client components.
export interface NamedUser {
  firstName: string | null;
  lastName: string | null;
  email?: string | null;
}

/** First letters of first and last name, else 'U' (spec §2 avatar rule). */
export function initials(user: NamedUser): string {
  const letters = `${user.firstName?.trim()[0] ?? ""}${user.lastName?.trim()[0] ?? ""}`.toUpperCase();
  return letters || "U";
}

export function fullName(user: NamedUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email || "User";
}

/** Unread badge text: the count, or '9+' above 9 (spec §2, §9). */
export function badgeCount(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
