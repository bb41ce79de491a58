// The image upload dialog (spec §2 "Image upload dialog", §9 upload defaults):
// Uppy's Dashboard as a modal, uploading straight to the object storage with
// a presigned PUT from /api/object-storage/upload-url. Loaded with import()
// the first time an upload button is clicked, so Uppy stays out of the
// initial bundle; only browser code imports this module.
import AwsS3 from "@uppy/aws-s3";
import Uppy from "@uppy/core";
import Dashboard from "@uppy/dashboard";

import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import "~/components/uploads/upload-dialog.css";

import { apiRequest } from "~/lib/api-client";
import { reportMutationError } from "~/lib/mutation-feedback";
import { IMAGE_TYPE_LIST, MULTIPART_THRESHOLD_BYTES, UPLOAD_MAX_FILES } from "~/lib/uploads";

export interface UploadDialogOptions {
  /** The size cap of one file in bytes. */
  maxFileSize: number;
  /** Called with the stable image URL (/images/<key>) once a file is uploaded. */
  onComplete: (imageUrl: string) => void;
  /** A line under the drop area (what may be uploaded). */
  note?: string;
  /** The dialog's accessible name (what the image is for). */
  title: string;
}

export interface UploadDialog {
  open(): void;
  destroy(): void;
}

interface UploadParameters {
  method: "PUT";
  url: string;
  imageUrl: string;
}

export function createUploadDialog({ maxFileSize, onComplete, note, title }: UploadDialogOptions): UploadDialog {
  const uppy = new Uppy({
    autoProceed: false,
    restrictions: { maxNumberOfFiles: UPLOAD_MAX_FILES, maxFileSize, allowedFileTypes: [...IMAGE_TYPE_LIST] },
  });
  // The stable URL of each file's object, known once its upload is signed.
  const imageUrls = new Map<string, string>();

  uppy.use(Dashboard, {
    inline: false,
    // Inside the page's main landmark (it is a fixed overlay wherever it sits): appended to <body>, its content
    // would be outside every landmark.
    target: document.querySelector("main") ?? "body",
    thumbnailWidth: 280,
    proudlyDisplayPoweredByUppy: false,
    closeModalOnClickOutside: true,
    closeAfterFinish: false,
    browserBackButtonClose: true,
    disablePageScrollWhenModalOpen: true,
    animateOpenClose: true,
    note: note ?? null,
  });

  // Uppy names the dashboard's wrapper, not the element with role="dialog" (nor marks it modal): a screen reader
  // would announce a dialog without a name. Set on the element once it exists; Uppy's re-renders keep it.
  uppy.on("dashboard:modal-open", () => {
    const element = (uppy.getPlugin("Dashboard") as { el?: HTMLElement } | undefined)?.el?.querySelector(".uppy-Dashboard-inner");
    element?.setAttribute("aria-label", title);
    element?.setAttribute("aria-modal", "true");
  });

  uppy.use(AwsS3, {
    // Multipart only above 100 MiB, which the caps never reach.
    shouldUseMultipart: (file) => (file.size ?? 0) > MULTIPART_THRESHOLD_BYTES,
    // The requested key is the file's id; the server decides the real key.
    generateObjectKey: (file) => file.id,
    signRequest: async (request) => {
      if (request.method !== "PUT" || "uploadId" in request) throw new Error("Only single-request uploads are supported");
      const file = uppy.getFile(request.key);
      const contentType = request.contentType || file?.type || "";
      const size = file?.size ?? file?.data?.size ?? 0;
      let params: UploadParameters;
      try {
        params = await apiRequest<UploadParameters>(
          "GET",
          `/api/object-storage/upload-url?contentType=${encodeURIComponent(contentType)}&size=${size}`,
        );
      } catch (error) {
        reportMutationError(error, "Failed to prepare image upload");
        throw error;
      }
      imageUrls.set(request.key, params.imageUrl);
      // The URL is signed for exactly this type (and length, which the browser sets).
      return { url: params.url, headers: { "Content-Type": contentType } };
    },
  });

  uppy.on("upload-success", (file) => {
    const imageUrl = file ? imageUrls.get(file.id) : undefined;
    if (imageUrl) onComplete(imageUrl);
  });

  return {
    open() {
      void uppy.getPlugin("Dashboard")?.openModal();
    },
    destroy() {
      uppy.destroy();
    },
  };
}
