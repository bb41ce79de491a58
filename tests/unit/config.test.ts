import { describe, expect, it } from "vitest";

import { parseConfig } from "~/infra/config.server";

import { EXTERNAL_OIDC_ENV, PUBLIC_APP_URL, TEST_VAPID_ENV } from "../support/env.ts";

/** Everything production requires. */
const production = {
  NODE_ENV: "production",
  SESSION_SECRET: "a-long-production-secret",
  OIDC_ISSUER: "https://id.example.com",
  OIDC_CLIENT_ID: "id",
  OIDC_CLIENT_SECRET: "secret",
  S3_ENDPOINT: "https://s3.us-east-1.amazonaws.com",
  S3_ACCESS_KEY_ID: "key",
  S3_SECRET_ACCESS_KEY: "secret",
  DATABASE_URL: "postgres://nearhand@db.example.com:5432/nearhand",
  SMTP_URL: "smtp://mailer:secret@smtp.example.com:587",
  ...TEST_VAPID_ENV,
};

describe("configuration", () => {
  it("gives a working embedded setup with no variables at all", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ production: false, port: 3000, databaseUrl: undefined, seedDemo: true });
    expect(config.appUrl.href).toBe("http://localhost:3000/");
    expect(config.oidc).toMatchObject({ mode: "embedded", issuer: "http://localhost:3000/oidc" });
  });

  it("switches to the real services by environment variables alone", () => {
    const config = parseConfig({ DATABASE_URL: "postgres://app@db.internal:5432/nearhand", ...EXTERNAL_OIDC_ENV, APP_URL: PUBLIC_APP_URL });
    expect(config.databaseUrl).toBe("postgres://app@db.internal:5432/nearhand");
    expect(config.oidc).toMatchObject({ mode: "external", issuer: "https://id.example.com", clientId: "nearhand", clientSecret: "s3cret" });
    expect(config.appUrl.origin).toBe("https://nearhand.example.com");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ OIDC_ISSUER: "https://id.example.com" }, "OIDC_CLIENT_ID"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ RATE_LIMIT_MULTIPLIER: "0" }, "RATE_LIMIT_MULTIPLIER"],
    [{ RATE_LIMIT_MULTIPLIER: "lots" }, "RATE_LIMIT_MULTIPLIER"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ OIDC_ISSUER_VERIFIES_EMAIL: "yes" }, "OIDC_ISSUER_VERIFIES_EMAIL"],
    [{ OIDC_PICTURE_HOSTS: "https://photos.example.com" }, "OIDC_PICTURE_HOSTS"],
    [{ OIDC_PICTURE_HOSTS: "photos.example.com/avatars" }, "OIDC_PICTURE_HOSTS"],
  ])("refuses %j and names %s", (env, name) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("trusts only email_verified unless OIDC_ISSUER_VERIFIES_EMAIL, and takes pictures from OIDC_PICTURE_HOSTS or common providers' hosts", () => {
    expect(parseConfig({}).oidc).toMatchObject({
      issuerVerifiesEmail: false,
      pictureHosts: expect.arrayContaining(["lh3.googleusercontent.com", "avatars.githubusercontent.com"]),
    });
    expect(parseConfig({ ...EXTERNAL_OIDC_ENV, OIDC_ISSUER_VERIFIES_EMAIL: "true" }).oidc.issuerVerifiesEmail).toBe(true);
    expect(parseConfig({ OIDC_PICTURE_HOSTS: " Photos.Example.com , cdn.example.org," }).oidc.pictureHosts).toEqual([
      "photos.example.com",
      "cdn.example.org",
    ]);
    expect(parseConfig({ OIDC_PICTURE_HOSTS: "" }).oidc.pictureHosts).toEqual([]);
  });

  it("requires a session secret and a real identity provider in production", () => {
    let message = "";
    try {
      parseConfig({ NODE_ENV: "production" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SESSION_SECRET: is required when NODE_ENV=production/);
    expect(message).toMatch(/OIDC_ISSUER: is required when NODE_ENV=production/);
    expect(message).toMatch(/S3_ENDPOINT: is required when NODE_ENV=production/);
    expect(message).toMatch(/DATABASE_URL: is required when NODE_ENV=production/);
    expect(message).toMatch(/SMTP_URL: is required when NODE_ENV=production/);
  });

  it("sends mail through SMTP_URL, else the embedded catcher, from MAIL_FROM or no-reply at the app's host", () => {
    expect(parseConfig({}).mail).toEqual({ mode: "embedded", from: "Nearhand <no-reply@localhost>" });
    expect(
      parseConfig({ SMTP_URL: "smtps://u:p@smtp.example.com:465", MAIL_FROM: "Nearhand <hello@example.com>", SESSION_SECRET: "a-long-mail-secret" })
        .mail,
    ).toEqual({
      mode: "external",
      url: "smtps://u:p@smtp.example.com:465",
      from: "Nearhand <hello@example.com>",
    });
    expect(() => parseConfig({ SMTP_URL: "http://smtp.example.com" })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(parseConfig({}).mailWorker).toBe(true);
    expect(parseConfig({ MAIL_WORKER: "false" }).mailWorker).toBe(false);
  });

  it("signs push with the VAPID pair of the environment, required in production like SMTP_URL; elsewhere a generated pair", () => {
    expect(parseConfig({}).push).toEqual({ mode: "generated", subject: "mailto:no-reply@localhost" });
    expect(parseConfig(TEST_VAPID_ENV).push).toEqual({
      mode: "configured",
      publicKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY,
      privateKey: TEST_VAPID_ENV.VAPID_PRIVATE_KEY,
      subject: TEST_VAPID_ENV.VAPID_SUBJECT,
    });
    const { VAPID_PUBLIC_KEY: _public, VAPID_PRIVATE_KEY: _private, VAPID_SUBJECT: _subject, ...withoutPush } = production;
    expect(() => parseConfig(withoutPush)).toThrow(/VAPID_PUBLIC_KEY: is required when NODE_ENV=production/);
    expect(() => parseConfig(withoutPush)).toThrow(/VAPID_SUBJECT: is required when NODE_ENV=production/);
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: TEST_VAPID_ENV.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: is required with the other VAPID key/,
    );
    expect(() => parseConfig({ ...TEST_VAPID_ENV, VAPID_PRIVATE_KEY: "short" })).toThrow(/VAPID_PRIVATE_KEY: must be a base64url key of 32 bytes/);
    expect(() => parseConfig({ ...TEST_VAPID_ENV, VAPID_SUBJECT: "http://example.com" })).toThrow(
      /VAPID_SUBJECT: must be a mailto: address or an https: URL/,
    );
  });

  it("refuses real mail outside production without a random SESSION_SECRET: its links are signed with it, and the default is public", () => {
    const smtp = { SMTP_URL: "smtp://u:p@smtp.example.com:587" };
    expect(() => parseConfig(smtp)).toThrow(/SESSION_SECRET: is required when SMTP_URL is set/);
    expect(() => parseConfig({ ...smtp, SESSION_SECRET: "nearhand-development-session-secret" })).toThrow(/SESSION_SECRET: must be a random value/);
    expect(() => parseConfig({ ...smtp, SESSION_SECRET: "abababababababababab" })).toThrow(/SESSION_SECRET: must be a random value/);
    expect(() => parseConfig({ ...production, SESSION_SECRET: "nearhand-development-session-secret" })).toThrow(
      /SESSION_SECRET: must be a random value/,
    );
    expect(parseConfig({ ...smtp, SESSION_SECRET: "k7Qv2xN9pL4wR8tZ3mB6" }).mail.mode).toBe("external");
    // Without real mail, a development machine keeps working with no secret at all.
    expect(parseConfig({}).sessionSecret).toBe("nearhand-development-session-secret");
  });

  it("uses the embedded storage emulator through the app's own origin unless S3_ENDPOINT is set", () => {
    expect(parseConfig({}).storage).toEqual({
      mode: "embedded",
      region: "us-east-1",
      bucket: "nearhand-uploads",
      publicUrl: "http://localhost:3000/_storage",
    });
    expect(
      parseConfig({
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "k",
        S3_SECRET_ACCESS_KEY: "s",
        S3_FORCE_PATH_STYLE: "true",
        S3_BUCKET: "photos",
      }).storage,
    ).toMatchObject({
      mode: "external",
      endpoint: "http://127.0.0.1:9000",
      bucket: "photos",
      forcePathStyle: true,
      publicUrl: "http://127.0.0.1:9000",
    });
    expect(() => parseConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => parseConfig({ S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET/);
  });

  it("never seeds demo data in production unless asked", () => {
    expect(parseConfig(production).seedDemo).toBe(false);
    expect(parseConfig({ ...production, SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("scales rate limits by RATE_LIMIT_MULTIPLIER and trusts X-Forwarded-For only when TRUST_PROXY says so", () => {
    expect(parseConfig({})).toMatchObject({ rateLimitMultiplier: 1, trustedProxies: 0 });
    expect(parseConfig({ RATE_LIMIT_MULTIPLIER: "1000", TRUST_PROXY: "true" })).toMatchObject({ rateLimitMultiplier: 1000, trustedProxies: 1 });
    expect(parseConfig({ RATE_LIMIT_MULTIPLIER: "0.5", TRUST_PROXY: "2" })).toMatchObject({ rateLimitMultiplier: 0.5, trustedProxies: 2 });
    expect(parseConfig({ RATE_LIMIT_MULTIPLIER: "", TRUST_PROXY: "false" })).toMatchObject({ rateLimitMultiplier: 1, trustedProxies: 0 });
  });
});

describe("what one client may hold (decision 0064)", () => {
  it("a body arrives within 30 s and an address holds 128 connections, unless set; behind trusted proxies no address cap", () => {
    expect(parseConfig({})).toMatchObject({ requestBodyMs: 30_000, maxConnectionsPerAddress: 128 });
    expect(parseConfig({ REQUEST_BODY_SECONDS: "1", MAX_CONNECTIONS_PER_ADDRESS: "4" })).toMatchObject({
      requestBodyMs: 1000,
      maxConnectionsPerAddress: 4,
    });
    expect(parseConfig({ TRUST_PROXY: "true" }).maxConnectionsPerAddress).toBeNull();
    expect(() => parseConfig({ REQUEST_BODY_SECONDS: "0" })).toThrow(/REQUEST_BODY_SECONDS/);
    expect(() => parseConfig({ MAX_CONNECTIONS_PER_ADDRESS: "1.5" })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });
});

describe("the listening address", () => {
  it("is loopback outside production and every interface in production; HOST overrides both", () => {
    expect(parseConfig({}).host).toBe("127.0.0.1");
    expect(parseConfig({ NODE_ENV: "test" }).host).toBe("127.0.0.1");
    expect(parseConfig(production).host).toBe("0.0.0.0");
    expect(parseConfig({ HOST: "::1" }).host).toBe("::1");
    expect(parseConfig({ ...production, HOST: "10.0.0.5" }).host).toBe("10.0.0.5");
  });
});
