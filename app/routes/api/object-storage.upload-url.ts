import type { Route } from "./+types/object-storage.upload-url";
import { uploadUrlQuery } from "~/operations/uploads.server";
import { apiError, json, parseQuery, requireApiUser } from "~/services/api.server";
import { requireWithinRateLimit } from "~/services/rate-limit-answers.server";
import { userKey } from "~/services/rate-limit.server";
import { imageUrlForKey, newImageKey, newStagedKey, presignStagedUpload, presignUpload } from "~/services/storage.server";
import { log } from "~/services/logger.server";
import { readOnly } from "~/services/operation-answers.server";

/**
 * GET /api/object-storage/upload-url → {method: "PUT", url}, as spec §7 calls it: a presigned PUT of a
 * staging key under the user's prefix; the save that names it checks type and size (decision 0044).
 * GET /api/object-storage/upload-url?contentType=&size= → {method: "PUT", url, imageUrl}: the PUT of a
 * fresh image key, signing the type and exact length, and the image's stable URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
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
}

export const action = readOnly;
