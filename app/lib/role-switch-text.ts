// Role-switch texts (spec §2, §4), shared by the dialog, the page and its action.
import type { Role } from "./statuses.ts";

export type { Role };

export const roleSwitchTitle = (currentRole: Role) => (currentRole === "seeker" ? "Offering Services As" : "Seeking Help As");

export const roleSwitchSuccess = (previousRole: Role) => ({
  title: "Role switched successfully",
  description: previousRole === "seeker" ? "You are now offering services." : "You are now seeking help.",
});
