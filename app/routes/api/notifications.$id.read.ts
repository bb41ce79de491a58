import { notificationAnswer } from "~/http/api-answers.server";
import { apiRoute, byId, jsonAnswer } from "~/http/api-route.server";
import { readNotification } from "~/operations/notifications.server";

/** PATCH /api/notifications/:id/read (empty body): own notifications only; others are 404. */
export const { endpoints, loader, action } = apiRoute({
  patch: byId("notification", {
    summary: "Mark a notification read",
    description: "The body, if any, is ignored.",
    answer: jsonAnswer(notificationAnswer, "The notification, read."),
    notFound: "Notification not found: no notification of the caller's has this id.",
    handle: readNotification,
  }),
});
