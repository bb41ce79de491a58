// A tiny cookie-keeping HTTP client that walks redirects like a browser with
// JavaScript off; enough to sign in through the embedded OpenID provider.
// Under vitest every /api answer it receives is checked against the OpenAPI document (openapi-contract.ts).
import { checkAnswer } from "./openapi-contract.ts";

export class HttpClient {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  /** Sent with every request unless the request sets them (e.g. X-Forwarded-For). */
  readonly defaultHeaders: Record<string, string>;

  constructor(base: string, defaultHeaders: Record<string, string> = {}) {
    this.base = base;
    this.defaultHeaders = defaultHeaders;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** One request, no redirect following; Set-Cookie headers update the jar. */
  async request(target: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.defaultHeaders)) if (!headers.has(name)) headers.set(name, value);
    if (this.cookies.size && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    const url = new URL(target, this.base);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) this.store(line);
    await checkAnswer((init.method ?? "GET").toUpperCase(), url, response);
    return response;
  }

  /** Follows redirects (GET after the first hop); returns the last response and its URL. */
  async navigate(target: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let url = new URL(target, this.base).href;
    let response = await this.request(url, init);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 15; hops++) {
      url = new URL(response.headers.get("Location")!, url).href;
      response = await this.request(url);
    }
    return { response, url };
  }

  postForm(target: string, fields: Record<string, string>, init: RequestInit = {}): Promise<Response> {
    return this.request(target, {
      ...init,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(this.base).origin, ...init.headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  postJson(target: string, body: unknown, method = "POST"): Promise<Response> {
    return this.request(target, {
      method,
      headers: { "Content-Type": "application/json", Origin: new URL(this.base).origin },
      body: JSON.stringify(body),
    });
  }

  /** Signs in through /api/login and the embedded provider's password-less page. */
  async signIn(email: string, firstName = "Test", lastName = "User", returnTo = "/"): Promise<{ url: string; response: Response }> {
    const { response: page, url: interactionUrl } = await this.navigate(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
    if (!interactionUrl.includes("/oidc/interaction/")) throw new Error(`expected the sign-in page, got ${interactionUrl}`);
    await page.text();
    const submitted = await this.request(interactionUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, firstName, lastName }).toString(),
    });
    if (submitted.status < 300 || submitted.status >= 400) throw new Error(`sign-in form answered ${submitted.status}`);
    return this.navigate(submitted.headers.get("Location")!);
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(";");
    const index = pair.indexOf("=");
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

export function uniqueEmail(label = "user"): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A client of the app at `base` signed in as `email` (the account made on first sign-in), with its user id. */
export async function signedInAs(
  base: string,
  email: string,
  firstName?: string,
  lastName?: string,
): Promise<HttpClient & { id: string; email: string }> {
  const client = new HttpClient(base);
  await client.signIn(email, firstName, lastName);
  const me = await (await client.request("/api/auth/user")).json();
  return Object.assign(client, { id: me.id as string, email });
}

/**
 * Makes the signed-in user of `client` a provider who is online: accepting a job takes both
 * (decision 0039), as does seeing "Available Jobs Near You".
 */
export async function becomeOnlineProvider(client: HttpClient): Promise<void> {
  const steps: Array<[string, unknown]> = [
    ["/api/users/switch-role", { newRole: "provider", userType: "individual" }],
    ["/api/users/toggle-online", { isOnline: true }],
  ];
  for (const [path, body] of steps) {
    const response = await client.postJson(path, body);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
}

/** Makes the signed-in user an online provider of `category` (who hears of that category's urgent jobs nearby). */
export async function becomeOnlineProviderOf(client: HttpClient, firstName: string, category: string): Promise<void> {
  await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" });
  await client.postForm("/profile?edit=1", { firstName, providerCategories: category });
  await client.postJson("/api/users/toggle-online", { isOnline: true });
}
