import { notificationsReadAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { readAllNotifications } from "~/operations/notifications.server";

/** PATCH (or POST) /api/notifications/read-all: marks every notification of the user read. */
const readAll = endpoint({
  summary: "Mark every notification read",
  answers: [jsonAnswer(notificationsReadAnswer, "How many were unread.")],
  handle: async ({ user }) => ({ updated: await readAllNotifications(user) }),
});

export const { endpoints, loader, action } = apiRoute({ patch: readAll, post: readAll });
