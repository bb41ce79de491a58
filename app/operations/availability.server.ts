import "server-only";

import { z } from "zod";

import { getDb, type Executor } from "~/infra/db.server";
import { forbidden } from "~/lib/errors";
import { updateProviderOnline } from "~/models/provider.server";
import type { User } from "~/models/user.server";

/** POST /api/users/toggle-online's body. */
export const availabilityInput = z.object({ isOnline: z.boolean({ error: "isOnline must be true or false" }) });
/** The dashboard switch's form: isOnline=true|false. */
export const availabilityForm = z.object({ isOnline: z.enum(["true", "false"]).transform((value) => value === "true") });

export const AVAILABILITY_TOASTS = {
  online: { title: "You're now online", description: "You'll receive job requests from help seekers" },
  offline: { title: "You're now offline", description: "You won't receive new job requests" },
} as const;

/** Goes online or offline (spec §6: only a provider may go online); the updated user. */
export async function setAvailability(actor: Pick<User, "id" | "currentRole">, { isOnline }: z.infer<typeof availabilityInput>): Promise<User> {
  return setProviderOnline(await getDb(), actor, isOnline);
}

/** The same on a given database: going online needs the provider role, going offline nothing. */
export async function setProviderOnline(db: Executor, user: Pick<User, "id" | "currentRole">, isOnline: boolean): Promise<User> {
  if (isOnline && user.currentRole !== "provider") throw forbidden("Only providers can go online. Switch to offering services first.");
  return updateProviderOnline(db, user.id, isOnline);
}
