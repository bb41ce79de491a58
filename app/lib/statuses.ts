// The roles and states of spec §4, spelled once: the database enums (db/schema.ts), the lifecycle table, the schemas and the
// views all take them from here.
export const JOB_STATUSES = ["posted", "matched", "in_progress", "completed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const BOOKING_STATUSES = ["pending", "accepted", "in_progress", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The two sides one account switches between (spec §2). */
export const ROLES = ["seeker", "provider"] as const;
export type Role = (typeof ROLES)[number];

export const USER_TYPES = ["individual", "business"] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The role the role-switch dialog offers: always the other one. */
export function oppositeRole(role: Role): Role {
  return role === "seeker" ? "provider" : "seeker";
}

/** Who sees "Available Jobs Near You", gets urgent-job alerts and may accept: a provider who is online. */
export function isOnlineProvider(user: { currentRole: Role; isProviderOnline: boolean }): boolean {
  return user.currentRole === "provider" && user.isProviderOnline;
}
