import { z } from "zod";

import { bookingWithJobAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { myBookings } from "~/operations/bookings.server";

/** GET /api/bookings/my-bookings: the user's bookings as seeker or provider, each with every column and its job. */
export const endpoints: Endpoints = {
  get: endpoint({
    summary: "The caller's bookings",
    signedIn: true,
    answers: [
      jsonAnswer(z.array(bookingWithJobAnswer), "The caller's bookings as seeker or provider, newest first, each with its job (at most 200)."),
    ],
    handle: ({ user }) => myBookings(user),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
