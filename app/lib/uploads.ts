// Image upload limits (spec §2, §5, §9), shared by the browser and the server.
export const UPLOAD_DEFAULT_MAX_BYTES = 10_485_760;
export const JOB_IMAGE_MAX_BYTES = 5_242_880;
export const UPLOAD_MAX_FILES = 1;
/** Multipart uploads only above this size, which the caps never reach. */
export const MULTIPART_THRESHOLD_BYTES = 100 * 1024 * 1024;

export const IMAGE_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;
export const IMAGE_TYPE_LIST = Object.keys(IMAGE_TYPES) as ImageType[];

/** The app's stable URL of a stored image (decision 0017): /images/<key>. */
export const IMAGE_ROUTE_PREFIX = "/images/";

/** The image type its first bytes say, or null (never trust the name or the declared type). */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const b = head;
  const at = (offset: number, bytes: number[]) => bytes.every((v, i) => b[offset + i] === v);
  if (at(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (at(0, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return "image/gif";
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "image/webp";
  if (at(4, [0x66, 0x74, 0x79, 0x70]) && (at(8, [0x61, 0x76, 0x69, 0x66]) || at(8, [0x61, 0x76, 0x69, 0x73]))) return "image/avif";
  return null;
}
