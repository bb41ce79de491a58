// Who a sign-in may become (decision 0059): a verified email only, the identity provider's subject bound to the
// account, a photo only from an allowed https host, one state cookie, and only page navigations counting against
// an address's sign-in limit. The provider is the development one run here, asserting what a test tells it to.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { startExternalOidc, type ExternalOidc } from "../support/external-oidc.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

let app: AppServer;
let identityProvider: ExternalOidc;

beforeAll(async () => {
  identityProvider = await startExternalOidc();
  // The demo accounts stand for users who signed in before subjects were remembered.
  app = await startAppServer({ ...identityProvider.env, SEED_DEMO: "true" });
  await identityProvider.accept(app.url);
});
afterAll(async () => {
  await app?.stop();
  await identityProvider?.stop();
});

/** Signs in as `email` with whatever the provider asserts; returns the client and where the sign-in ended. */
async function signIn(email: string) {
  const client = new HttpClient(app.url);
  const { url, response } = await client.signIn(email);
  return { client, url: new URL(url), response };
}

async function currentUser(client: HttpClient) {
  const response = await client.request("/api/auth/user");
  return response.status === 200
    ? ((await response.json()) as { id: string; email: string; firstName: string; profileImageUrl: string | null })
    : null;
}

/** A GET with exactly these headers: fetch would replace Sec-Fetch-Mode with its own "cors". */
function getAs(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (answer) => {
        let body = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => (body += chunk));
        answer.on("end", () => resolve({ status: answer.statusCode!, type: answer.headers["content-type"], body }));
      })
      .on("error", reject);
  });
}

const stateCookies = (client: HttpClient) => [...client.cookies.keys()].filter((name) => name.startsWith("nearhand_oauth"));

describe("a verified email", () => {
  it.each([
    ["false", { email_verified: false }],
    ["the string 'false'", { email_verified: "false" }],
    ["left out", { email_verified: undefined }],
  ])("is required: an email whose email_verified is %s signs nobody in and gets a page saying why, with a way back", async (_label, changes) => {
    const email = uniqueEmail("unverified");
    identityProvider.assert(email, changes);
    const { client, url, response } = await signIn(email);
    expect(url.pathname).toBe("/sign-in/refused");
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain("Your email address is not verified");
    expect(html).toContain('href="/"');
    expect(await currentUser(client)).toBeNull();
  });

  it("does not bind an account: an unverified attempt on an existing address leaves its next verified sign-in to its owner", async () => {
    const email = "seeker@nearhand.dev";
    identityProvider.assert(email, { sub: "the-attacker", email_verified: false });
    expect((await signIn(email)).url.pathname).toBe("/sign-in/refused");

    identityProvider.assert(email, { sub: "the-owner" });
    const owner = await signIn(email);
    expect(owner.url.pathname).toBe("/");
    expect(await currentUser(owner.client)).toMatchObject({ email, firstName: "Sam" });

    identityProvider.assert(email, { sub: "the-attacker" });
    const attacker = await signIn(email);
    expect(attacker.url.pathname).toBe("/sign-in/refused");
    expect(await currentUser(attacker.client)).toBeNull();
  });
});

describe("the provider's subject", () => {
  it("is bound at the first sign-in: the same email under another subject is refused with a page of ours", async () => {
    const email = uniqueEmail("bound");
    identityProvider.assert(email, { sub: `first-${email}` });
    const first = await signIn(email);
    const account = await currentUser(first.client);
    expect(account).toMatchObject({ email });

    identityProvider.assert(email, { sub: `second-${email}` });
    const second = await signIn(email);
    expect(second.url.pathname).toBe("/sign-in/refused");
    expect(second.response.status).toBe(403);
    const html = await second.response.text();
    expect(html).toContain("already belongs to another sign-in");
    expect(html).toContain('href="/"');
    expect(await currentUser(second.client)).toBeNull();

    identityProvider.assert(email, { sub: `first-${email}` });
    const again = await signIn(email);
    expect((await currentUser(again.client))?.id).toBe(account!.id);
  });

  it("keeps the account when the provider changes its email: the subject signs in as who it was", async () => {
    const before = uniqueEmail("renamed-before");
    const after = uniqueEmail("renamed-after");
    const subject = `subject-${before}`;
    identityProvider.assert(before, { sub: subject });
    const account = await currentUser((await signIn(before)).client);
    identityProvider.assert(after, { sub: subject });
    expect((await currentUser((await signIn(after)).client))?.id).toBe(account!.id);
  });

  it("refusal page answers only the reasons it has", async () => {
    const unknown = await fetch(`${app.url}/sign-in/refused?reason=anything`);
    expect(unknown.status).toBe(404);
    await unknown.body?.cancel();
  });
});

describe("the provider's picture", () => {
  it.each([
    ["https://lh3.googleusercontent.com/a/photo=s96-c", "https://lh3.googleusercontent.com/a/photo=s96-c"],
    ["https://avatars.githubusercontent.com/u/1?v=4", "https://avatars.githubusercontent.com/u/1?v=4"],
    ["http://lh3.googleusercontent.com/a/photo", null],
    ["https://tracker.example/pixel.png", null],
    ["https://lh3.googleusercontent.com.tracker.example/a.png", null],
    ["https://user:secret@lh3.googleusercontent.com/a.png", null],
    ["javascript:alert(1)", null],
    ["not a url", null],
  ])("%s is kept as %s", async (picture, kept) => {
    const email = uniqueEmail("picture");
    identityProvider.assert(email, { picture });
    const { client } = await signIn(email);
    expect(await currentUser(client)).toMatchObject({ email, profileImageUrl: kept });
  });
});

describe("the sign-in state cookie", () => {
  it("is one cookie: a new attempt replaces it, and 85 attempts leave a small Cookie header", async () => {
    const client = new HttpClient(app.url);
    for (let attempt = 0; attempt < 85; attempt++) expect((await client.request("/api/login")).status).toBe(302);
    expect(stateCookies(client)).toEqual(["nearhand_oauth"]);
    expect(client.cookieHeader().length).toBeLessThan(1024);
    expect((await client.request("/")).status).toBe(200);
  });

  it("is cleared by the callback when the sign-in succeeds", async () => {
    const client = new HttpClient(app.url);
    await client.request("/api/login");
    expect(stateCookies(client)).toHaveLength(1);
    await client.signIn(uniqueEmail("state-cleared"));
    expect(stateCookies(client)).toEqual([]);
    expect(await currentUser(client)).not.toBeNull();
  });

  it("is cleared by the callback when the sign-in fails", async () => {
    const client = new HttpClient(app.url);
    await client.request("/api/login");
    expect(stateCookies(client)).toHaveLength(1);
    const failed = await client.request("/api/callback?code=forged&state=forged");
    expect(failed.status).toBe(302);
    expect(stateCookies(client)).toEqual([]);
  });
});

describe("the per-address sign-in limit", () => {
  const fetchMetadata = {
    image: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image" },
    frame: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe" },
    script: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" },
    navigation: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
  };
  let limited: AppServer;

  beforeAll(async () => {
    // 5 sign-in attempts per address (and 15 API requests a minute).
    // Nobody signs in there: starting a sign-in only reads the provider's discovery document.
    limited = await startAppServer({ ...identityProvider.env, RATE_LIMIT_MULTIPLIER: "0.05" });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it("counts only page navigations: what another page loads (an image, a frame, a fetch) is refused with 403 and not counted", async () => {
    for (const path of ["/api/login", "/api/callback?code=x&state=y"]) {
      for (const kind of ["image", "frame", "script"] as const) {
        expect(await getAs(`${limited.url}${path}`, fetchMetadata[kind]), `${kind} ${path}`).toEqual({
          status: 403,
          type: "text/plain; charset=utf-8",
          body: "Sign-in must be opened as a page, not loaded by another page",
        });
      }
    }
    // All five attempts are still there: navigations with and without Fetch Metadata count, the sixth is refused.
    for (let attempt = 0; attempt < 5; attempt++) {
      const navigation = await getAs(`${limited.url}/api/login`, attempt % 2 ? fetchMetadata.navigation : {});
      expect(navigation.status, `attempt ${attempt + 1}`).toBe(302);
    }
    expect((await getAs(`${limited.url}/api/login`, fetchMetadata.navigation)).status).toBe(429);
  });
});
