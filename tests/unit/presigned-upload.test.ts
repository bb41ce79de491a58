// A presigned upload to real S3 (S3_ENDPOINT set) carries its type and exact length in the signature: S3 refuses
// a PUT whose Content-Type or Content-Length differs from what the app signed (SigV4 signs the headers listed in
// X-Amz-SignedHeaders). The embedded emulator's proxy checks the same list (tests/unit/embedded-services.test.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

beforeAll(() => {
  vi.stubEnv("S3_ENDPOINT", "https://s3.us-east-1.amazonaws.com");
  vi.stubEnv("S3_ACCESS_KEY_ID", "AKIAEXAMPLE");
  vi.stubEnv("S3_SECRET_ACCESS_KEY", "example-secret");
  vi.stubEnv("S3_BUCKET", "nearhand-photos");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe("a presigned upload to real S3", () => {
  it("signs the image's type and exact length along with the host", async () => {
    const { presignUpload } = await import("~/infra/storage.server");
    const url = new URL(
      await presignUpload("users/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001.png", "image/png", 1234),
    );
    expect(url.origin).toBe("https://nearhand-photos.s3.us-east-1.amazonaws.com");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    // Signed as headers, not as query parameters a client could drop or change.
    expect(url.searchParams.has("Content-Type")).toBe(false);
    expect(url.searchParams.has("Content-Length")).toBe(false);
  });

  it("signs a different signature for another length or type: the signature is bound to both", async () => {
    const { presignUpload } = await import("~/infra/storage.server");
    vi.useFakeTimers({ now: new Date("2026-11-26T12:00:00Z"), toFake: ["Date"] });
    try {
      const key = "users/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000002.png";
      const signature = async (type: "image/png" | "image/jpeg", size: number) =>
        new URL(await presignUpload(key, type, size)).searchParams.get("X-Amz-Signature");
      const signed = await signature("image/png", 1234);
      expect(await signature("image/png", 1234)).toBe(signed);
      expect(await signature("image/png", 1235)).not.toBe(signed);
      expect(await signature("image/jpeg", 1234)).not.toBe(signed);
    } finally {
      vi.useRealTimers();
    }
  });
});
