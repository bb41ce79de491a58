import { describe, expect, it } from "vitest";

import { runServerExpectingExit } from "../support/app-server.ts";

const REAL_IDENTITY_PROVIDER = {
  OIDC_ISSUER: "https://id.example.com",
  OIDC_CLIENT_ID: "nearhand",
  OIDC_CLIENT_SECRET: "client-secret",
};

describe("embedded development services in production", () => {
  it("refuses to start the embedded storage emulator", async () => {
    const { code, output } = await runServerExpectingExit({
      NODE_ENV: "production",
      SESSION_SECRET: "a-long-production-secret",
      ...REAL_IDENTITY_PROVIDER,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/S3_ENDPOINT: is required when NODE_ENV=production \(the embedded storage emulator refuses to run in production\)/);
    expect(output).not.toMatch(/listening/);
  });

  it("refuses to start without a session secret", async () => {
    const { code, output } = await runServerExpectingExit({ NODE_ENV: "production", ...REAL_IDENTITY_PROVIDER });
    expect(code).toBe(1);
    expect(output).toMatch(/SESSION_SECRET: is required when NODE_ENV=production/);
  });
});
