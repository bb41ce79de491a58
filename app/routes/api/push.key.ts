import { pushKeyAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { publicPushKey } from "~/operations/push-devices.server";

export const { endpoints, loader, action } = apiRoute({
  /** GET /api/push/key: public (a browser needs it before it subscribes). */
  get: endpoint({
    summary: "The public key for Web Push subscriptions",
    signedIn: false,
    answers: [jsonAnswer(pushKeyAnswer, "The key, base64url.")],
    handle: () => publicPushKey(),
  }),
});
