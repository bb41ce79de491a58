import { redirect } from "react-router";

import { runForPage } from "~/http/operation-answers.server";
import { requireUser } from "~/http/request-session.server";
import { receiveImageFromForm } from "~/infra/image-upload.server";
import { UPLOAD_DEFAULT_MAX_BYTES } from "~/lib/uploads";
import { setProfilePhoto } from "~/operations/profile.server";

import type { Route } from "./+types/profile-photo";

/**
 * POST /profile/photo: sets the user's profile photo (profileImageUrl).
 * Without JavaScript the form is multipart with the file in `photo` (streamed
 * to storage with a hard 10 MB cap, checked by its magic bytes); with it the
 * browser uploaded the image already and the form carries its `imageUrl`,
 * which is checked before it is saved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  await runForPage(
    context,
    async () => {
      const multipart = (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
      const { formData, imageUrl: storedImageUrl } = multipart
        ? await receiveImageFromForm(request, { userId: user.id, field: "photo", maxBytes: UPLOAD_DEFAULT_MAX_BYTES })
        : { formData: await request.formData(), imageUrl: null };
      const imageUrl = formData.get("imageUrl");
      return setProfilePhoto(user, { storedImageUrl, imageUrl: typeof imageUrl === "string" ? imageUrl : null });
    },
    { success: { title: "Profile photo updated" } },
  );
  return redirect("/profile");
}

export function loader() {
  return redirect("/profile");
}
