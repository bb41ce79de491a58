import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDevOidcProvider } from "~/dev/oidc.server";

const CLIENT_ID = "nearhand-dev";
const CLIENT_SECRET = "dev-client-secret";

/** A minimal cookie jar: honours Path, Max-Age=0 / past Expires deletions; ignores Domain. */
class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>();
  /** Every raw Set-Cookie header received, for assertions. */
  readonly received: string[] = [];

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      this.received.push(header);
      const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = "/";
      let expired = false;
      for (const attribute of attributes) {
        const [key = "", attrValue = ""] = attribute.split("=");
        const lower = key.toLowerCase();
        if (lower === "path") path = attrValue;
        if (lower === "max-age" && Number(attrValue) <= 0) expired = true;
        if (lower === "expires" && Date.parse(attrValue) <= Date.now()) expired = true;
      }
      const id = `${name};${path}`;
      if (expired || value === "") this.cookies.delete(id);
      else this.cookies.set(id, { name, value, path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.values()]
      .filter(({ path }) => pathname === path || pathname.startsWith(path.endsWith("/") ? path : `${path}/`))
      .map(({ name, value }) => `${name}=${value}`)
      .join("; ");
  }
}

function base64url(buffer: Buffer): string {
  return buffer.toString("base64url");
}

describe("embedded development OpenID provider", () => {
  let server: Server;
  let origin: string;
  let issuer: string;
  let redirectUri: string;

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    issuer = `${origin}/oidc`;
    redirectUri = `${origin}/callback`;

    const provider = await createDevOidcProvider({
      issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [redirectUri],
      cookieSecret: "test-cookie-secret-0123456789",
    });
    expect(provider.mountPath).toBe("/oidc");

    server.on("request", (req, res) => {
      const url = req.url ?? "/";
      if (url === provider.mountPath || url.startsWith(`${provider.mountPath}/`)) {
        provider.handle(req, res);
        return;
      }
      res.statusCode = 404;
      res.end("not found");
    });
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  });

  async function discovery() {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown> & {
      issuer: string;
      authorization_endpoint: string;
      token_endpoint: string;
      userinfo_endpoint: string;
    };
  }

  function authorizationUrl(endpoint: string, params: Record<string, string>): string {
    const url = new URL(endpoint);
    for (const [key, value] of Object.entries({
      client_id: CLIENT_ID,
      response_type: "code",
      redirect_uri: redirectUri,
      scope: "openid email profile",
      ...params,
    })) {
      url.searchParams.set(key, value);
    }
    return url.href;
  }

  /** Starts an authorization request and returns the interaction page URL plus the jar. */
  async function startLogin(state: string, challenge: string) {
    const { authorization_endpoint } = await discovery();
    const jar = new CookieJar();
    const authorize = await fetch(
      authorizationUrl(authorization_endpoint, {
        state,
        code_challenge: challenge,
        code_challenge_method: "S256",
      }),
      { redirect: "manual" },
    );
    expect(authorize.status).toBe(303);
    jar.store(authorize);
    const interactionUrl = new URL(authorize.headers.get("location")!, authorization_endpoint).href;
    expect(interactionUrl).toMatch(new RegExp(`^${issuer}/interaction/[\\w-]+$`));
    return { jar, interactionUrl };
  }

  it("publishes a discovery document with endpoints under the issuer", async () => {
    const document = await discovery();
    expect(document.issuer).toBe(issuer);
    expect(document.authorization_endpoint).toBe(`${issuer}/auth`);
    expect(document.token_endpoint).toBe(`${issuer}/token`);
    expect(document.userinfo_endpoint).toBe(`${issuer}/me`);
    expect(document.code_challenge_methods_supported).toEqual(["S256"]);
    expect(document.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(document.claims_supported).toEqual(expect.arrayContaining(["email", "email_verified", "given_name", "family_name", "name"]));
  });

  it("refuses an authorization request without a PKCE code_challenge", async () => {
    const { authorization_endpoint } = await discovery();
    const response = await fetch(authorizationUrl(authorization_endpoint, { state: "no-pkce" }), { redirect: "manual" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("error_description")).toMatch(/PKCE/);
    expect(location.searchParams.get("state")).toBe("no-pkce");
    expect(location.searchParams.has("code")).toBe(false);
  });

  it("runs the full authorization-code + PKCE flow without a consent screen", async () => {
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash("sha256").update(verifier).digest());
    const state = base64url(randomBytes(16));
    const { jar, interactionUrl } = await startLogin(state, challenge);

    // The password-less login page.
    const page = await fetch(interactionUrl, {
      headers: { cookie: jar.header(interactionUrl) },
      redirect: "manual",
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("Sign in to Nearhand (development)");
    expect(html).toMatch(/no password is needed/i);
    expect(html).toContain(`<form method="post" action="${new URL(interactionUrl).pathname}">`);
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<input type="email" id="email" name="email" required/);
    expect(html).toMatch(/<label for="firstName">First name<\/label>/);
    expect(html).toMatch(/id="firstName" name="firstName"/);
    expect(html).toMatch(/<label for="lastName">Last name<\/label>/);
    expect(html).toMatch(/id="lastName" name="lastName"/);
    expect(html).toContain(`<button type="submit">Continue</button>`);
    expect(html).not.toMatch(/<script/i);

    // Submit the form, then follow the redirect chain by hand.
    let response = await fetch(interactionUrl, {
      method: "POST",
      headers: {
        cookie: jar.header(interactionUrl),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        email: "  Jane.Doe@Example.COM ",
        firstName: "Jane",
        lastName: "Doe",
      }),
      redirect: "manual",
    });
    const chain: string[] = [];
    let url = interactionUrl;
    while (response.status >= 300 && response.status < 400) {
      jar.store(response);
      url = new URL(response.headers.get("location")!, url).href;
      chain.push(url);
      if (url.startsWith(redirectUri)) break;
      expect(chain.length).toBeLessThan(5);
      response = await fetch(url, { headers: { cookie: jar.header(url) }, redirect: "manual" });
    }
    // interaction POST -> resume (/oidc/auth/:uid) -> client callback; no consent page.
    expect(chain).toHaveLength(2);
    expect(chain[0]).toMatch(new RegExp(`^${issuer}/auth/[\\w-]+$`));
    expect(chain.some((step) => step.includes("/interaction/"))).toBe(false);

    const callback = new URL(url);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get("error")).toBeNull();
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("iss")).toBe(issuer);
    const code = callback.searchParams.get("code");
    expect(code).toBeTruthy();

    // Cookies: plain-http friendly (no Secure), signed, and all scoped under /oidc.
    expect(jar.received.length).toBeGreaterThan(0);
    for (const header of jar.received) {
      expect(header).toMatch(/; path=\/oidc(\/|;)/);
      expect(header).not.toMatch(/;\s*secure/i);
    }
    expect(jar.received.some((header) => /^[\w]+\.sig=/.test(header))).toBe(true);

    // The provider session now exists: a second authorization request goes
    // straight back to the client with a fresh code (no login, no consent).
    const { authorization_endpoint } = await discovery();
    const silentUrl = authorizationUrl(authorization_endpoint, {
      state: "second",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const silent = await fetch(silentUrl, {
      headers: { cookie: jar.header(silentUrl) },
      redirect: "manual",
    });
    expect(silent.status).toBe(303);
    const silentCallback = new URL(silent.headers.get("location")!);
    expect(`${silentCallback.origin}${silentCallback.pathname}`).toBe(redirectUri);
    expect(silentCallback.searchParams.get("state")).toBe("second");
    expect(silentCallback.searchParams.get("code")).toBeTruthy();
    expect(silentCallback.searchParams.get("code")).not.toBe(code);

    // Exchange the code (client authentication: HTTP Basic).
    const { token_endpoint, userinfo_endpoint } = await discovery();
    const basic = Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString("base64");
    const tokenResponse = await fetch(token_endpoint, {
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: code!,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
    const tokens = (await tokenResponse.json()) as Record<string, unknown>;
    expect(tokenResponse.status, JSON.stringify(tokens)).toBe(200);
    expect(tokens.token_type).toBe("Bearer");
    expect(typeof tokens.access_token).toBe("string");
    expect(typeof tokens.id_token).toBe("string");
    const idToken = JSON.parse(Buffer.from(String(tokens.id_token).split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
    expect(idToken.iss).toBe(issuer);
    expect(idToken.aud).toBe(CLIENT_ID);
    expect(idToken.sub).toBe("jane.doe@example.com");

    const userinfo = await fetch(userinfo_endpoint, {
      headers: { authorization: `Bearer ${String(tokens.access_token)}` },
    });
    expect(userinfo.status).toBe(200);
    const claims = (await userinfo.json()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      sub: "jane.doe@example.com",
      email: "jane.doe@example.com",
      email_verified: true,
      given_name: "Jane",
      family_name: "Doe",
      name: "Jane Doe",
    });
  });

  /** Signs in through the form (a fresh PKCE pair) and returns the authorization code and the verifier. */
  async function authorizationCode(state: string, form: Record<string, string>) {
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash("sha256").update(verifier).digest());
    const { jar, interactionUrl } = await startLogin(state, challenge);
    const submit = await fetch(interactionUrl, {
      method: "POST",
      headers: {
        cookie: jar.header(interactionUrl),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form),
      redirect: "manual",
    });
    expect(submit.status).toBe(303);
    jar.store(submit);
    const resumeUrl = new URL(submit.headers.get("location")!, interactionUrl).href;
    const resume = await fetch(resumeUrl, {
      headers: { cookie: jar.header(resumeUrl) },
      redirect: "manual",
    });
    const code = new URL(resume.headers.get("location")!).searchParams.get("code");
    expect(code).toBeTruthy();
    return { code: code!, verifier };
  }

  /** The token endpoint's answer to a code (client_secret_post). */
  async function exchangeCode(code: string, verifier: string) {
    const { token_endpoint } = await discovery();
    return fetch(token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    });
  }

  /** Logs in through the form (no redirect checks) and returns the userinfo claims. */
  async function signInAndFetchClaims(form: Record<string, string>) {
    const { code, verifier } = await authorizationCode("again", form);
    const { userinfo_endpoint } = await discovery();
    // client_secret_post works too.
    const tokenResponse = await exchangeCode(code, verifier);
    expect(tokenResponse.status).toBe(200);
    const { access_token } = (await tokenResponse.json()) as { access_token: string };
    const userinfo = await fetch(userinfo_endpoint, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(userinfo.status).toBe(200);
    return (await userinfo.json()) as Record<string, unknown>;
  }

  it("derives a first name from the email and keeps stored names on later sign-ins", async () => {
    const fresh = await signInAndFetchClaims({ email: "kim.lee+test@example.com" });
    expect(fresh).toMatchObject({
      sub: "kim.lee+test@example.com",
      email: "kim.lee+test@example.com",
      given_name: "Kim",
      name: "Kim",
    });
    expect(fresh).not.toHaveProperty("family_name");

    await signInAndFetchClaims({ email: "ola@example.com", firstName: "Ola", lastName: "Nordmann" });
    const again = await signInAndFetchClaims({
      email: "OLA@example.com",
      firstName: "",
      lastName: "",
    });
    expect(again).toMatchObject({
      sub: "ola@example.com",
      given_name: "Ola",
      family_name: "Nordmann",
      name: "Ola Nordmann",
    });
  });

  it("rejects the code exchange with a wrong code_verifier", async () => {
    const { code } = await authorizationCode("s", { email: "sam@example.com", firstName: "", lastName: "" });
    const tokenResponse = await exchangeCode(code, base64url(randomBytes(32)));
    expect(tokenResponse.status).toBe(400);
    expect(((await tokenResponse.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("re-renders the login form with a 400 for a blank or invalid email", async () => {
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash("sha256").update(verifier).digest());
    const { jar, interactionUrl } = await startLogin("bad-email", challenge);

    for (const email of ["", "   ", "not-an-email", "<script>@x"]) {
      const response = await fetch(interactionUrl, {
        method: "POST",
        headers: {
          cookie: jar.header(interactionUrl),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ email, firstName: "<b>Eve</b>", lastName: "" }),
        redirect: "manual",
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Sign in to Nearhand (development)");
      expect(html).toMatch(/<p class="error" role="alert">Enter (your|a valid) email address\.<\/p>/);
      expect(html).toContain('value="&lt;b&gt;Eve&lt;/b&gt;"');
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<b>Eve</b>");
    }
  });

  it("works when a connect app already stripped the /oidc prefix (originalUrl set)", async () => {
    const connectStyle = createServer();
    await new Promise<void>((resolve) => connectStyle.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = connectStyle.address() as AddressInfo;
      const connectIssuer = `http://127.0.0.1:${port}/oidc`;
      const provider = await createDevOidcProvider({
        issuer: connectIssuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`http://127.0.0.1:${port}/callback`],
        cookieSecret: "another-cookie-secret",
      });
      // What connect's app.use("/oidc", fn) does before calling fn.
      connectStyle.on("request", (req, res) => {
        const request = req as typeof req & { originalUrl?: string };
        request.originalUrl = req.url;
        req.url = req.url!.slice("/oidc".length) || "/";
        provider.handle(req, res);
      });

      const response = await fetch(`${connectIssuer}/.well-known/openid-configuration`);
      const document = (await response.json()) as Record<string, string>;
      expect(document.authorization_endpoint).toBe(`${connectIssuer}/auth`);

      const challenge = base64url(
        createHash("sha256")
          .update(base64url(randomBytes(32)))
          .digest(),
      );
      const authorize = await fetch(
        `${document.authorization_endpoint}?${new URLSearchParams({
          client_id: CLIENT_ID,
          response_type: "code",
          redirect_uri: `http://127.0.0.1:${port}/callback`,
          scope: "openid email",
          code_challenge: challenge,
          code_challenge_method: "S256",
        })}`,
        { redirect: "manual" },
      );
      expect(authorize.status).toBe(303);
      const jar = new CookieJar();
      jar.store(authorize);
      const interactionUrl = new URL(authorize.headers.get("location")!, connectIssuer).href;
      expect(new URL(interactionUrl).pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
      const page = await fetch(interactionUrl, { headers: { cookie: jar.header(interactionUrl) } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`<form method="post" action="${new URL(interactionUrl).pathname}">`);
    } finally {
      connectStyle.closeAllConnections();
      await new Promise<void>((resolve) => connectStyle.close(() => resolve()));
    }
  });

  it("refuses to start when NODE_ENV=production", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await expect(
        createDevOidcProvider({
          issuer,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          redirectUris: [redirectUri],
          cookieSecret: "secret",
        }),
      ).rejects.toThrow(
        "The embedded development OpenID provider refuses to run when NODE_ENV=production. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.",
      );
    } finally {
      if (previous === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = previous;
    }
  });
});
