// Environments for parseConfig in unit tests: the real services named by their variables.

/** An external identity provider (OIDC_*), as a deployment sets it. */
export const EXTERNAL_OIDC_ENV = {
  OIDC_ISSUER: "https://id.example.com",
  OIDC_CLIENT_ID: "nearhand",
  OIDC_CLIENT_SECRET: "s3cret",
} as const;

/** The app's public address in those tests. */
export const PUBLIC_APP_URL = "https://nearhand.example.com";

/** A VAPID key pair for tests (`npx web-push generate-vapid-keys`), signing nothing outside them. */
export const TEST_VAPID_ENV = {
  VAPID_PUBLIC_KEY: "BFRrpBx123kdMbWnlOpLCx1qAn27jwMvvfnqkNG3i5D8yb4j6tgVrrgeZE_wVCtTq3MQRXxH4LMFmPkr0Bi3QZU",
  VAPID_PRIVATE_KEY: "pNeNzEBGyqQdGXWBfrkR-UGULelksW8TNSRRSaP2ZVo",
  VAPID_SUBJECT: "mailto:ops@nearhand.example.com",
} as const;
