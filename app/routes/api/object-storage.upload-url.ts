import { z } from "zod";
import type { Route } from "./+types/object-storage.upload-url";
import { IMAGE_TYPE_LIST, UPLOAD_DEFAULT_MAX_BYTES } from "~/lib/uploads";
import { apiError, json, parseQuery, requireApiUser } from "~/services/api.server";
import { requireWithinRateLimit, userKey } from "~/services/rate-limit.server";
import { imageUrlForKey, newImageKey, presignUpload } from "~/services/storage.server";
import { log } from "~/services/logger.server";

const querySchema = z.object({
  contentType: z.enum(IMAGE_TYPE_LIST, { error: "contentType must be image/jpeg, image/png, image/webp, image/gif or image/avif" }),
  size: z.coerce
    .number({ error: "size must be a number of bytes" })
    .int("size must be a whole number of bytes")
    .min(1, "size must be at least 1 byte")
    .max(UPLOAD_DEFAULT_MAX_BYTES, `size must be at most ${UPLOAD_DEFAULT_MAX_BYTES} bytes`),
});

/**
 * GET /api/object-storage/upload-url?contentType=&size= → {method: "PUT", url, imageUrl}:
 * a presigned PUT for a fresh key under the user's prefix, signing the type and exact length.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  const { contentType, size } = parseQuery(request, querySchema);
  await requireWithinRateLimit("uploads", userKey(user.id));
  const key = newImageKey(user.id, contentType);
  try {
    const url = await presignUpload(key, contentType, size);
    return json({ method: "PUT", url, imageUrl: imageUrlForKey(key) });
  } catch (error) {
    log().error({ err: error }, "presigning an upload failed");
    return apiError(503, "Failed to prepare image upload");
  }
}
