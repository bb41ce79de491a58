import { blockAnswer, unblockAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { blockInput, blockUser, unblockUser } from "~/operations/blocks.server";

export const { endpoints, loader, action } = apiRoute({
  /** POST /api/blocks {userId} blocks (idempotent, 201). */
  post: endpoint({
    summary: "Block a user",
    description:
      "Either way, a block closes messages between the two, hides each one's posted jobs from the other, and keeps the blocked user from accepting or requesting the caller's. Existing bookings stay readable. Blocking twice is no error.",
    body: blockInput,
    answers: [jsonAnswer(blockAnswer, "The user is blocked.", 201)],
    refusals: { 403: "The caller cannot block themselves.", 404: "User not found." },
    handle: ({ user, body }) => blockUser(user, body),
  }),
  /** DELETE /api/blocks {userId} unblocks (idempotent, 200). */
  delete: endpoint({
    summary: "Unblock a user",
    description: "Unblocking a user who is not blocked is no error.",
    body: blockInput,
    answers: [jsonAnswer(unblockAnswer, "Whether the user was blocked.")],
    handle: ({ user, body }) => unblockUser(user, body),
  }),
});
