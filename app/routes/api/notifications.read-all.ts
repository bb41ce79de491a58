import { notificationsReadAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { readAllNotifications } from "~/operations/notifications.server";

/** PATCH (or POST) /api/notifications/read-all: marks every notification of the user read. */
const readAll = endpoint({
  summary: "Mark every notification read",
  signedIn: true,
  answers: [jsonAnswer(notificationsReadAnswer, "How many were unread.")],
  handle: async ({ user }) => ({ updated: await readAllNotifications(user) }),
});

export const endpoints: Endpoints = { patch: readAll, post: readAll };

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
