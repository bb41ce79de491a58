import type { Route } from "./+types/messages.$bookingId";
import { openThread } from "~/models/message.server";
import { domainCall, json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";
import { fromAnotherSite } from "~/services/origin.server";

/** GET /api/messages/:bookingId: the thread, oldest first (marks received messages read, unless another site sent the browser). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  const db = await getDb();
  return json(await domainCall(() => openThread(db, params.bookingId, user.id, { markRead: !fromAnotherSite(request) })));
}
