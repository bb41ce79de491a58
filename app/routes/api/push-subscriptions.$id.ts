import { pushDeviceAnswer, pushDeviceRemovedAnswer } from "~/http/api-answers.server";
import { apiRoute, byId, endpoint, idParam, jsonAnswer } from "~/http/api-route.server";
import { getSession } from "~/http/request-session.server";
import { deviceAlertsInput, removeDevice, setDeviceAlerts } from "~/operations/push-devices.server";

const NOT_FOUND = "Device not found: no device of the caller's has this id.";

export const { endpoints, loader, action } = apiRoute({
  /** PATCH /api/push-subscriptions/:id: which kinds this one device is told of (the caller's own devices only). */
  patch: endpoint({
    summary: "Choose which alerts a device receives",
    description: "Each device has its own choices; a kind left out of the body stays as it is. The job digest is sent by email only.",
    params: idParam("device"),
    body: deviceAlertsInput,
    answers: [jsonAnswer(pushDeviceAnswer, "The device with its alerts.")],
    refusals: { 404: NOT_FOUND },
    handle: ({ user, params, body, context }) => setDeviceAlerts(user, params.id, body, getSession(context).id),
  }),
  /** DELETE /api/push-subscriptions/:id: the caller's own devices only; any other id is 404. */
  delete: byId("device", {
    summary: "Turn push notifications off for a device",
    answer: jsonAnswer(pushDeviceRemovedAnswer, "The device is removed."),
    notFound: NOT_FOUND,
    handle: removeDevice,
  }),
});
