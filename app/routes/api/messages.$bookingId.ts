import { z } from "zod";

import { messageAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { fromAnotherSite } from "~/http/origin.server";
import { readThread } from "~/operations/messages.server";
import { THREAD, THREAD_NOT_FOUND } from "~/routes/api/messages";

/** GET /api/messages/:bookingId: the thread, oldest first (marks received messages read, unless another site sent the browser). */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "A booking's thread (the spec client's default read)",
    params: z.object({ bookingId: z.uuid().describe("The booking's id") }),
    answers: [jsonAnswer(z.array(messageAnswer), THREAD)],
    refusals: { 404: THREAD_NOT_FOUND },
    handle: ({ request, user, params }) => readThread(user, params.bookingId, { markRead: !fromAnotherSite(request) }),
  }),
});
