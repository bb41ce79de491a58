import "server-only";

import { getDb } from "~/infra/db.server";
import { verifyUploadedImage } from "~/infra/image-upload.server";
import { invalid, notFound } from "~/lib/errors";
import { profileFormSchema, type ProfileForm } from "~/lib/schemas/profile";
import { UPLOAD_DEFAULT_MAX_BYTES } from "~/lib/uploads";
import { setProfileImage, updateProfile as storeProfile, type User } from "~/models/user.server";

/** The profile form (spec §2 /profile). */
export const profileInput = profileFormSchema;

/** Saves the actor's profile; the categories ticked are the ones offered (none ticked: none). */
export async function updateProfile(actor: Pick<User, "id">, input: ProfileForm): Promise<User> {
  const updated = await storeProfile(await getDb(), actor.id, { ...input, providerCategories: input.providerCategories ?? [] });
  if (!updated) throw notFound("User not found");
  return updated;
}

/**
 * Sets the actor's photo: one the no-JavaScript form stored and checked (`storedImageUrl`), or an upload named by
 * URL, checked here (the actor's own, an image within the 10 MB cap). Neither: "Choose an image to upload".
 */
export async function setProfilePhoto(actor: Pick<User, "id">, input: { imageUrl?: string | null; storedImageUrl?: string | null }): Promise<User> {
  const imageUrl = input.storedImageUrl ?? (input.imageUrl ? await verifyUploadedImage(input.imageUrl, actor.id, UPLOAD_DEFAULT_MAX_BYTES) : null);
  if (!imageUrl) throw invalid("Choose an image to upload");
  const updated = await setProfileImage(await getDb(), actor.id, imageUrl);
  if (!updated) throw notFound("User not found");
  return updated;
}
