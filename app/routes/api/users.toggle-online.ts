import type { Route } from "./+types/users.toggle-online";
import { setProviderOnline, toggleOnlineSchema } from "~/models/provider.server";
import { apiError, domainCall, json, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** POST /api/users/toggle-online {isOnline} */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const { isOnline } = await parseJson(request, toggleOnlineSchema);
  const db = await getDb();
  return json(await domainCall(() => setProviderOnline(db, user, isOnline)));
}

export function loader() {
  return apiError(405, "Method not allowed");
}
