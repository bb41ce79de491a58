"use client";

import { useNavigation, useSubmit } from "react-router";

import { Camera, Loader2 } from "~/components/icons";
import { ImageUploadButton } from "~/components/uploads/image-upload-button";
import { IMAGE_TYPE_LIST, UPLOAD_DEFAULT_MAX_BYTES } from "~/lib/uploads";
import { useHydrated } from "~/lib/use-hydrated";

const ACTION = "/profile/photo";

const BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-ring disabled:opacity-60 aria-disabled:opacity-60";
const FILE_INPUT =
  "block max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 focus-ring";

/**
 * Uploading a profile photo (profileImageUrl). With JavaScript: the upload
 * dialog, then the image's URL is posted to /profile/photo. Without it: a
 * multipart form with a file input posting to the same action. Either way
 * the action redirects to /profile with 'Profile photo updated'.
 */
export function ProfilePhotoForm({
  hasPhoto = false,
  className = "",
}: {
  /** Whether the user has a photo already (the button says 'Change photo'). */
  hasPhoto?: boolean;
  className?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction === ACTION;
  const label = hasPhoto ? "Change photo" : "Upload photo";

  if (hydrated) {
    return (
      <div className={`flex flex-wrap items-center gap-2 ${className}`} data-testid="profile-photo-form">
        <ImageUploadButton
          maxFileSize={UPLOAD_DEFAULT_MAX_BYTES}
          label={saving ? "Saving photo..." : label}
          note="One image (JPEG, PNG, WebP, GIF or AVIF), up to 10 MB"
          describedBy="profile-photo-hint"
          dialogTitle="Profile photo"
          className={BUTTON}
          onComplete={(imageUrl) => submit({ imageUrl }, { method: "post", action: ACTION })}
        />
        {saving ? <Loader2 className="h-4 w-4 animate-spin text-slate-500" aria-hidden /> : null}
        {/* Shown as the form without JavaScript shows it: hidden after hydration, it moved the page up (CLS). */}
        <p id="profile-photo-hint" className="w-full text-xs text-slate-500">
          JPEG, PNG, WebP, GIF or AVIF, up to 10 MB.
        </p>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={ACTION}
      encType="multipart/form-data"
      className={`flex flex-wrap items-center gap-2 ${className}`}
      data-testid="profile-photo-form"
    >
      <label htmlFor="profile-photo" className="sr-only">
        Profile photo
      </label>
      <input
        id="profile-photo"
        type="file"
        name="photo"
        required
        accept={IMAGE_TYPE_LIST.join(",")}
        aria-describedby="profile-photo-hint"
        className={FILE_INPUT}
      />
      <button type="submit" className={BUTTON}>
        <Camera className="h-4 w-4" aria-hidden />
        {label}
      </button>
      <p id="profile-photo-hint" className="w-full text-xs text-slate-500">
        JPEG, PNG, WebP, GIF or AVIF, up to 10 MB.
      </p>
    </form>
  );
}
