import "server-only";

import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";

import { consumeRateLimit, tryAgainText, userKey } from "~/infra/rate-limit.server";
import {
  copyObject,
  deleteObject,
  describeObject,
  imageKeyForStaged,
  imageUrlForKey,
  newImageKey,
  ownImageKey,
  putObject,
  readObjectHead,
  STAGED_KEY,
} from "~/infra/storage.server";
import { DomainError } from "~/lib/errors";
import { IMAGE_TYPES, sniffImageType } from "~/lib/uploads";

/** An image refused (not the caller's, missing, too large, not an image): the form keeps its other fields. */
export class UploadRefused extends DomainError {}

const NOT_AN_IMAGE = "The image must be a JPEG, PNG, WebP, GIF or AVIF file";

/**
 * Checks an image the browser uploaded with a presigned PUT before its URL is
 * saved: one of the user's own keys, present, within the size cap, of an
 * image type, and its first bytes agree. A staged upload (the spec's plain
 * call) is first copied to its image key, and the copy is what is checked: its
 * upload URL may still write the staging key. Returns the one stored form, /images/<key>.
 */
export async function verifyUploadedImage(imageUrl: string, userId: string, maxBytes: number): Promise<string> {
  const named = ownImageKey(imageUrl, userId);
  if (!named) throw new UploadRefused("invalid", "imageUrl must be an image you uploaded");
  if (!STAGED_KEY.test(named)) {
    await checkStoredImage(named, maxBytes);
    return imageUrlForKey(named);
  }
  const key = await copyStagedUpload(named, maxBytes);
  try {
    await checkStoredImage(key, maxBytes);
  } catch (error) {
    await deleteObject(key).catch(() => {});
    throw error;
  }
  return imageUrlForKey(key);
}

async function checkStoredImage(key: string, maxBytes: number): Promise<void> {
  const object = await describeObject(key);
  if (!object) throw new UploadRefused("invalid", "The uploaded image was not found");
  if (object.size > maxBytes) throw new UploadRefused("invalid", `The image is larger than ${maxBytes} bytes`);
  if (!(object.type in IMAGE_TYPES)) throw new UploadRefused("invalid", NOT_AN_IMAGE);
  const head = await readObjectHead(key);
  if (!head || sniffImageType(head) !== object.type) throw new UploadRefused("invalid", "The file is not the image it claims to be");
}

/** The image key a staged upload is copied to, stored with the type its first bytes say. */
async function copyStagedUpload(stagedKey: string, maxBytes: number): Promise<string> {
  const object = await describeObject(stagedKey);
  if (!object) throw new UploadRefused("invalid", "The uploaded image was not found");
  if (object.size > maxBytes) throw new UploadRefused("invalid", `The image is larger than ${maxBytes} bytes`);
  const type = sniffImageType((await readObjectHead(stagedKey)) ?? new Uint8Array());
  if (!type) throw new UploadRefused("invalid", NOT_AN_IMAGE);
  const key = imageKeyForStaged(stagedKey, type);
  await copyObject(stagedKey, key, type);
  return key;
}

/**
 * The no-JavaScript path: parses a multipart form, streaming its one file
 * field (`field`) with a hard byte cap (past it: 413, nothing stored), checks
 * the type by its magic bytes (400 otherwise) and stores it. An empty file
 * input means no image.
 */
export async function receiveImageFromForm(
  request: Request,
  options: { userId: string; field: string; maxBytes: number },
): Promise<{ formData: FormData; imageUrl: string | null }> {
  let imageUrl: string | null = null;
  const uploadHandler = async (upload: FileUpload) => {
    if (upload.fieldName !== options.field) return undefined;
    const bytes = new Uint8Array(await upload.arrayBuffer());
    if (bytes.byteLength === 0) return undefined;
    const type = sniffImageType(bytes.subarray(0, 32));
    if (!type) throw new UploadRefused("invalid", NOT_AN_IMAGE);
    const verdict = await consumeRateLimit("uploads", userKey(options.userId));
    if (!verdict.allowed) throw new UploadRefused("rate_limited", `Too many uploads. ${tryAgainText(verdict.retryAfterSeconds)}`);
    const key = newImageKey(options.userId, type);
    await putObject(key, type, bytes);
    imageUrl = imageUrlForKey(key);
    return undefined;
  };
  try {
    const formData = await parseFormData(request, { maxFiles: 1, maxFileSize: options.maxBytes }, uploadHandler);
    return { formData, imageUrl };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      throw new UploadRefused("too_large", `The image is larger than ${(options.maxBytes / 1024 / 1024).toFixed(0)} MB`);
    }
    if (error instanceof MaxFilesExceededError) throw new UploadRefused("invalid", "Attach one image at most");
    if (error instanceof MultipartParseError || error instanceof FormDataParseError) throw new UploadRefused("invalid", "The form could not be read");
    throw error;
  }
}
