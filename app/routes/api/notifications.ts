import { notificationAnswer } from "~/http/api-answers.server";
import { apiRoute, callersList } from "~/http/api-route.server";
import { myNotifications } from "~/operations/notifications.server";

/** GET /api/notifications: the user's own, newest first. */
export const { endpoints, loader, action } = apiRoute({
  get: callersList({
    summary: "The caller's notifications",
    item: notificationAnswer,
    list: "Newest first (at most 100).",
    handle: myNotifications,
  }),
});
