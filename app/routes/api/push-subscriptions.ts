import { pushDeviceAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { getSession } from "~/http/request-session.server";
import { myDevices, pushSubscriptionInput, subscribeDevice } from "~/operations/push-devices.server";

export const { endpoints, loader, action } = apiRoute({
  /** GET /api/push-subscriptions: the caller's devices. */
  get: endpoint({
    summary: "The caller's devices with push notifications on",
    answers: [jsonAnswer(pushDeviceAnswer.array(), "Newest first.")],
    handle: ({ user, context }) => myDevices(user, getSession(context).id),
  }),
  /** POST /api/push-subscriptions: the browser's PushSubscription (idempotent per endpoint, 201). */
  post: endpoint({
    summary: "Turn push notifications on for this device",
    description:
      "The body is the browser's `PushSubscription.toJSON()`. The same endpoint again is the same device: its keys are replaced, and one stored for another user moves to the caller (with the default alerts). The device belongs to the session that made it: signing out removes it.",
    body: pushSubscriptionInput,
    answers: [jsonAnswer(pushDeviceAnswer, "The device.", 201)],
    refusals: { 429: "Too many devices turned on in the last hour." },
    handle: ({ user, body, context, request }) =>
      subscribeDevice(user, { sessionId: getSession(context).id, userAgent: request.headers.get("User-Agent") }, body),
  }),
});
