import { uploadUrlAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { apiError, json, parseQuery } from "~/http/api.server";
import { requireWithinRateLimit } from "~/http/rate-limit-answers.server";
import { log } from "~/infra/logger.server";
import { userKey } from "~/infra/rate-limit.server";
import { imageUrlForKey, newImageKey, newStagedKey, presignStagedUpload, presignUpload } from "~/infra/storage.server";
import { uploadUrlQuery } from "~/operations/uploads.server";

/**
 * GET /api/object-storage/upload-url → {method: "PUT", url}, as spec §7 calls it: a presigned PUT of a
 * staging key under the user's prefix; the save that names it checks type and size (decision 0044).
 * GET /api/object-storage/upload-url?contentType=&size= → {method: "PUT", url, imageUrl}: the PUT of a
 * fresh image key, signing the type and exact length, and the image's stable URL.
 */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "A presigned URL to upload an image to",
    description:
      "Without a query: the spec's plain upload to a staging key, checked when a save names it. With `contentType` and `size` (both): a PUT that must carry that type and length, and the image's URL.",
    query: uploadUrlQuery.partial(),
    answers: [jsonAnswer(uploadUrlAnswer, "Where to PUT the bytes (valid for 5 minutes).")],
    refusals: {
      400: "contentType or size is missing or invalid (the reason names it).",
      429: "Too many uploads: try again after Retry-After seconds.",
      503: "Failed to prepare image upload: the storage could not be reached.",
    },
    handle: async ({ request, user }) => {
      const refined = new URL(request.url).searchParams.size > 0;
      const refinement = refined ? parseQuery(request, uploadUrlQuery) : null;
      await requireWithinRateLimit("uploads", userKey(user.id));
      try {
        if (!refinement) return json({ method: "PUT", url: await presignStagedUpload(newStagedKey(user.id)) });
        const key = newImageKey(user.id, refinement.contentType);
        const url = await presignUpload(key, refinement.contentType, refinement.size);
        return json({ method: "PUT", url, imageUrl: imageUrlForKey(key) });
      } catch (error) {
        log().error({ err: error }, "presigning an upload failed");
        return apiError(503, "Failed to prepare image upload");
      }
    },
  }),
});
