// Environments for parseConfig in unit tests: the real services named by their variables.

/** An external identity provider (OIDC_*), as a deployment sets it. */
export const EXTERNAL_OIDC_ENV = {
  OIDC_ISSUER: "https://id.example.com",
  OIDC_CLIENT_ID: "nearhand",
  OIDC_CLIENT_SECRET: "s3cret",
} as const;

/** The app's public address in those tests. */
export const PUBLIC_APP_URL = "https://nearhand.example.com";
