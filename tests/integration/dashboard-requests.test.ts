// Direct requests on the two home pages (issue 33 §2, §3), through the built server as a browser without
// JavaScript sees them: the provider's dashboard lists a request with its time, its answer-by time and the Accept
// form; posting that form accepts it and it moves to Upcoming; a second request near that time carries the clash
// warning; the seeker's home shows the request waiting, then the booking.
import { describe, expect, it } from "vitest";

import { zonedDate } from "../../app/lib/schedule.ts";
import { appServerForFile } from "../support/app-server.ts";
import { flashedToast } from "../support/contact-privacy.ts";
import { signedInAs, uniqueEmail, type HttpClient } from "../support/http-client.ts";

const app = appServerForFile();
// The market's time zone when APP_TIME_ZONE is not set.
const MARKET = "America/New_York";

const signedIn = (label: string, lastName: string) => signedInAs(app.url, uniqueEmail(label), label, lastName);

async function requestedProvider() {
  const provider = await signedIn("Pat", "Fixer");
  await provider.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" });
  expect((await provider.postForm("/profile?edit=1", { firstName: "Pat", lastName: "Fixer", providerCategories: "repair" })).status).toBe(302);
  return provider;
}

/** The seeker asks the provider for tomorrow between two times (HH:MM, the market's clock). */
async function ask(seeker: HttpClient, providerId: string, title: string, startTime: string, endTime: string) {
  const tomorrow = zonedDate(new Date(Date.now() + 24 * 3_600_000), MARKET);
  const response = await seeker.postJson("/api/bookings/requests", {
    providerId,
    categoryId: "repair",
    title,
    description: "The hinge broke",
    budget: 90,
    when: "scheduled",
    date: tomorrow,
    startTime,
    endTime,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; status: string };
}

/** The markup of the element carrying `data-testid="<testId>"` up to the end of its list, or null when absent. */
function section(html: string, testId: string): string | null {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return null;
  return html.slice(start, html.indexOf("</ul>", start));
}

/** The request card's form, as a browser without JavaScript would submit it: its action and its fields. */
function acceptForm(card: string): { action: string; fields: Record<string, string> } {
  const form = card.match(/<form([^>]*)>([\s\S]*?)<\/form>/);
  expect(form, "the Accept form").not.toBeNull();
  const [, attributes, body] = form!;
  expect(attributes).toContain('method="post"');
  const fields: Record<string, string> = {};
  for (const [input] of body.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    fields[input.match(/name="([^"]+)"/)![1]] = input.match(/value="([^"]*)"/)![1];
  }
  expect(body).toMatch(/<button type="submit"[^>]*>Accept<\/button>/);
  return { action: attributes.match(/action="([^"]+)"/)![1], fields };
}

describe("a direct request on the dashboard and the seeker home", () => {
  it("is listed with its time and Accept form, accepted by posting that form, then listed under Upcoming", async () => {
    const seeker = await signedIn("Sasha", "Client");
    const provider = await requestedProvider();
    const request = await ask(seeker, provider.id, "Fix the garden gate", "15:00", "17:00");
    expect(request.status).toBe("pending");

    const before = await (await provider.request("/")).text();
    const card = section(before, "requests");
    expect(card).not.toBeNull();
    expect(card).toContain(`href="/bookings/${request.id}"`);
    expect(card).toContain("Fix the garden gate");
    expect(card).toContain("Sasha Client · Repair &amp; Maintenance");
    expect(card).toContain("Tomorrow 3–5 pm");
    expect(card).toMatch(/Answer by <time dateTime="[^"]+">(Today|Tomorrow) \d{1,2}(:\d{2})? (am|pm)<\/time>/);
    expect(card).toContain("$90");
    expect(card).not.toContain('data-testid="request-clash"');
    expect(card).toContain(`href="/bookings/${request.id}?confirm=decline#booking-actions"`);
    expect(section(before, "upcoming")).toBeNull();
    expect(before).toContain("No upcoming bookings");

    const waiting = section(await (await seeker.request("/")).text(), "your-bookings");
    expect(waiting).toContain(`href="/bookings/${request.id}"`);
    expect(waiting).toContain("Tomorrow 3–5 pm");
    expect(waiting).toMatch(/Waiting for Pat Fixer to answer · answer by (Today|Tomorrow) /);

    const { action, fields } = acceptForm(card!);
    expect(action).toBe(`/bookings/${request.id}`);
    expect(fields).toEqual({ intent: "status", status: "accepted" });
    const posted = await provider.postForm(action, fields);
    expect(posted.status).toBe(302);
    const { response: landed, url } = await provider.navigate(posted.headers.get("Location")!);
    expect(new URL(url).pathname).toBe(`/bookings/${request.id}`);
    expect(flashedToast(await landed.text())).toMatchObject({ title: "Request accepted", destructive: false });
    expect((await (await seeker.request(`/api/bookings/${request.id}`)).json()).status).toBe("accepted");

    const after = await (await provider.request("/")).text();
    expect(section(after, "requests")).toBeNull();
    const upcoming = section(after, "upcoming");
    expect(upcoming).toContain(`href="/bookings/${request.id}"`);
    expect(upcoming).toContain("Fix the garden gate");
    expect(upcoming).toContain("Tomorrow 3–5 pm");
    expect(upcoming).toContain("Sasha Client");

    const booked = section(await (await seeker.request("/")).text(), "your-bookings");
    expect(booked).toContain("Tomorrow 3–5 pm");
    expect(booked).toContain("Booked with Pat Fixer");

    // A second request an hour into the accepted one is listed with the warning, and may still be accepted.
    const near = await ask(seeker, provider.id, "Oil the hinges", "16:00", "18:00");
    const far = await ask(seeker, provider.id, "Paint the gate", "21:00", "22:00");
    const warned = section(await (await provider.request("/")).text(), "requests")!;
    const cardOf = (id: string) => warned.slice(warned.indexOf(`id="request-${id}"`)).split('data-testid="request"')[0];
    expect(cardOf(near.id)).toContain("You have another booking near this time: Tomorrow 3–5 pm");
    expect(cardOf(far.id)).not.toContain("another booking");
    // Newest first.
    expect(warned.indexOf(`id="request-${far.id}"`)).toBeLessThan(warned.indexOf(`id="request-${near.id}"`));
    expect((await provider.postForm(`/bookings/${near.id}`, { intent: "status", status: "accepted" })).status).toBe(302);
    expect((await (await seeker.request(`/api/bookings/${near.id}`)).json()).status).toBe("accepted");
  });

  it("shows neither list's cards to someone else, and no Requests or Your bookings sections when there are none", async () => {
    const seeker = await signedIn("Sam", "Other");
    const provider = await requestedProvider();
    const stranger = await requestedProvider();
    const request = await ask(seeker, provider.id, "Fix a drawer", "10:00", "11:00");
    const dashboard = await (await stranger.request("/")).text();
    expect(dashboard).not.toContain(request.id);
    expect(section(dashboard, "requests")).toBeNull();
    const freshSeeker = await signedIn("Noa", "New");
    expect(section(await (await freshSeeker.request("/")).text(), "your-bookings")).toBeNull();
  });
});
