import { redirect } from "react-router";
import type { Route } from "./+types/profile-photo";
import { UPLOAD_DEFAULT_MAX_BYTES } from "~/lib/uploads";
import { DomainError } from "~/models/errors";
import { setProfileImage } from "~/models/user.server";
import { getDb } from "~/services/db.server";
import { receiveImageFromForm, verifyUploadedImage } from "~/services/image-upload.server";
import { flashToast, requireUser } from "~/services/request-session.server";

/**
 * POST /profile/photo: sets the user's profile photo (profileImageUrl).
 * Without JavaScript the form is multipart with the file in `photo` (streamed
 * to storage with a hard 10 MB cap, checked by its magic bytes); with it the
 * browser uploaded the image already and the form carries its `imageUrl`,
 * which is checked before it is saved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  try {
    let imageUrl: string | null = null;
    if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      const received = await receiveImageFromForm(request, { userId: user.id, field: "photo", maxBytes: UPLOAD_DEFAULT_MAX_BYTES });
      imageUrl = received.imageUrl ?? (await verifiedUrl(received.formData, user.id));
    } else {
      imageUrl = await verifiedUrl(await request.formData(), user.id);
    }
    if (!imageUrl) {
      flashToast(context, { title: "Error", description: "Choose an image to upload", variant: "destructive" });
      return redirect("/profile");
    }
    await setProfileImage(await getDb(), user.id, imageUrl);
    flashToast(context, { title: "Profile photo updated" });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    flashToast(context, { title: "Error", description: error.message, variant: "destructive" });
  }
  return redirect("/profile");
}

/** The `imageUrl` field, checked (the user's own upload, an image within the cap), or null when empty. */
async function verifiedUrl(form: FormData, userId: string): Promise<string | null> {
  const value = form.get("imageUrl");
  if (typeof value !== "string" || value === "") return null;
  return verifyUploadedImage(value, userId, UPLOAD_DEFAULT_MAX_BYTES);
}

export function loader() {
  return redirect("/profile");
}
