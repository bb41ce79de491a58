import "server-only";

import { z } from "zod";

import { IMAGE_TYPE_LIST, UPLOAD_DEFAULT_MAX_BYTES } from "~/lib/uploads";

/**
 * GET /api/object-storage/upload-url's query when the client names the image (decision 0044): its type and exact
 * size, which the presigned PUT then requires. Without a query the route signs the spec's plain upload instead.
 */
export const uploadUrlQuery = z.object({
  contentType: z.enum(IMAGE_TYPE_LIST, { error: "contentType must be image/jpeg, image/png, image/webp, image/gif or image/avif" }),
  size: z.coerce
    .number({ error: "size must be a number of bytes" })
    .int("size must be a whole number of bytes")
    .min(1, "size must be at least 1 byte")
    .max(UPLOAD_DEFAULT_MAX_BYTES, `size must be at most ${UPLOAD_DEFAULT_MAX_BYTES} bytes`),
});
