import { z } from "zod";

import { notificationAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { myNotifications } from "~/operations/notifications.server";

/** GET /api/notifications: the user's own, newest first. */
export const endpoints: Endpoints = {
  get: endpoint({
    summary: "The caller's notifications",
    signedIn: true,
    answers: [jsonAnswer(z.array(notificationAnswer), "Newest first (at most 100).")],
    handle: ({ user }) => myNotifications(user),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
