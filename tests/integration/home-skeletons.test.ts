// The two home pages' skeletons (issue 36 §2): an HTML document waits for every streamed section, so neither its
// markup nor the payload it carries for hydration holds a skeleton; a client-side navigation's payload (`/_.rsc`)
// streams the sections in and still carries them, shown while each loads. And what the payload carries of the user.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { becomeOnlineProvider, signedInAs, uniqueEmail, type HttpClient } from "../support/http-client.ts";

const app = appServerForFile();

const DASHBOARD_SKELETONS = ["Loading earnings", "Loading upcoming bookings", "Loading active jobs", "Loading jobs near you"];
const SEEKER_SKELETONS = ["Loading your recent requests"];

async function pageAndPayload(client: HttpClient): Promise<{ document: string; payload: string }> {
  const page = await client.request("/", { headers: { Accept: "text/html" } });
  expect(page.status).toBe(200);
  const navigation = await client.request("/_.rsc");
  expect(navigation.status).toBe(200);
  expect(navigation.headers.get("Content-Type")).toContain("text/x-component");
  return { document: await page.text(), payload: await navigation.text() };
}

describe("the home pages' skeletons", () => {
  it("are left out of the provider dashboard's document and sent with its client-side navigation", async () => {
    const provider = await signedInAs(app.url, uniqueEmail("skeleton-provider"), "Sky", "Provider");
    await becomeOnlineProvider(provider);
    const { document, payload } = await pageAndPayload(provider);
    expect(document).toContain("Provider dashboard");
    expect(document).toContain("__FLIGHT_DATA");
    for (const label of DASHBOARD_SKELETONS) {
      expect(document, label).not.toContain(label);
      expect(payload, label).toContain(label);
    }
  });

  it("are left out of the seeker home's document and sent with its client-side navigation", async () => {
    const seeker = await signedInAs(app.url, uniqueEmail("skeleton-seeker"), "Sam", "Seeker");
    const { document, payload } = await pageAndPayload(seeker);
    expect(document).toContain("What help do you need?");
    for (const label of SEEKER_SKELETONS) {
      expect(document, label).not.toContain(label);
      expect(payload, label).toContain(label);
    }
    expect(document).not.toContain("animate-pulse");
    expect(payload).toContain("animate-pulse");
  });

  it("carry only what the page reads of the user, not the whole profile (loader data goes into the payload)", async () => {
    const provider = await signedInAs(app.url, uniqueEmail("viewer-provider"), "Vic", "Provider");
    await becomeOnlineProvider(provider);
    const bio = "A bio the dashboard never shows 7f3a9c";
    const edited = await provider.postForm("/profile?edit=1", { firstName: "Vic", lastName: "Provider", bio });
    expect(edited.status).toBeLessThan(400);
    expect(await (await provider.request("/profile", { headers: { Accept: "text/html" } })).text()).toContain(bio);
    const { document, payload } = await pageAndPayload(provider);
    expect(document).toContain("Provider dashboard");
    expect(document).not.toContain(bio);
    expect(payload).not.toContain(bio);
  });
});
