import "server-only";

import { randomUUID } from "node:crypto";
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

import { getConfig, type Config } from "~/infra/config.server";
import { sharedResource } from "~/lib/shared-resource";
import { IMAGE_ROUTE_PREFIX, IMAGE_TYPES, type ImageType } from "~/lib/uploads";

/** Presigned URLs live this long: enough to upload or load an image, too short to share. */
export const PRESIGN_TTL_SECONDS = 300;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** The shape of every key the app stores: an image under its uploader's prefix. */
export const IMAGE_KEY = new RegExp(`^users/${UUID}/${UUID}\\.(jpg|png|webp|gif|avif)$`);
/**
 * Where the spec's plain upload (no type or size given, decision 0044) puts its bytes: unchecked, never
 * served, and copied to users/<id>/<uuid>.<ext> once a save has checked it. Buckets may expire this prefix.
 */
export const STAGED_KEY = new RegExp(`^uploads/(${UUID})/(${UUID})$`);

export interface Storage {
  bucket: string;
  /** Talks to the storage from the server. */
  client: S3Client;
  /** Signs URLs for browsers (its endpoint is where browsers reach the storage). */
  signer: S3Client;
  /** The embedded emulator's address, for the app's same-origin proxy. */
  emulatorUrl?: string;
  stop(): Promise<void>;
}

/** Without this the SDK adds an empty-body checksum to presigned URLs, which S3 and R2 then reject. */
export const S3_CHECKSUMS = { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } as const;

type EmbeddedStorageSettings = Extract<Config["storage"], { mode: "embedded" }>;
type StartStorageEmulator = (settings: EmbeddedStorageSettings, dataDir: string) => Promise<Storage>;
let startEmbeddedStorage: StartStorageEmulator | null = null;

/** The development entry hands in the embedded emulator (app/dev) at start; infrastructure never imports it. */
export function provideStorageEmulator(start: StartStorageEmulator): void {
  startEmbeddedStorage = start;
}

const sharedStorage = sharedResource(openStorage, (opened) => opened.stop().catch(() => {}));

/** The object storage: S3/R2/MinIO by S3_* variables, or the embedded emulator in development and tests. */
export function getStorage(): Promise<Storage> {
  return sharedStorage.get();
}

async function openStorage(): Promise<Storage> {
  const config = getConfig();
  const settings = config.storage;
  if (settings.mode === "external") {
    const credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
    const common = { region: settings.region, credentials, forcePathStyle: settings.forcePathStyle, ...S3_CHECKSUMS };
    return {
      bucket: settings.bucket,
      client: new S3Client({ ...common, endpoint: settings.endpoint }),
      signer: new S3Client({ ...common, endpoint: settings.publicUrl }),
      stop: async () => {},
    };
  }
  if (!startEmbeddedStorage) throw new Error("No S3_ENDPOINT and no embedded storage emulator: start the app through its entry, or set S3_ENDPOINT.");
  return startEmbeddedStorage(settings, config.dataDir);
}

export function stopStorage(): Promise<void> {
  return sharedStorage.close();
}

/** A fresh key under the user's own prefix. */
export function newImageKey(userId: string, type: ImageType): string {
  return `users/${userId}/${randomUUID()}.${IMAGE_TYPES[type]}`;
}

/** A fresh staging key under the user's own prefix. */
export function newStagedKey(userId: string): string {
  return `uploads/${userId}/${randomUUID()}`;
}

/** The image a staged upload becomes once checked: always the same key for the same upload. */
export function imageKeyForStaged(stagedKey: string, type: ImageType): string {
  const [, userId, id] = STAGED_KEY.exec(stagedKey)!;
  return `users/${userId}/${id}.${IMAGE_TYPES[type]}`;
}

export function imageUrlForKey(key: string): string {
  return `${IMAGE_ROUTE_PREFIX}${key}`;
}

/**
 * The storage key of one of the user's own images or staged uploads, or null
 * for anything else. Every form that names the object is accepted (spec §7:
 * "the uploaded file's path is stored"): an image's stable URL /images/<key>,
 * or the upload URL, whole or without its query, or its path (the bucket's
 * path-style /<bucket>/<key>, or a virtual-hosted /<key>). Only the key is
 * used: the app stores imageUrlForKey(key) of an image, one canonical form.
 */
export function ownImageKey(imageUrl: string, userId: string): string | null {
  const config = getConfig();
  let url: URL;
  try {
    url = new URL(imageUrl, config.appUrl);
  } catch {
    return null;
  }
  const storage = new URL(config.storage.publicUrl);
  const bucket = config.storage.bucket;
  const storageOrigins = [storage.origin, `${storage.protocol}//${bucket}.${storage.host}`];
  const onStorage = storageOrigins.includes(url.origin);
  if (url.origin !== config.appUrl.origin && !onStorage) return null;
  // The path as written must be the path as parsed: no dot segments, encodings or backslashes to resolve.
  const written = (url.href === imageUrl || !imageUrl.startsWith("/") ? imageUrl.slice(url.origin.length) : imageUrl).split(/[?#]/)[0];
  if (written !== url.pathname) return null;
  const match = url.pathname.match(/^(.*)\/((users|uploads)\/([^/]+)\/[^/]+)$/);
  const staged = match !== null && STAGED_KEY.test(match[2]);
  if (!match || !(IMAGE_KEY.test(match[2]) || staged) || match[4] !== userId) return null;
  const storagePath = storage.pathname.replace(/\/$/, "");
  // The stable URL carries nothing after its key; an upload URL may keep its presigned query.
  if (match[1] === IMAGE_ROUTE_PREFIX.replace(/\/$/, "")) return url.search || url.hash || staged ? null : match[2];
  return [`${storagePath}/${bucket}`, `/${bucket}`, ""].includes(match[1]) ? match[2] : null;
}

/** A presigned PUT that fixes the type and the exact length of the upload. */
export async function presignUpload(key: string, type: ImageType, size: number): Promise<string> {
  const { signer, bucket } = await getStorage();
  return getSignedUrl(signer, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: type, ContentLength: size }), {
    expiresIn: PRESIGN_TTL_SECONDS,
    signableHeaders: new Set(["content-type", "content-length"]),
  });
}

/** A presigned PUT of a staged upload: any type and length (the spec's plain call); the save checks both. */
export async function presignStagedUpload(key: string): Promise<string> {
  const { signer, bucket } = await getStorage();
  return getSignedUrl(signer, new PutObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: PRESIGN_TTL_SECONDS });
}

export async function presignDownload(key: string): Promise<string> {
  const { signer, bucket } = await getStorage();
  return getSignedUrl(signer, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: PRESIGN_TTL_SECONDS });
}

/** What the storage holds at a key (after a browser upload): size and type, or null. */
export async function describeObject(key: string): Promise<{ size: number; type: string } | null> {
  const { client, bucket } = await getStorage();
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: head.ContentLength ?? 0, type: head.ContentType ?? "" };
  } catch {
    return null;
  }
}

/** Stores bytes the server received (the no-JavaScript upload path). */
export async function putObject(key: string, type: ImageType, body: Uint8Array): Promise<void> {
  const { client, bucket } = await getStorage();
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: type, ContentLength: body.byteLength }));
}

/** Copies an object within the bucket, stored with the given type (what the copy's check found). */
export async function copyObject(from: string, to: string, type: ImageType): Promise<void> {
  const { client, bucket } = await getStorage();
  await client.send(
    new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from}`, ContentType: type, MetadataDirective: "REPLACE" }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  const { client, bucket } = await getStorage();
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** The first bytes of a stored object, to check its magic bytes. */
export async function readObjectHead(key: string, bytes = 32): Promise<Uint8Array | null> {
  const { client, bucket } = await getStorage();
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
    return object.Body ? new Uint8Array(await object.Body.transformToByteArray()) : null;
  } catch {
    return null;
  }
}
