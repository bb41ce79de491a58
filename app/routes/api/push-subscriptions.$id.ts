import { pushDeviceRemovedAnswer } from "~/http/api-answers.server";
import { apiRoute, byId, jsonAnswer } from "~/http/api-route.server";
import { removeDevice } from "~/operations/push-devices.server";

/** DELETE /api/push-subscriptions/:id: the caller's own devices only; any other id is 404. */
export const { endpoints, loader, action } = apiRoute({
  delete: byId("device", {
    summary: "Turn push notifications off for a device",
    answer: jsonAnswer(pushDeviceRemovedAnswer, "The device is removed."),
    notFound: "Device not found: no device of the caller's has this id.",
    handle: removeDevice,
  }),
});
