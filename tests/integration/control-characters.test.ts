// One-line fields refuse control characters, multi-line fields keep line breaks and tabs only (decision 0066):
// a name or a title with CR/LF in it would reach email bodies and headers (spec §3.9).
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

const app = appServerForFile();
const INJECTED = "Ann\r\nBcc: victim@example.com";

/** One-line fields given control characters, by where they are sent: [field, value, the reason the answer gives]. */
const REFUSED = {
  profileForm: [
    ["lastName", "Lee\nBcc: x", "Last name must not contain control characters"],
    ["phoneNumber", "555\r\n0100", "Phone number must not contain control characters"],
    ["address", "Brooklyn\r\nNY", "Location must not contain control characters"],
  ],
  jsonApi: [
    ["title", "Fix sink\r\nBcc: x", "title: Title must not contain control characters"],
    ["address", "Brooklyn\nNY", "address: Address must not contain control characters"],
    ["description", "Drips\u001b[2J", "description: Description must not contain control characters other than line breaks and tabs"],
  ],
} as const;

async function signedIn(label: string, firstName = "Ann", lastName = "Lee") {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label), firstName, lastName);
  return client;
}

const me = async (client: HttpClient) => (await (await client.request("/api/auth/user")).json()) as Record<string, unknown>;

describe("the profile form", () => {
  it("refuses a first name with CR/LF: the form comes back with the reason and nothing is saved", async () => {
    const client = await signedIn("crlf-profile");
    const before = await me(client);
    await client.postForm("/profile", { firstName: INJECTED, lastName: "Changed", phoneNumber: "", bio: "", address: "" });
    const page = await (await client.request("/profile")).text();
    expect(page).toContain("First name must not contain control characters");
    expect(await me(client)).toMatchObject({ firstName: before.firstName, lastName: "Lee" });
  });

  it("refuses CR/LF in the last name, phone and location; keeps the line breaks of a bio", async () => {
    const client = await signedIn("crlf-profile-fields");
    for (const [field, value, reason] of REFUSED.profileForm) {
      await client.postForm("/profile", { firstName: "Ann", lastName: "Lee", [field]: value });
      expect(await (await client.request("/profile")).text(), field).toContain(reason);
    }
    expect(await me(client)).toMatchObject({ phoneNumber: null, address: null });
    const saved = await client.postForm("/profile", { firstName: "Ann", lastName: "Lee", bio: "Plumber.\r\n\tTwenty years." });
    expect(saved.headers.get("Location")).toBe("/profile");
    expect(await me(client)).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      phoneNumber: null,
      address: null,
      bio: "Plumber.\r\n\tTwenty years.",
    });
  });
});

describe("the JSON API", () => {
  const job = { title: "Fix leaking sink", description: "Kitchen sink drips", categoryId: "repair", address: "Brooklyn, NY", budget: 50 };

  it("answers 400 with the field and the reason for a one-line field with CR/LF, and creates nothing", async () => {
    const client = await signedIn("crlf-api");
    for (const [field, value, reason] of REFUSED.jsonApi) {
      const answer = await client.postJson("/api/jobs", { ...job, [field]: value });
      expect(answer.status, field).toBe(400);
      expect(answer.headers.get("Content-Type"), field).toMatch(/^text\/plain/);
      expect(await answer.text(), field).toBe(reason);
    }
    expect(await (await client.request("/api/jobs/my-jobs")).json()).toEqual([]);
  });

  it("keeps the line breaks and tabs of a description", async () => {
    const client = await signedIn("crlf-api-ok");
    const answer = await client.postJson("/api/jobs", { ...job, description: "Kitchen sink\r\n\tdrips all night" });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ description: "Kitchen sink\r\n\tdrips all night" });
  });
});

describe("sign-in", () => {
  it("puts the identity provider's name on one line instead of storing its line breaks", async () => {
    const client = await signedIn("crlf-oidc", INJECTED, "Lee\r\n");
    expect(await me(client)).toMatchObject({ firstName: "Ann Bcc: victim@example.com", lastName: "Lee" });
  });
});
