// Find and book, as the JSON API (issue 33): a seeker finds a provider by a misspelt name, filters by category and
// distance, requests them for tomorrow 3–5 pm; the provider is told, accepts; both read the booking with its time.
// And what a client gets wrong: a 400 in the §8 format that changes nothing.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { signedInAs, uniqueEmail } from "../support/http-client.ts";

const app = appServerForFile();
const word = () => `zq${Math.random().toString(36).slice(2, 8)}`;

const signedIn = (label: string, lastName = "Tester") => signedInAs(app.url, uniqueEmail(label), label, lastName);

async function provider(firstName: string, lastName: string) {
  const client = await signedIn(firstName, lastName);
  await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" });
  const saved = await client.postForm("/profile?edit=1", {
    firstName,
    lastName,
    phoneNumber: "555-0142",
    bio: "",
    address: "10002",
    hourlyRate: "40",
    providerCategories: "repair",
  });
  expect(saved.status).toBeLessThan(400);
  return client;
}

/** Tomorrow in the market's time zone (APP_TIME_ZONE, New York by default). */
const tomorrow = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + 24 * 3_600_000),
  );

const job = { categoryId: "repair", title: "Dripping tap", description: "Bathroom", budget: 70 };

describe("find and book through the API", () => {
  it("finds by a misspelt name, requests for tomorrow 3–5 pm, the provider accepts, both read the time", async () => {
    const lastName = `Okonkwo${word()}`;
    const priya = await provider("Adaeze", lastName);
    const seeker = await signedIn("seeker");
    await seeker.postForm("/profile?edit=1", { firstName: "Sam", lastName: "Seeker", address: "10001" });

    const found = await (await seeker.request(`/api/providers?q=${encodeURIComponent(`Adaze ${lastName}`)}&category=repair&near=25`)).json();
    expect(found.providers.map((p: { id: string }) => p.id)).toContain(priya.id);

    const sent = await seeker.postJson("/api/bookings/requests", {
      ...job,
      providerId: priya.id,
      when: "scheduled",
      date: tomorrow(),
      startTime: "15:00",
      endTime: "17:00",
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const booking = await sent.json();
    expect(booking).toMatchObject({ status: "pending", providerId: priya.id, seekerId: seeker.id, agreedPrice: "70.00" });
    expect(new Date(booking.scheduledEndAt).getTime() - new Date(booking.scheduledAt).getTime()).toBe(2 * 3_600_000);
    const local = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", hour12: false }).format(
      new Date(booking.scheduledAt),
    );
    expect(local).toBe("15");

    const notices = await (await priya.request("/api/notifications")).json();
    expect(notices.find((n: { relatedId: string }) => n.relatedId === booking.id)).toMatchObject({
      type: "booking_request",
      title: "New booking request",
    });
    expect(JSON.stringify(await (await priya.request("/api/bookings/my-bookings")).json())).toContain(booking.id);

    const accepted = await priya.postJson(`/api/bookings/${booking.id}/status`, { status: "accepted" }, "PATCH");
    expect(accepted.status).toBe(200);
    for (const party of [seeker, priya]) {
      const read = await (await party.request(`/api/bookings/${booking.id}`)).json();
      expect(read).toMatchObject({
        status: "accepted",
        scheduledAt: booking.scheduledAt,
        scheduledEndAt: booking.scheduledEndAt,
        job: { status: "matched" },
      });
    }
    for (const party of [seeker, priya]) {
      const calendar = await party.request(`/bookings/${booking.id}/calendar.ics`);
      expect(calendar.headers.get("Content-Type")).toMatch(/^text\/calendar/);
      const text = await calendar.text();
      expect(text).toContain(
        `DTSTART:${new Date(booking.scheduledAt)
          .toISOString()
          .replace(/[-:]/g, "")
          .replace(/\.\d{3}/, "")}`,
      );
      expect(text).toContain("STATUS:CONFIRMED");
    }
    const seekerNotices = await (await seeker.request("/api/notifications")).json();
    expect(seekerNotices.find((n: { relatedId: string }) => n.relatedId === booking.id)).toMatchObject({ type: "booking_accepted" });
  });

  it("answers a client's mistakes with 400 in the §8 format and stores nothing", async () => {
    const priya = await provider("Bea", `Mistake${word()}`);
    const seeker = await signedIn("careless");
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ when: "scheduled" }, /date/],
      [{ when: "scheduled", date: "2026-02-31", startTime: "15:00", endTime: "17:00" }, /date that exists/],
      [{ when: "scheduled", date: tomorrow(), startTime: "3pm", endTime: "17:00" }, /start time/],
      [{ when: "later" }, /asap|scheduled/],
      [{ when: "scheduled", date: tomorrow(), startTime: "17:00", endTime: "15:00" }, /end after it starts/],
      [{ providerId: "not-a-uuid" }, /providerId/],
      [{ categoryId: "cleaning" }, /does not offer/],
    ];
    for (const [change, message] of cases) {
      const response = await seeker.postJson("/api/bookings/requests", { ...job, providerId: priya.id, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(await response.text(), JSON.stringify(change)).toMatch(message);
    }
    expect(await (await seeker.request("/api/jobs/my-jobs")).json()).toEqual([]);
    expect(await (await priya.request("/api/notifications")).json()).toEqual([]);
  });

  it("keeps the requested job out of every other provider's reach", async () => {
    const asked = await provider("Cleo", `Asked${word()}`);
    const other = await provider("Dara", `Other${word()}`);
    await other.postJson("/api/users/toggle-online", { isOnline: true });
    const seeker = await signedIn("private");
    const booking = await (await seeker.postJson("/api/bookings/requests", { ...job, providerId: asked.id })).json();
    expect((await other.request(`/api/jobs/${booking.jobId}`)).status).toBe(404);
    expect(JSON.stringify(await (await other.request("/api/jobs/available")).json())).not.toContain(booking.jobId);
    expect((await other.postJson("/api/bookings", { jobId: booking.jobId })).status).toBe(404);
    // POST /api/jobs cannot address a job to anyone: the field is not the client's.
    const posted = await (await seeker.postJson("/api/jobs", { ...job, requestedProviderId: asked.id })).json();
    expect(posted.requestedProviderId).toBeNull();
  });
});
