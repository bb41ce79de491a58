// A provider's public page, /providers/{id} (issue 33 §1), on the built server: the Request button for anyone else,
// the service area (a place's name, never the address) and the five newest received reviews.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { becomeOnlineProvider, signedInAs, uniqueEmail, type HttpClient } from "../support/http-client.ts";

const app = appServerForFile();

const signedIn = (label: string) => signedInAs(app.url, uniqueEmail(label), label, "Tester");

/** A completed booking of `provider` on a new job of `seeker`, reviewed by the seeker with `comment`. */
async function reviewed(seeker: HttpClient, provider: HttpClient & { id: string }, comment: string) {
  const job = await (await seeker.postJson("/api/jobs", { title: comment, description: "Dripping", categoryId: "repair", budget: 60 })).json();
  const booking = await (await provider.postJson("/api/bookings", { jobId: job.id })).json();
  for (const status of ["in_progress", "completed"]) {
    expect((await provider.postJson(`/api/bookings/${booking.id}/status`, { status }, "PATCH")).status).toBe(200);
  }
  const review = await seeker.postJson("/api/reviews", { bookingId: booking.id, revieweeId: provider.id, rating: 5, comment });
  expect(review.status, await review.clone().text()).toBe(201);
}

describe("a provider's page", () => {
  it("offers Request to others only, names the service area, never the address, and shows the five newest reviews", async () => {
    const provider = await signedIn("paged");
    await becomeOnlineProvider(provider);
    const saved = await provider.postForm("/profile?edit=1", {
      firstName: "Paz",
      lastName: "Provider",
      address: "742 Evergreen Terrace, Brooklyn, NY 11201",
      providerCategories: "repair",
    });
    expect(saved.status).toBeLessThan(400);
    const seeker = await signedIn("reviewer");
    for (let i = 1; i <= 6; i++) await reviewed(seeker, provider, `Review number ${i}`);

    const page = await (await seeker.request(`/providers/${provider.id}`)).text();
    expect(page).toContain(`href="/providers/${provider.id}/request"`);
    expect(page).toContain('aria-label="Request Paz Provider"');
    expect(page).toContain("Works around Brooklyn, NY");
    expect(page).not.toContain("Evergreen");
    expect(page).not.toContain("11201");
    expect(page).toContain("Latest reviews (the 5 newest)");
    for (let i = 2; i <= 6; i++) expect(page).toContain(`Review number ${i}`);
    expect(page).not.toContain("Review number 1");

    const own = await (await provider.request(`/providers/${provider.id}`)).text();
    expect(own).not.toContain(`/providers/${provider.id}/request`);
    expect(own).toContain("Works around Brooklyn, NY");
  });

  it("says when no area is given", async () => {
    const provider = await signedIn("arealess");
    await becomeOnlineProvider(provider);
    const viewer = await signedIn("viewer");
    const page = await (await viewer.request(`/providers/${provider.id}`)).text();
    expect(page).toContain("No area given yet.");
    expect(page).toContain("Latest reviews");
  });
});
