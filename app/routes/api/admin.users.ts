import { z } from "zod";

import { foundUserAnswer } from "~/http/admin-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { lookupUsers } from "~/operations/user-lookup.server";

/** Every /api/admin endpoint's 404: the console is not there for anyone but an operator (issue 34). */
export const NOT_AN_OPERATOR = "Not found: the caller is not an operator (signed in or not), or no such thing.";

/** GET /api/admin/users?q=: the console's user lookup (operators only). */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "Find users by email, name or id (operators only)",
    operatorsOnly: true,
    query: z.object({ q: z.string().optional().describe("A part of an email or a name (any case), or a user id") }),
    answers: [
      jsonAnswer(z.array(foundUserAnswer), "The users whose email or name contains `q`, the exact email first, then the newest (at most 20)."),
    ],
    refusals: { 404: NOT_AN_OPERATOR },
    handle: ({ request }) => lookupUsers(new URL(request.url).searchParams.get("q") ?? ""),
  }),
});
