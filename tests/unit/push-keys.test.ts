// Outside production the VAPID pair is made on first start and kept in DATA_DIR (decision 0077).
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

import { deviceName } from "~/lib/user-agent";

describe("the generated VAPID key pair", () => {
  it("is made once into DATA_DIR/vapid-keys.json, readable by this user only, and reused by the next start", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "nearhand-vapid-")), "data");
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("VAPID_PUBLIC_KEY", "");
    vi.stubEnv("VAPID_PRIVATE_KEY", "");
    vi.stubEnv("NODE_ENV", "test");
    try {
      vi.resetModules();
      const first = await (await import("~/infra/push.server")).vapidKeys();
      expect(first.publicKey).toMatch(/^[\w-]{87}$/);
      expect(first.subject).toBe("mailto:no-reply@localhost");
      const file = path.join(dataDir, "vapid-keys.json");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });

      vi.resetModules();
      const again = await (await import("~/infra/push.server")).vapidKeys();
      expect(again).toEqual(first);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("a device's name", () => {
  it("says the browser and the system in words", () => {
    const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const edge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";
    const firefox = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0";
    expect([android, iphone, edge, firefox, null].map(deviceName)).toEqual([
      "Chrome on Android",
      "Safari on iPhone",
      "Edge on Windows",
      "Firefox on macOS",
      "Unknown browser",
    ]);
  });
});
