// "Add to calendar" through the built server (issue 33 §3, decision 0073): a booking's .ics for its two parties,
// and a provider's feed by its signed URL alone, created, reset and turned off from /profile without JavaScript.
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { flashedToast } from "../support/contact-privacy.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

const app = appServerForFile();

type Client = HttpClient & { id: string; name: string };

async function signedIn(label: string, role: "seeker" | "provider" = "seeker"): Promise<Client> {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label), label, "Tester");
  if (role === "provider") {
    expect((await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" })).status).toBe(200);
    await client.postForm("/profile?edit=1", { firstName: label, lastName: "Tester", providerCategories: "repair" });
    expect((await client.postJson("/api/users/toggle-online", { isOnline: true })).status).toBe(200);
  }
  const me = await (await client.request("/api/auth/user")).json();
  return Object.assign(client, { id: me.id as string, name: `${label} Tester` });
}

const tag = () => Math.random().toString(36).slice(2, 8);

async function booked(seeker: Client, provider: Client, title = `Fix the tap ${tag()}`) {
  const address = `${100 + Math.floor(Math.random() * 900)} Jay St, Brooklyn, NY 11201`;
  const job = await (await seeker.postJson("/api/jobs", { title, description: "Under the sink", categoryId: "repair", budget: 80, address })).json();
  const response = await provider.postJson("/api/bookings", { jobId: job.id });
  expect(response.status).toBe(201);
  const booking = await response.json();
  return { id: booking.id as string, title, address, scheduledAt: new Date(booking.scheduledAt) };
}

const move = async (client: HttpClient, id: string, status: string) =>
  expect((await client.postJson(`/api/bookings/${id}/status`, { status }, "PATCH")).status).toBe(200);

/** Unfolded content lines (RFC 5545 §3.1). */
const lines = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n");
const escaped = (text: string) => text.replace(/([,;\\])/g, "\\$1");
const utc = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The VEVENTs of an iCalendar text, each as its unfolded lines. */
function events(text: string): string[][] {
  const all = lines(text);
  const found: string[][] = [];
  for (let i = all.indexOf("BEGIN:VEVENT"); i >= 0; i = all.indexOf("BEGIN:VEVENT", i + 1)) found.push(all.slice(i, all.indexOf("END:VEVENT", i)));
  return found;
}

const value = (event: string[], name: string) =>
  event.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))?.replace(/^[^:]*:/, "");

async function calendarFile(client: HttpClient, bookingId: string) {
  const response = await client.request(`/bookings/${bookingId}/calendar.ics`);
  return { response, text: await response.text() };
}

describe("a booking's .ics file", () => {
  it("is for its two parties, each with the other's name, the time in UTC (an hour when as soon as possible) and the place they may see", async () => {
    const [seeker, provider] = await Promise.all([signedIn("Sam"), signedIn("Pat", "provider")]);
    const booking = await booked(seeker, provider);

    const asSeeker = await calendarFile(seeker, booking.id);
    expect(asSeeker.response.status).toBe(200);
    expect(asSeeker.response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(asSeeker.response.headers.get("Content-Disposition")).toBe(`attachment; filename="nearhand-booking-${booking.id.slice(0, 8)}.ics"`);
    expect(asSeeker.response.headers.get("Cache-Control")).toBe("private, no-store");
    const [event, ...more] = events(asSeeker.text);
    expect(more).toEqual([]);
    expect(value(event, "UID")).toBe(`${booking.id}@localhost`);
    expect(value(event, "SUMMARY")).toBe(booking.title);
    expect(value(event, "DTSTART")).toBe(utc(booking.scheduledAt));
    expect(value(event, "DTEND")).toBe(utc(new Date(booking.scheduledAt.getTime() + 3_600_000)));
    expect(value(event, "LOCATION")).toBe(escaped(booking.address));
    expect(value(event, "DESCRIPTION")).toBe(`Provider: Pat Tester\\nBooking: ${app.url}/bookings/${booking.id}`);
    expect(value(event, "STATUS")).toBe("CONFIRMED");
    expect(lines(asSeeker.text)).toContain("X-WR-TIMEZONE:America/New_York");

    const asProvider = await calendarFile(provider, booking.id);
    expect(asProvider.response.status).toBe(200);
    const [providerEvent] = events(asProvider.text);
    expect(value(providerEvent, "UID")).toBe(`${booking.id}@localhost`);
    expect(value(providerEvent, "LOCATION")).toBe(escaped(booking.address));
    expect(value(providerEvent, "DESCRIPTION")).toMatch(/^Seeker: Sam Tester\\nBooking: /);

    // Done: the provider keeps the area only (decision 0039); the seeker still has the address.
    await move(provider, booking.id, "in_progress");
    await move(provider, booking.id, "completed");
    const done = value(events((await calendarFile(provider, booking.id)).text)[0], "LOCATION")!;
    expect(done).not.toContain("Jay St");
    expect(done).toContain("Brooklyn");
    expect(value(events((await calendarFile(seeker, booking.id)).text)[0], "LOCATION")).toBe(escaped(booking.address));
  });

  it("says a cancelled booking is cancelled", async () => {
    const [seeker, provider] = await Promise.all([signedIn("Sam"), signedIn("Pat", "provider")]);
    const booking = await booked(seeker, provider);
    await move(seeker, booking.id, "cancelled");
    for (const party of [seeker, provider]) expect(value(events((await calendarFile(party, booking.id)).text)[0], "STATUS")).toBe("CANCELLED");
  });

  it("for a request for tomorrow 3–5 pm: its window in UTC, tentative until the provider accepts (and out of the feed till then)", async () => {
    const [seeker, provider] = await Promise.all([signedIn("Sam"), signedIn("Pat", "provider")]);
    const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(
      new Date(Date.now() + 24 * 3_600_000),
    );
    const sent = await seeker.postJson("/api/bookings/requests", {
      categoryId: "repair",
      title: "Dripping tap",
      description: "Bathroom",
      budget: 70,
      providerId: provider.id,
      when: "scheduled",
      date: tomorrow,
      startTime: "15:00",
      endTime: "17:00",
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const request = await sent.json();
    const { url } = await feedForm(provider, "create");

    const pending = events((await calendarFile(seeker, request.id)).text)[0];
    expect(value(pending, "STATUS")).toBe("TENTATIVE");
    expect(value(pending, "DTSTART")).toBe(utc(new Date(request.scheduledAt)));
    expect(value(pending, "DTEND")).toBe(utc(new Date(request.scheduledEndAt)));
    expect(new Date(request.scheduledEndAt).getTime() - new Date(request.scheduledAt).getTime()).toBe(2 * 3_600_000);
    expect(events(await (await fetchFeed(url!)).text())).toEqual([]);

    await move(provider, request.id, "accepted");
    for (const text of [(await calendarFile(provider, request.id)).text, await (await fetchFeed(url!)).text()]) {
      const [event, ...more] = events(text);
      expect(more).toEqual([]);
      expect(value(event, "STATUS")).toBe("CONFIRMED");
      expect(value(event, "DTSTART")).toBe(utc(new Date(request.scheduledAt)));
      expect(value(event, "DTEND")).toBe(utc(new Date(request.scheduledEndAt)));
    }
  });

  it("is 404 to anyone else (and for no booking), and sends a signed-out visitor to sign in", async () => {
    const [seeker, provider, stranger] = await Promise.all([signedIn("Sam"), signedIn("Pat", "provider"), signedIn("Olga", "provider")]);
    const booking = await booked(seeker, provider);
    for (const path of [
      `/bookings/${booking.id}/calendar.ics`,
      "/bookings/not-an-id/calendar.ics",
      `/bookings/${crypto.randomUUID()}/calendar.ics`,
    ]) {
      const refused = await stranger.request(path);
      expect(refused.status, path).toBe(404);
      expect(await refused.text(), path).not.toContain("BEGIN:VCALENDAR");
    }
    const visitor = await new HttpClient(app.url).request(`/bookings/${booking.id}/calendar.ics`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/api/login?returnTo=${encodeURIComponent(`/bookings/${booking.id}/calendar.ics`)}`);
  });
});

/** The profile page as the client sees it after a form: the flashed toast and the feed's URL, if any. */
async function profile(client: HttpClient) {
  const html = await (await client.request("/profile")).text();
  const url = /id="calendar-feed-url"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*id="calendar-feed-url"/.exec(html);
  return { html, toast: flashedToast(html), url: url ? (url[1] ?? url[2]).replace(/&amp;/g, "&") : null };
}

async function feedForm(client: HttpClient, intent: string) {
  const response = await client.postForm("/profile/calendar-feed", { intent });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/profile#calendar-feed");
  return profile(client);
}

/** The feed as a calendar app fetches it: the URL alone, no cookie. */
const fetchFeed = (url: string) => fetch(url, { redirect: "manual" });

describe("a provider's calendar feed", () => {
  it("is created, reset and turned off from /profile with plain forms, each saying what happened", async () => {
    const provider = await signedIn("Pat", "provider");
    const before = await profile(provider);
    expect(before.html).toContain("Calendar feed");
    expect(before.html).toContain("Create calendar feed");
    expect(before.url).toBeNull();

    const created = await feedForm(provider, "create");
    expect(created.toast).toMatchObject({ title: "Calendar feed created", destructive: false });
    expect(created.url).toMatch(new RegExp(`^${app.url}/calendar/${provider.id}\\.ics\\?v=1&sig=[\\w-]{43}$`));
    expect(created.html).toContain("Reset link");
    expect(created.html).toContain("Turn off");
    // Creating again keeps the link that was given out.
    expect((await feedForm(provider, "create")).url).toBe(created.url);

    const feed = await fetchFeed(created.url!);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("Cache-Control")).toBe("private, max-age=300");
    const text = await feed.text();
    expect(lines(text)).toContain("X-WR-CALNAME:Nearhand bookings");
    expect(events(text)).toEqual([]);

    const reset = await feedForm(provider, "reset");
    expect(reset.toast).toMatchObject({ title: "Calendar link reset", destructive: false });
    expect(reset.url).toMatch(new RegExp(`/calendar/${provider.id}\\.ics\\?v=2&`));
    expect((await fetchFeed(created.url!)).status).toBe(404);
    expect((await fetchFeed(reset.url!)).status).toBe(200);

    const off = await feedForm(provider, "off");
    expect(off.toast).toMatchObject({ title: "Calendar feed turned off", destructive: false });
    expect(off.url).toBeNull();
    expect(off.html).toContain("Create calendar feed");
    expect((await fetchFeed(reset.url!)).status).toBe(404);
    // Turned on again, it starts over: no URL given out before works.
    const again = await feedForm(provider, "create");
    expect(again.url).toMatch(new RegExp(`/calendar/${provider.id}\\.ics\\?v=1&`));
    expect((await fetchFeed(again.url!)).status).toBe(200);
    expect(again.url).not.toBe(created.url);
    for (const before of [created.url!, reset.url!]) expect((await fetchFeed(before)).status).toBe(404);
  });

  it("lists the provider's accepted, in-progress and completed bookings; a cancelled one leaves it", async () => {
    const [seeker, provider, otherProvider] = await Promise.all([signedIn("Sam"), signedIn("Pat", "provider"), signedIn("Olga", "provider")]);
    const accepted = await booked(seeker, provider);
    const started = await booked(seeker, provider);
    await move(provider, started.id, "in_progress");
    const completed = await booked(seeker, provider);
    await move(provider, completed.id, "in_progress");
    await move(provider, completed.id, "completed");
    const cancelled = await booked(seeker, provider);
    await move(seeker, cancelled.id, "cancelled");
    const someoneElses = await booked(seeker, otherProvider);

    const { url } = await feedForm(provider, "create");
    const listed = async () => new Map(events(await (await fetchFeed(url!)).text()).map((event) => [value(event, "UID")!.split("@")[0], event]));
    const feed = await listed();
    expect([...feed.keys()].sort()).toEqual([accepted.id, started.id, completed.id].sort());
    expect(feed.has(cancelled.id) || feed.has(someoneElses.id)).toBe(false);
    for (const event of feed.values()) {
      expect(value(event, "STATUS")).toBe("CONFIRMED");
      expect(value(event, "DESCRIPTION")).toMatch(/^Seeker: Sam Tester\\nBooking: /);
    }
    // The provider sees the address while the booking is active, the area once it is done (decision 0039).
    expect(value(feed.get(accepted.id)!, "LOCATION")).toBe(escaped(accepted.address));
    expect(value(feed.get(started.id)!, "LOCATION")).toBe(escaped(started.address));
    expect(value(feed.get(completed.id)!, "LOCATION")).not.toContain("Jay St");
    expect(value(feed.get(accepted.id)!, "SUMMARY")).toBe(accepted.title);

    await move(seeker, accepted.id, "cancelled");
    expect([...(await listed()).keys()].sort()).toEqual([started.id, completed.id].sort());
  });

  it("is 404 for a URL not signed by us, another user's, or one altered in any part", async () => {
    const [provider, other] = await Promise.all([signedIn("Pat", "provider"), signedIn("Olga", "provider")]);
    const { url } = await feedForm(provider, "create");
    const { url: otherUrl } = await feedForm(other, "create");
    const sig = new URL(url!).searchParams.get("sig")!;
    const otherSig = new URL(otherUrl!).searchParams.get("sig")!;
    const forged = [
      url!.replace(sig, otherSig),
      url!.replace(provider.id, other.id),
      url!.replace("v=1", "v=2"),
      url!.replace(sig, `${sig.slice(0, -1)}${sig.endsWith("x") ? "y" : "x"}`),
      url!.replace("v=1&", ""),
      url!.split("?")[0],
      url!.replace(".ics", ""),
      url!.replace(provider.id, crypto.randomUUID()),
    ];
    for (const name of forged) {
      const response = await fetchFeed(name);
      expect(response.status, name).toBe(404);
      expect(await response.text(), name).not.toContain("BEGIN:VCALENDAR");
    }
    expect((await fetchFeed(url!)).status).toBe(200);
    // The request log names the path, never the query that holds the signature.
    await expect.poll(() => app.output().includes(`"path":"/calendar/${provider.id}.ics"`)).toBe(true);
    expect(app.output()).not.toContain(sig);
  });

  it("is not offered to a seeker who offers no service, and cannot be made by one", async () => {
    const seeker = await signedIn("Sam");
    expect((await profile(seeker)).html).not.toContain("Create calendar feed");
    const refused = await feedForm(seeker, "create");
    expect(refused.toast).toMatchObject({ description: "Calendar feeds are for providers", destructive: true });
    expect(refused.url).toBeNull();
    const reset = await feedForm(seeker, "reset");
    expect(reset.toast).toMatchObject({ description: "You have no calendar feed", destructive: true });
  });
});
