import { z } from "zod";
import type { Route } from "./+types/messages";
import { openThread, sendMessage, sendMessageSchema } from "~/models/message.server";
import { domainCall, json, parseJson, parseQuery, requireApiUser, requireMethod } from "~/services/api.server";
import { getDb } from "~/services/db.server";
import { fromAnotherSite } from "~/services/origin.server";
import { requireWithinRateLimit, userKey } from "~/services/rate-limit.server";

/** GET /api/messages?bookingId=: the thread, oldest first (marks received messages read, unless another site sent the browser). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  const { bookingId } = parseQuery(request, z.object({ bookingId: z.uuid({ error: "bookingId must be a booking id" }) }));
  const db = await getDb();
  return json(await domainCall(() => openThread(db, bookingId, user.id, { markRead: !fromAnotherSite(request) })));
}

/** POST /api/messages {bookingId, content, receiverId}: 201 with the message. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, sendMessageSchema);
  await requireWithinRateLimit("messages", userKey(user.id));
  const db = await getDb();
  return json(await domainCall(() => sendMessage(db, user.id, input)), { status: 201 });
}
