// The spec's §7 table, row by row, called exactly as the spec's own client calls it: cookies always, JSON only
// when there is a body, default reads are GETs of the query key joined with "/", and any non-success answer
// becomes an error whose message is "<status>: <body text, or status text if empty>" (§8). Each answer is checked
// for the fields §3 gives its entity.
/* eslint-disable @typescript-eslint/no-explicit-any -- the answers are read as the spec's JavaScript client reads them: untyped JSON */
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";
import { BOOKING, CATEGORY, FAVORITE, JOB, MESSAGE, NOTIFICATION, NOTIFICATION_TYPES, PROVIDER_CARD, REVIEW, USER } from "../support/spec-fields.ts";

const app = appServerForFile();

/** The spec's client, written from §7 and §8 alone. */
class SpecClient {
  readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  async call<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.http.request(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
    const type = response.headers.get("Content-Type") ?? "";
    return (type.includes("application/json") ? await response.json() : await response.text()) as T;
  }

  /** A default read: the query key's parts joined with a slash. */
  read<T = any>(...key: string[]): Promise<T> {
    return this.call<T>("GET", key.join("/"));
  }
}

function expectFields(value: Record<string, unknown>, fields: string[], what: string) {
  expect(Object.keys(value), what).toEqual(expect.arrayContaining(fields));
}

/** The spec client's "fixed placeholder coordinates". */
const PLACEHOLDER = { latitude: 40.7128, longitude: -74.006 };
// A real 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

async function signedIn(label: string): Promise<SpecClient> {
  const http = new HttpClient(app.url);
  await http.signIn(uniqueEmail(label), label, "Spec");
  return new SpecClient(http);
}

describe("the spec's client (§7), row by row", () => {
  it("works every call as written, and each answer has the fields of §3", async () => {
    const seeker = await signedIn("spec-seeker");
    const provider = await signedIn("spec-provider");

    // GET /api/auth/user
    const me = await seeker.read("/api/auth/user");
    expectFields(me, USER, "auth user");
    const providerMe = await provider.read("/api/auth/user");

    // POST /api/users/switch-role {newRole, userType}; answer not read. The categories are set on the profile page.
    await provider.call("POST", "/api/users/switch-role", { newRole: "provider", userType: "individual" });
    expect((await provider.http.postForm("/profile?edit=1", { firstName: "spec-provider", providerCategories: "repair" })).status).toBe(302);
    // POST /api/users/toggle-online {isOnline}
    await provider.call("POST", "/api/users/toggle-online", { isOnline: true });
    expect((await provider.read("/api/auth/user")).isProviderOnline).toBe(true);

    // GET /api/categories
    const categories = await seeker.read<Record<string, unknown>[]>("/api/categories");
    expect(categories).toHaveLength(6);
    for (const category of categories) expectFields(category, CATEGORY, "category");

    // GET /api/providers/available with the category in the key
    const available = await seeker.read<Record<string, unknown>[]>("/api/providers/available", "repair");
    const card = available.find((p) => p.id === providerMe.id)!;
    expect(card).toBeDefined();
    expectFields(card, PROVIDER_CARD, "available provider");

    // GET /api/users/{id}
    expectFields(await seeker.read("/api/users", providerMe.id), PROVIDER_CARD, "provider details");

    // GET /api/object-storage/upload-url → {method, url}; the bytes go there; the uploaded file's path is stored.
    const upload = await seeker.read<{ method: string; url: string }>("/api/object-storage/upload-url");
    expect(upload.method).toBe("PUT");
    expect((await fetch(upload.url, { method: upload.method, body: new Uint8Array(PNG), headers: { "Content-Type": "image/png" } })).status).toBe(
      200,
    );

    // POST /api/jobs: returns the created job
    const job = await seeker.call("POST", "/api/jobs", {
      title: "Fix a dripping tap",
      description: "Kitchen tap drips all night",
      categoryId: "repair",
      imageUrl: new URL(upload.url).pathname,
      isUrgent: true,
      ...PLACEHOLDER,
      address: "New York, NY",
      budget: "80",
    });
    expectFields(job, JOB, "created job");
    expect(job.imageUrl).toMatch(/^\/images\/users\//);

    // GET /api/jobs/my-jobs; GET /api/jobs/{id} with its seeker
    const myJobs = await seeker.read<Record<string, unknown>[]>("/api/jobs/my-jobs");
    expect(myJobs.map((j) => j.id)).toContain(job.id);
    for (const item of myJobs) expectFields(item, JOB, "my job");
    const detail = await provider.read("/api/jobs", job.id);
    expectFields(detail, JOB, "job detail");
    expectFields(detail.seeker, ["firstName", "lastName", "profileImageUrl", "averageRating"], "job's seeker");

    // GET /api/jobs/available, while online
    const nearby = await provider.read<Record<string, unknown>[]>("/api/jobs/available");
    const listed = nearby.find((j) => j.id === job.id)!;
    expect(listed).toBeDefined();
    expectFields(listed, JOB, "available job");

    // POST /api/bookings with the spec's payload; returns the booking with its id
    const booking = await provider.call("POST", "/api/bookings", {
      jobId: job.id,
      seekerId: job.seekerId,
      agreedPrice: job.budget ?? "0",
      paymentMethod: "card",
      paymentStatus: "pending",
      scheduledAt: new Date().toISOString(),
    });
    expectFields(booking, BOOKING, "created booking");

    // GET /api/bookings/my-bookings: bookings with job and agreedPrice
    const mine = await provider.read<Record<string, any>[]>("/api/bookings/my-bookings");
    const myBooking = mine.find((b) => b.id === booking.id)!;
    expectFields(myBooking, [...BOOKING, "job"], "my booking");
    expectFields(myBooking.job, JOB, "my booking's job");

    // GET /api/bookings/{id}: booking with job, seeker, provider
    const shown = await seeker.read("/api/bookings", booking.id);
    expectFields(shown, [...BOOKING, "job", "seeker", "provider"], "booking detail");
    expectFields(shown.job, JOB, "booking's job");

    // POST /api/messages {bookingId, content, receiverId}; GET /api/messages with the booking in the key
    const message = await seeker.call("POST", "/api/messages", {
      bookingId: booking.id,
      content: "The tap is under the sink",
      receiverId: providerMe.id,
    });
    expectFields(message, MESSAGE, "sent message");
    const thread = await provider.read<Record<string, unknown>[]>("/api/messages", booking.id);
    expect(thread.map((m) => m.content)).toEqual(["The tap is under the sink"]);
    for (const item of thread) expectFields(item, MESSAGE, "thread message");

    // GET /api/messages/conversations: conversation summaries
    const [conversation] = await seeker.read<Record<string, any>[]>("/api/messages/conversations");
    expectFields(conversation, ["bookingId", "otherUser", "lastMessage", "unreadCount"], "conversation");
    expectFields(conversation.lastMessage, ["content", "createdAt"], "last message");

    // PATCH /api/bookings/{id}/status {status}
    await provider.call("PATCH", `/api/bookings/${booking.id}/status`, { status: "in_progress" });
    const completed = await provider.call("PATCH", `/api/bookings/${booking.id}/status`, { status: "completed" });
    expect(completed.status).toBe("completed");
    // A client computes today's earnings from completedAt (§9).
    const done = (await provider.read<Record<string, any>[]>("/api/bookings/my-bookings")).find((b) => b.id === booking.id)!;
    expect(new Date(done.completedAt).toDateString()).toBe(new Date().toDateString());

    // POST /api/reviews {bookingId, revieweeId, rating, comment?}; GET /api/reviews/received with the reviewer
    expectFields(
      await seeker.call("POST", "/api/reviews", { bookingId: booking.id, revieweeId: providerMe.id, rating: 5, comment: "Quick and tidy" }),
      REVIEW,
      "review",
    );
    const [received] = await provider.read<Record<string, any>[]>("/api/reviews/received");
    expectFields(received, [...REVIEW, "reviewer"], "received review");

    // GET /api/notifications (isRead read); PATCH /api/notifications/{id}/read with an empty body
    const notifications = await seeker.read<Record<string, any>[]>("/api/notifications");
    expect(notifications.length).toBeGreaterThan(0);
    for (const notification of notifications) {
      expectFields(notification, NOTIFICATION, "notification");
      expect(NOTIFICATION_TYPES).toContain(notification.type);
    }
    const unread = notifications.find((n) => !n.isRead)!;
    await seeker.call("PATCH", `/api/notifications/${unread.id}/read`);
    expect((await seeker.read<Record<string, any>[]>("/api/notifications")).find((n) => n.id === unread.id)!.isRead).toBe(true);
    for (const notification of await provider.read<Record<string, any>[]>("/api/notifications"))
      expect(NOTIFICATION_TYPES).toContain(notification.type);

    // GET /api/favorites; POST and DELETE /api/favorites {targetType, targetId, role}
    const favorite = { targetType: "provider", targetId: providerMe.id, role: "seeker" };
    expectFields(await seeker.call("POST", "/api/favorites", favorite), FAVORITE, "saved favorite");
    const favorites = await seeker.read<Record<string, unknown>[]>("/api/favorites");
    expect(favorites).toHaveLength(1);
    expectFields(favorites[0]!, FAVORITE, "favorite");
    await seeker.call("DELETE", "/api/favorites", favorite);
    expect(await seeker.read("/api/favorites")).toEqual([]);
  });

  it("reads errors as §8 builds them: the status, a colon and space, then the body text", async () => {
    const anonymous = new SpecClient(new HttpClient(app.url));
    await expect(anonymous.read("/api/auth/user")).rejects.toThrow(/^401: Unauthorized$/);
    const seeker = await signedIn("spec-errors");
    const review = { bookingId: "00000000-0000-4000-8000-000000000000", revieweeId: "00000000-0000-4000-8000-000000000000", rating: 9 };
    await expect(seeker.call("POST", "/api/reviews", review)).rejects.toThrow(/^400: rating: Rating must be between 1 and 5$/);
    await expect(seeker.read("/api/no-such-endpoint")).rejects.toThrow(/^404: Not Found$/);
    await expect(seeker.read("/api/bookings", "00000000-0000-4000-8000-000000000000")).rejects.toThrow(/^404: Booking not found$/);
  });
});
