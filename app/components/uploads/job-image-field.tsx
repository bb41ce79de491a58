"use client";

import { useState } from "react";

import { CheckCircle2, X } from "~/components/icons";
import { ImageThumbnail } from "~/components/uploads/image-thumbnail";
import { ImageUploadButton } from "~/components/uploads/image-upload-button";
import { showToast } from "~/lib/toast";
import { IMAGE_TYPE_LIST, JOB_IMAGE_MAX_BYTES } from "~/lib/uploads";
import { useHydrated } from "~/lib/use-hydrated";

interface JobImageFieldProps {
  /** An image already uploaded for this form (kept when the server sent the form back). */
  initialImageUrl?: string;
  /** Name of the file input without JavaScript. */
  fileName?: string;
  /** Name of the hidden field carrying the uploaded image's URL. */
  urlName?: string;
}

const FILE_INPUT =
  "block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 focus-ring";

/**
 * The post-job form's optional image (spec §2 step 3: one file, max 5 MB,
 * 'Image uploaded' once done). Without JavaScript: a plain file input that
 * the multipart form sends along. With it: the upload dialog, which puts the
 * image in storage first; the form then carries its URL in a hidden field.
 */
export function JobImageField({ initialImageUrl, fileName = "image", urlName = "imageUrl" }: JobImageFieldProps) {
  const hydrated = useHydrated();
  const [imageUrl, setImageUrl] = useState(initialImageUrl || null);
  // The server sent the form back with another image: it wins.
  const [initial, setInitial] = useState(initialImageUrl);
  if (initial !== initialImageUrl) {
    setInitial(initialImageUrl);
    setImageUrl(initialImageUrl || null);
  }

  const uploaded = (url: string) => {
    setImageUrl(url);
    showToast({ title: "Image uploaded" });
  };

  return (
    // With JavaScript the label names the group (an upload button, maybe a preview); without it, the file input.
    <div className="grid gap-1.5" role={hydrated ? "group" : undefined} aria-labelledby={hydrated ? "job-image-label" : undefined}>
      {hydrated ? (
        <p id="job-image-label" className="text-sm font-medium text-slate-900">
          Job image <span className="font-normal text-slate-500">(optional, max 5 MB)</span>
        </p>
      ) : (
        <label id="job-image-label" htmlFor="job-image" className="text-sm font-medium text-slate-900">
          Job image <span className="font-normal text-slate-500">(optional, max 5 MB)</span>
        </label>
      )}

      {imageUrl ? (
        <div className="flex items-center gap-3 rounded-lg border border-green-200 bg-green-50 p-2" data-testid="job-image-preview">
          <input type="hidden" name={urlName} value={imageUrl} />
          <ImageThumbnail src={imageUrl} alt="Uploaded job image" />
          <p className="flex min-w-0 flex-1 items-center gap-1.5 text-sm font-medium text-green-800" role="status" data-testid="image-uploaded">
            <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
            Image uploaded
          </p>
          {hydrated ? (
            <button
              type="button"
              onClick={() => setImageUrl(null)}
              className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-white focus-ring"
            >
              <X className="h-4 w-4" aria-hidden />
              Remove<span className="sr-only"> image</span>
            </button>
          ) : null}
        </div>
      ) : null}

      {hydrated ? (
        <div>
          <ImageUploadButton
            maxFileSize={JOB_IMAGE_MAX_BYTES}
            onComplete={uploaded}
            label={imageUrl ? "Replace image" : "Add image"}
            note="One image (JPEG, PNG, WebP, GIF or AVIF), up to 5 MB"
            describedBy="job-image-hint"
            dialogTitle="Job image"
          />
        </div>
      ) : (
        <input
          id="job-image"
          type="file"
          name={fileName}
          accept={IMAGE_TYPE_LIST.join(",")}
          aria-describedby="job-image-hint"
          data-testid="job-image-input"
          className={FILE_INPUT}
        />
      )}
      <p id="job-image-hint" className="text-xs text-slate-500">
        {imageUrl && !hydrated ? "Choose another file to replace it. " : ""}
        JPEG, PNG, WebP, GIF or AVIF.
      </p>
    </div>
  );
}
