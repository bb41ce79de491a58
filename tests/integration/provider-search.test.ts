// GET /api/providers, the provider directory (issue 33 §1, decision 0072), on the built server. The query's own
// cases (review words, every filter and order over many pages) are in provider-search-model.test.ts.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { HttpClient, signedInAs, uniqueEmail } from "../support/http-client.ts";
import { DIRECTORY_CARD } from "../support/spec-fields.ts";

const app = appServerForFile();
const word = () => `zq${Math.random().toString(36).slice(2, 8)}`;

const signedIn = (label: string, lastName = "Tester") => signedInAs(app.url, uniqueEmail(label), label, lastName);

async function provider(firstName: string, lastName: string, fields: Record<string, string>) {
  const client = await signedIn(firstName, lastName);
  await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" });
  const saved = await client.postForm("/profile?edit=1", {
    firstName,
    lastName,
    phoneNumber: "555-0100",
    bio: "",
    address: "",
    hourlyRate: "",
    providerCategories: "repair",
    ...fields,
  });
  expect(saved.status).toBeLessThan(400);
  return client;
}

const search = async (client: HttpClient, query: string) => {
  const response = await client.request(`/api/providers?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { providers: Array<Record<string, unknown>>; next: string | null };
};

describe("GET /api/providers", () => {
  it("finds a misspelt name and bio words, filters and sorts, and answers a card's fields only", async () => {
    const tag = word();
    const seeker = await signedIn("seeker");
    await seeker.postForm("/profile?edit=1", { firstName: "Sam", lastName: "Seeker", address: "10001" });
    const near = await provider("Priyanka", `Patel${tag}`, { bio: `${tag} plumber`, address: "10002", hourlyRate: "40" });
    const far = await provider("Oskar", "Lindqvist", { bio: `${tag} painter`, address: "90210", hourlyRate: "25", providerCategories: "cleaning" });

    const misspelt = await search(seeker, `q=${encodeURIComponent(`Priyanka Pateel${tag}`)}`);
    expect(misspelt.providers.map((p) => p.id)).toContain(near.id);
    const both = await search(seeker, `q=${tag}`);
    expect(both.providers.map((p) => p.id).sort()).toEqual([near.id, far.id].sort());
    const card = both.providers.find((p) => p.id === near.id)!;
    expect(Object.keys(card).sort()).toEqual([...DIRECTORY_CARD].sort());
    const text = JSON.stringify(both);
    for (const secret of [near.email, far.email, "555-0100", "10002", "90210"]) expect(text).not.toContain(secret);

    expect((await search(seeker, `q=${tag}&category=cleaning`)).providers.map((p) => p.id)).toEqual([far.id]);
    expect((await search(seeker, `q=${tag}&near=20`)).providers.map((p) => p.id)).toEqual([near.id]);
    expect((await search(seeker, `q=${tag}&maxRate=30`)).providers.map((p) => p.id)).toEqual([far.id]);
    expect((await search(seeker, `q=${tag}&online=1`)).providers).toEqual([]);
    expect((await search(seeker, `q=${tag}&minRating=1`)).providers).toEqual([]);
    expect((await search(seeker, `q=${tag}&sort=nearest`)).providers.map((p) => p.id)).toEqual([near.id, far.id]);
    expect((await search(seeker, `q=${tag}&sort=rate`)).providers.map((p) => p.id)).toEqual([far.id, near.id]);
    const nearest = await search(seeker, `q=${tag}&sort=nearest`);
    expect(nearest.providers[0]!.distanceMiles).toBeLessThan(nearest.providers[1]!.distanceMiles as number);
    // Never the caller themself.
    expect((await search(near, `q=${tag}`)).providers.map((p) => p.id)).toEqual([far.id]);
  });

  it("pages with `next`, without duplicates or gaps", async () => {
    const tag = word();
    const made = new Set<string>();
    for (let i = 0; i < 22; i++) made.add((await provider(`P${i}`, "Pager", { bio: `${tag} helper`, hourlyRate: String(20 + i) })).id);
    const seeker = await signedIn("pager");
    const first = await search(seeker, `q=${tag}&sort=rate`);
    expect(first.providers).toHaveLength(20);
    expect(first.next).toEqual(expect.any(String));
    const second = await search(seeker, `q=${tag}&sort=rate&after=${first.next}`);
    expect(second.next).toBeNull();
    const ids = [...first.providers, ...second.providers].map((p) => p.id as string);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(made);
  }, 120_000);

  it("refuses bad input (400) and anonymous callers (401)", async () => {
    const seeker = await signedIn("bad");
    for (const query of [
      "near=0",
      "near=abc",
      "minRating=6",
      "maxRate=0",
      "category=nope",
      "sort=cheapest",
      `q=${"x".repeat(101)}`,
      "after=garbage",
    ]) {
      expect((await seeker.request(`/api/providers?${query}`)).status, query).toBe(400);
    }
    expect((await new HttpClient(app.url).request("/api/providers")).status).toBe(401);
  });
});
