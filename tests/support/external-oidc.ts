// The development identity provider run by a test, standing in for a real one (a production server, or several
// workers, refuse the embedded one): start it, start the app with `env`, then `accept` the app's callback URL.
import http from "node:http";
import type { AddressInfo } from "node:net";

import { createDevOidcProvider, type DevOidcProvider } from "~/dev/oidc.server";

export interface ExternalOidc {
  issuer: string;
  /** OIDC_* for the app. */
  env: Record<string, string>;
  /** Registers the app's redirect URI; the provider answers 503 until then. */
  accept(appUrl: string): Promise<void>;
  /** From now on, the claims asserted for `email` are changed by `changes` (e.g. `{ email_verified: false }`, another `sub`). */
  assert(email: string, changes: Record<string, unknown>): void;
  stop(): Promise<void>;
}

export async function startExternalOidc(): Promise<ExternalOidc> {
  let provider: DevOidcProvider | undefined;
  const changesByEmail = new Map<string, Record<string, unknown>>();
  const server = http.createServer((req, res) => {
    if (provider) return provider.handle(req, res);
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}/oidc`;
  const client = { id: "nearhand-external-test", secret: "a-secret-for-the-external-test" };
  return {
    issuer,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: client.id, OIDC_CLIENT_SECRET: client.secret },
    async accept(appUrl) {
      provider = await createDevOidcProvider({
        issuer,
        clientId: client.id,
        clientSecret: client.secret,
        redirectUris: [`${appUrl}/api/callback`],
        cookieSecret: "a-cookie-secret-for-the-test-provider",
        adjustClaims: (claims) => ({ ...claims, ...changesByEmail.get(String(claims["email"])) }),
        // The provider answers `sub` with the account's id, whatever the claims say.
        subjectOf: (email) => String(changesByEmail.get(email)?.["sub"] ?? email),
      });
    },
    assert(email, changes) {
      changesByEmail.set(email.toLowerCase(), changes);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
