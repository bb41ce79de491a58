import { z } from "zod";

// Shared by the role-switch form (client validation), the page action and the JSON API.
export const switchRoleSchema = z.object({
  newRole: z.enum(["seeker", "provider"], { error: "Choose seeker or provider" }),
  userType: z.enum(["individual", "business"], { error: "Choose individual or business" }),
});
export type SwitchRoleInput = z.infer<typeof switchRoleSchema>;
