import { notificationAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, idParam, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { readNotification } from "~/operations/notifications.server";

/** PATCH /api/notifications/:id/read (empty body): own notifications only; others are 404. */
export const endpoints: Endpoints = {
  patch: endpoint({
    summary: "Mark a notification read",
    description: "The body, if any, is ignored.",
    signedIn: true,
    params: idParam("notification"),
    answers: [jsonAnswer(notificationAnswer, "The notification, read.")],
    refusals: { 404: "Notification not found: no notification of the caller's has this id." },
    handle: ({ user, params }) => readNotification(user, params.id),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
