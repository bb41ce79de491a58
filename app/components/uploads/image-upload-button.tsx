"use client";

import { useEffect, useRef, useState } from "react";

import { ImagePlus, Loader2 } from "~/components/icons";
import type { UploadDialog } from "~/components/uploads/upload-dialog";
import { errorToast, showToast } from "~/lib/toast";
import { UPLOAD_DEFAULT_MAX_BYTES } from "~/lib/uploads";

interface ImageUploadButtonProps {
  /** The size cap of the image in bytes (spec §9 default 10485760). */
  maxFileSize?: number;
  /** Called with the stable image URL (/images/<key>) once the image is uploaded. */
  onComplete: (imageUrl: string) => void;
  /** The button's text. */
  label?: string;
  /** A line under the dialog's drop area. */
  note?: string;
  /** The dialog's accessible name (what the image is for). */
  dialogTitle?: string;
  /** Ids of elements describing the button (hints, limits). */
  describedBy?: string;
  className?: string;
}

const BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-ring disabled:opacity-60 aria-disabled:opacity-60";

/**
 * Opens the image upload dialog (Uppy's Dashboard). Uppy is loaded the first
 * time the button is clicked, not with the page. Only rendered with
 * JavaScript: forms offer a plain file input without it.
 */
export function ImageUploadButton({
  maxFileSize = UPLOAD_DEFAULT_MAX_BYTES,
  onComplete,
  label = "Upload image",
  note,
  dialogTitle = "Upload an image",
  describedBy,
  className = BUTTON,
}: ImageUploadButtonProps) {
  const dialog = useRef<UploadDialog | null>(null);
  const [loading, setLoading] = useState(false);
  // The dialog lives longer than one render: it always calls the latest callback.
  const completed = useRef(onComplete);
  useEffect(() => {
    completed.current = onComplete;
  });
  useEffect(
    () => () => {
      dialog.current?.destroy();
      dialog.current = null;
    },
    [],
  );

  const open = async () => {
    if (loading) return;
    if (!dialog.current) {
      setLoading(true);
      try {
        const { createUploadDialog } = await import("~/components/uploads/upload-dialog");
        dialog.current ??= createUploadDialog({ maxFileSize, note, title: dialogTitle, onComplete: (url) => completed.current(url) });
      } catch (error) {
        // reportMutationError's failure toast, without its 401 branch, which loading a script never takes: importing
        // it would load it and the API client with every page that has this button (issue 36 §5).
        console.error(error);
        showToast(errorToast("Failed to prepare image upload"));
        return;
      } finally {
        setLoading(false);
      }
    }
    dialog.current.open();
  };

  return (
    <button
      type="button"
      onClick={() => void open()}
      // Not `disabled` while Uppy loads: a disabled button loses focus, and the dialog gives focus back to what had
      // it when it opened (Escape left it on <body>).
      aria-disabled={loading || undefined}
      aria-haspopup="dialog"
      aria-busy={loading || undefined}
      aria-describedby={describedBy}
      data-testid="image-upload-button"
      className={className}
    >
      {loading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <ImagePlus className="h-4 w-4" aria-hidden />}
      {label}
    </button>
  );
}
