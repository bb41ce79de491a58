// The part of http_ece (RFC 8188, the library web-push encrypts with) the local push service uses to decrypt.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  export function decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string | Buffer }): Buffer;
}
