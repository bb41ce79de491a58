import "server-only";

import { receiveImageFromForm } from "~/infra/image-upload.server";
import { JOB_IMAGE_MAX_BYTES } from "~/lib/uploads";

function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * A job form as posted (the wizard's step 3, a request): multipart without JavaScript, carrying the image file
 * itself (streamed to storage with a hard 5 MB cap, checked by its magic bytes), or with JavaScript the `imageUrl`
 * the browser uploaded to, checked later. A file that came with the form wins over an earlier upload. Throws
 * UploadRefused (nothing of the form read) when the file is refused.
 */
export async function readJobForm(request: Request, userId: string): Promise<{ formData: FormData; received: string | null }> {
  let formData: FormData;
  let received: string | null = null;
  if (isMultipart(request)) {
    ({ formData, imageUrl: received } = await receiveImageFromForm(request, { userId, field: "image", maxBytes: JOB_IMAGE_MAX_BYTES }));
  } else {
    formData = await request.formData();
  }
  formData.delete("image");
  if (received) formData.set("imageUrl", received);
  return { formData, received };
}
