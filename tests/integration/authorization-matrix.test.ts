// The authorization matrix: every route of app/routes.ts with a handler, and
// every page action, run against the real app as each kind of caller —
// signed out, a stranger (another signed-in user), the owner or the parties,
// and the wrong role — each with the exact answer it must get. Every body the
// suite receives is also checked for email addresses and phone numbers its
// reader may not see (decision 0018). A route missing from the table fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { ContactLedger, flashedToast, ScanningClient, type Person } from "../support/contact-privacy.ts";
import { declaredRoutes } from "../support/route-inventory.ts";
import { MAIL_PATH } from "../support/server-hooks.ts";

// ---------------------------------------------------------------------------
// Expected answers

/** Page redirects to sign-in, coming back to the requested URL. */
const LOGIN = { login: true } as const;
type Place<F> = string | RegExp | ((c: Fixtures & F) => string | RegExp);
type Redirect<F> = { status: number; location: Place<F>; toast?: { destructive: boolean; text: string } };
/** An exact status, a redirect to sign-in, or a redirect (with the toast the next page shows). */
type Expectation<F> = number | typeof LOGIN | Redirect<F>;

/** A page action that did nothing: back to `location` with an error toast containing `text`. */
const refused = <F,>(location: Place<F>, text: string): Redirect<F> => ({ status: 302, location, toast: { destructive: true, text } });
/** A page action that worked: to `location`, with a success toast containing `text` (and never an error toast). */
const done = <F,>(location: Place<F>, text?: string): Redirect<F> => ({ status: 302, location, toast: text === undefined ? undefined : { destructive: false, text } });
/** A plain redirect. */
const redirectsTo = <F,>(location: Place<F>): Redirect<F> => ({ status: 302, location });

type Who = "seeker" | "provider" | "otherSeeker" | "otherProvider" | "newcomer";
type Method = "GET" | "POST" | "PATCH" | "DELETE";
interface Sent {
  path: string;
  json?: unknown;
  form?: Record<string, string | string[]>;
}

interface Row<F> {
  /** The pattern as declared in app/routes.ts. */
  route: string;
  method: Method;
  variant?: string;
  /** Fresh resources for this row (mutations get their own, so no row depends on another). */
  setup?: (f: Fixtures) => Promise<F>;
  send: (c: Fixtures & F) => Sent;
  anonymous: Expectation<F>;
  /** Another signed-in user with no part in the resource. */
  stranger?: [Who, Expectation<F>];
  /** A caller whose current role may not make this move (a seeker doing a provider's move). */
  wrongRole?: [Who, Expectation<F>];
  /** The owner, or each party: the call succeeds. Runs last, so a refusal that changed something shows up here. */
  owner: [Who | Who[], Expectation<F>];
  /** Strings in every owner's answer and in nobody else's. */
  shows?: (c: Fixtures & F) => string[];
  /** Proof the owner's call did what it says (checked before following a redirect). */
  verify?: (c: Fixtures & F, r: { response: Response; body: string; as: Actor }) => Promise<void> | void;
  /** Checked after every refused call: nothing changed. */
  intact?: (c: Fixtures & F) => Promise<void>;
}

/** Rows are typed by their own setup; the runner sees them all alike. */
const row = <F extends object = object>(r: Row<F>): Row<object> => r as unknown as Row<object>;

// ---------------------------------------------------------------------------
// The people and things every row may use

type Actor = ScanningClient & { person: Person };

interface Fixtures {
  seeker: Actor;
  provider: Actor;
  otherSeeker: Actor;
  otherProvider: Actor;
  /** The seeker's job, accepted by the provider: an active booking with a message. */
  job: PostedJob;
  /** The seeker's job the provider completed (reviewed by the seeker). */
  completedJob: PostedJob;
  booking: { id: string };
  message: string;
  /** The seeker's notification that the provider accepted the job. */
  notificationId: string;
  /** The seeker's review of the provider, on a completed booking. */
  review: { id: string };
  /** A completed booking between the other seeker and the other provider. */
  doneBooking: { id: string };
  /** An image the seeker uploaded. */
  image: string;
  favoriteId: string;
}

let app: AppServer;
const ledger = new ContactLedger();
let fixtures: Fixtures;
let cases = 0;

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const tag = () => Math.random().toString(36).slice(2, 8);

function profileForm(person: Person, categories: string[], bio = ""): Record<string, string | string[]> {
  return { firstName: person.label, lastName: "Tester", phoneNumber: person.phone, bio, address: "", hourlyRate: "", providerCategories: categories };
}

async function signUp(label: string, role: "seeker" | "provider"): Promise<Actor> {
  const person = ledger.newPerson(label);
  const client = new ScanningClient(app.url, ledger, person) as Actor;
  await client.signIn(person.email, label, "Tester");
  person.id = (await json(await client.request("/api/auth/user"))).id;
  if (role === "provider") {
    expect((await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" })).status).toBe(200);
    expect((await client.postJson("/api/users/toggle-online", { isOnline: true })).status).toBe(200);
  }
  const saved = await sendForm(client, "/profile", profileForm(person, role === "provider" ? ["repair"] : []));
  expect(saved.headers.get("Location")).toBe("/profile");
  return client;
}

function sendForm(client: ScanningClient, path: string, fields: Record<string, string | string[]>, method = "POST"): Promise<Response> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return client.request(path, {
    method,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(app.url).origin },
    body: body.toString(),
  });
}

async function json(response: Response) {
  expect(response.headers.get("Content-Type"), `${response.url} ${response.status}`).toMatch(/^application\/json/);
  return response.json();
}

interface PostedJob {
  id: string;
  title: string;
  /** The address as typed (a street of its own): for the seeker and an active booking's provider only (decision 0039). */
  address: string;
}

async function postJob(seeker: Actor, title = `Leaking tap ${tag()}`): Promise<PostedJob> {
  const address = `${Math.floor(Math.random() * 9000) + 100} ${tag()} St, Brooklyn, NY 11201`;
  const response = await seeker.postJson("/api/jobs", { title, description: "Under the sink", categoryId: "repair", budget: 80, address });
  expect(response.status).toBe(201);
  const job = await json(response);
  expect(job.address).toBe(address);
  return job;
}

async function accept(provider: Actor, seeker: Actor, jobId: string): Promise<{ id: string }> {
  const response = await provider.postJson("/api/bookings", { jobId });
  expect(response.status).toBe(201);
  const booking = await json(response);
  ledger.booking(booking.id, seeker.person.id, provider.person.id, "accepted");
  return booking;
}

async function move(client: Actor, bookingId: string, status: "in_progress" | "completed") {
  const response = await client.postJson(`/api/bookings/${bookingId}/status`, { status }, "PATCH");
  expect(response.status).toBe(200);
  ledger.moved(bookingId, status);
}

async function cancel(client: Actor, bookingId: string) {
  const response = await client.postJson(`/api/bookings/${bookingId}/status`, { status: "cancelled" }, "PATCH");
  expect(response.status).toBe(200);
  ledger.moved(bookingId, "cancelled");
}

/** A posted job of the seeker that the provider accepted, read and cancelled: back on the market. */
async function cancelledByProvider(seeker: Actor, provider: Actor): Promise<PostedJob> {
  const job = await postJob(seeker);
  const booking = await accept(provider, seeker, job.id);
  expect(await json(await provider.request(`/api/bookings/${booking.id}`))).toMatchObject({ job: { address: job.address } });
  await cancel(provider, booking.id);
  return job;
}

async function activeBooking(seeker: Actor, provider: Actor) {
  const job = await postJob(seeker);
  return { job, booking: await accept(provider, seeker, job.id) };
}

async function completedBooking(seeker: Actor, provider: Actor) {
  const { job, booking } = await activeBooking(seeker, provider);
  await move(provider, booking.id, "in_progress");
  await move(provider, booking.id, "completed");
  return { job, booking };
}

/** A new unread notification of the seeker (the provider accepted another of their jobs). */
async function freshNotification(f: Fixtures): Promise<{ notificationId: string }> {
  const { booking } = await activeBooking(f.seeker, f.provider);
  const list: Array<{ id: string; relatedId: string; isRead: boolean }> = await json(await f.seeker.request("/api/notifications"));
  const notification = list.find((n) => n.relatedId === booking.id);
  expect(notification?.isRead).toBe(false);
  return { notificationId: notification!.id };
}

async function notificationRead(client: Actor, id: string): Promise<boolean> {
  const list: Array<{ id: string; isRead: boolean }> = await json(await client.request("/api/notifications"));
  const found = list.find((n) => n.id === id);
  expect(found).toBeDefined();
  return found!.isRead;
}

/** The unsubscribe links of the newest booking email the seeker got (the worker sends it within seconds). */
async function bookingMailLinks(f: Fixtures): Promise<{ page: string; oneClick: string }> {
  const seekerMail = async () => {
    const caught: Array<{ to: string[]; text: string; headers: Record<string, string> }> = await json(await fetch(`${app.url}${MAIL_PATH}`));
    return caught.find((m) => m.to.includes(f.seeker.person.email) && m.headers["list-unsubscribe"]?.includes("kind=bookings"));
  };
  await expect.poll(seekerMail, { timeout: 20_000, interval: 250 }).toBeTruthy();
  const mail = (await seekerMail())!;
  const local = (url: string) => url.slice(app.url.length);
  return { page: local(/Stop them: (\S+)/.exec(mail.text)![1]), oneClick: local(mail.headers["list-unsubscribe"].slice(1, -1)) };
}

/** Whether the seeker's profile form has the kind's box checked. */
async function emailChoice(client: Actor, kind: string): Promise<boolean> {
  const page = await (await client.request("/profile")).text();
  return new RegExp(`<input type="checkbox"[^>]*name="${kind}"[^>]*checked=""`).test(page);
}

async function me(client: Actor) {
  return json(await client.request("/api/auth/user"));
}

async function bookingStatus(client: Actor, id: string): Promise<string> {
  return (await json(await client.request(`/api/bookings/${id}`))).status;
}

async function uploadImage(client: Actor): Promise<string> {
  const params = await json(await client.request(`/api/object-storage/upload-url?contentType=image/png&size=${PNG.byteLength}`));
  const put = await fetch(params.url, { method: "PUT", body: new Uint8Array(PNG), headers: { "Content-Type": "image/png" } });
  expect(put.status).toBe(200);
  return params.imageUrl;
}

beforeAll(async () => {
  app = await startAppServer();
  const [seeker, provider, otherSeeker, otherProvider] = await Promise.all([
    signUp("seeker", "seeker"),
    signUp("provider", "provider"),
    signUp("otherSeeker", "seeker"),
    signUp("otherProvider", "provider"),
  ]);
  const { job, booking } = await activeBooking(seeker, provider);
  const message = `The gate code is ${tag()}`;
  expect((await seeker.postJson("/api/messages", { bookingId: booking.id, content: message, receiverId: provider.person.id })).status).toBe(201);
  const notifications: Array<{ id: string; relatedId: string }> = await json(await seeker.request("/api/notifications"));
  const notificationId = notifications.find((n) => n.relatedId === booking.id)!.id;
  const finished = await completedBooking(seeker, provider);
  const reviewed = await seeker.postJson("/api/reviews", { bookingId: finished.booking.id, revieweeId: provider.person.id, rating: 5, comment: "Quick and tidy" });
  expect(reviewed.status).toBe(201);
  const { booking: doneBooking } = await completedBooking(otherSeeker, otherProvider);
  const favorite = await seeker.postJson("/api/favorites", { targetType: "provider", targetId: provider.person.id, role: "seeker" });
  expect(favorite.status).toBe(201);
  fixtures = {
    seeker,
    provider,
    otherSeeker,
    otherProvider,
    job,
    completedJob: finished.job,
    booking,
    message,
    notificationId,
    review: await json(reviewed),
    doneBooking,
    image: await uploadImage(seeker),
    favoriteId: (await json(favorite)).id,
  };
  expect(ledger.take()).toEqual([]);
});

afterAll(async () => {
  console.log(`authorization matrix: ${cases} cases (${TABLE.length} rows over ${new Set(TABLE.map((r) => r.route)).size} routes)`);
  await app?.stop();
});

// ---------------------------------------------------------------------------
// The table

const bookingPage = (c: { bookingId: string }) => `/bookings/${c.bookingId}`;
const jobPage = (c: { jobId: string }) => `/jobs/${c.jobId}`;
/** The storage's presigned GET of the seeker's image. */
const storedImage = (c: Fixtures) => new RegExp(c.image.replace("/images/", "").replace(/\./g, "\\."));

const TABLE: Row<object>[] = [
  row({
    route: "/api/openapi.json",
    method: "GET",
    // The API's description is public and the same for everyone.
    send: () => ({ path: "/api/openapi.json" }),
    anonymous: 200,
    owner: ["seeker", 200],
  }),

  // Sign-in and the session
  row({
    route: "/api/login",
    method: "GET",
    send: () => ({ path: "/api/login?returnTo=%2Fmy-jobs" }),
    anonymous: { status: 302, location: /\/oidc\/auth\?/ },
    owner: ["seeker", { status: 302, location: "/my-jobs" }],
  }),
  row({
    route: "/api/callback",
    method: "GET",
    send: () => ({ path: "/api/callback?code=forged&state=forged" }),
    anonymous: { status: 302, location: "/", toast: { destructive: true, text: "Sign-in failed" } },
    owner: ["seeker", { status: 302, location: "/", toast: { destructive: true, text: "Sign-in failed" } }],
    verify: async (c) => expect((await me(c.seeker)).id).toBe(c.seeker.person.id),
  }),
  row({
    route: "/api/logout",
    method: "GET",
    // Without Sec-Fetch-Site: same-origin (a link from elsewhere), a page asks to confirm with a POST (decision 0041).
    send: () => ({ path: "/api/logout" }),
    anonymous: redirectsTo("/"),
    owner: ["newcomer", 200],
    verify: async (_c, { as, body }) => {
      expect(body).toContain("Sign out of Nearhand?");
      expect((await as.request("/api/auth/user")).status).toBe(200);
    },
  }),
  row({
    route: "/api/logout",
    method: "POST",
    send: () => ({ path: "/api/logout" }),
    anonymous: redirectsTo("/"),
    owner: ["newcomer", redirectsTo("/")],
    verify: async (_c, { as }) => expect((await as.request("/api/auth/user")).status).toBe(401),
  }),
  row({
    route: "/api/auth/user",
    method: "GET",
    send: () => ({ path: "/api/auth/user" }),
    anonymous: 401,
    owner: ["seeker", 200],
    shows: (c) => [c.seeker.person.email, c.seeker.person.phone],
  }),

  // Users and providers
  row({
    route: "/api/users/switch-role",
    method: "POST",
    send: () => ({ path: "/api/users/switch-role", json: { newRole: "provider", userType: "business" } }),
    anonymous: 401,
    owner: ["newcomer", 200],
    verify: async (_c, { as }) => expect(await me(as)).toMatchObject({ currentRole: "provider", userType: "business" }),
  }),
  row({
    route: "/api/users/toggle-online",
    method: "POST",
    send: () => ({ path: "/api/users/toggle-online", json: { isOnline: true } }),
    anonymous: 401,
    wrongRole: ["otherSeeker", 403],
    owner: ["provider", 200],
    verify: async (c) => expect((await me(c.provider)).isProviderOnline).toBe(true),
    intact: async (c) => expect((await me(c.otherSeeker)).isProviderOnline).toBe(false),
  }),
  row({
    route: "/api/users/:id",
    method: "GET",
    send: (c) => ({ path: `/api/users/${c.provider.person.id}` }),
    anonymous: 401,
    stranger: ["otherSeeker", 200],
    owner: ["provider", 200],
    verify: async (c, { body }) => expect(JSON.parse(body)).toMatchObject({ id: c.provider.person.id, hourlyRate: null }),
  }),
  row({
    route: "/api/categories",
    method: "GET",
    send: () => ({ path: "/api/categories" }),
    anonymous: 401,
    owner: ["seeker", 200],
    verify: (_c, { body }) => expect(JSON.parse(body)).toHaveLength(6),
  }),
  row({
    route: "/api/providers/available",
    method: "GET",
    send: () => ({ path: "/api/providers/available?categoryId=repair" }),
    anonymous: 401,
    owner: ["seeker", 200],
    shows: (c) => [c.provider.person.id, c.otherProvider.person.id],
  }),
  row({
    route: "/api/providers/available/:categoryId",
    method: "GET",
    send: () => ({ path: "/api/providers/available/repair" }),
    anonymous: 401,
    owner: ["seeker", 200],
    shows: (c) => [c.provider.person.id, c.otherProvider.person.id],
  }),

  // Jobs
  row({
    route: "/api/jobs",
    method: "POST",
    send: () => ({ path: "/api/jobs", json: { title: "Hang a door", description: "Interior door", categoryId: "repair" } }),
    anonymous: 401,
    owner: ["seeker", 201],
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ seekerId: c.seeker.person.id, status: "posted" }),
  }),
  row({
    route: "/api/jobs",
    method: "POST",
    variant: "with an uploaded image",
    send: (c) => ({ path: "/api/jobs", json: { title: "Broken hinge", description: "See photo", categoryId: "repair", imageUrl: c.image } }),
    anonymous: 401,
    stranger: ["otherSeeker", 400],
    owner: ["seeker", 201],
    verify: (c, { body }) => expect(JSON.parse(body).imageUrl).toBe(c.image),
  }),
  row({
    route: "/api/jobs/my-jobs",
    method: "GET",
    send: () => ({ path: "/api/jobs/my-jobs" }),
    anonymous: 401,
    stranger: ["otherSeeker", 200],
    owner: ["seeker", 200],
    shows: (c) => [c.job.id],
  }),
  row({
    route: "/api/jobs/available",
    method: "GET",
    setup: async (f) => ({ posted: await postJob(f.seeker) }),
    send: () => ({ path: "/api/jobs/available" }),
    anonymous: 401,
    wrongRole: ["otherSeeker", 200],
    owner: ["provider", 200],
    shows: (c) => [c.posted.id],
  }),
  row({
    route: "/api/jobs/:id",
    method: "GET",
    variant: "posted: the area to anyone, the address to its seeker",
    setup: async (f) => ({ posted: await postJob(f.seeker) }),
    send: (c) => ({ path: `/api/jobs/${c.posted.id}` }),
    anonymous: 401,
    stranger: ["otherProvider", 200],
    owner: ["seeker", 200],
    shows: (c) => [c.posted.address],
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ id: c.posted.id, seeker: { id: c.seeker.person.id } }),
  }),
  row({
    route: "/api/jobs/:id",
    method: "GET",
    variant: "matched: its two parties only",
    send: (c) => ({ path: `/api/jobs/${c.job.id}` }),
    anonymous: 401,
    stranger: ["otherProvider", 404],
    owner: [["seeker", "provider"], 200],
    shows: (c) => [c.job.address],
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ id: c.job.id, status: "matched", seeker: { id: c.seeker.person.id } }),
  }),
  row({
    route: "/api/jobs/:id",
    method: "GET",
    variant: "completed: the area to its provider",
    send: (c) => ({ path: `/api/jobs/${c.completedJob.id}` }),
    anonymous: 401,
    stranger: ["otherProvider", 404],
    owner: [["seeker", "provider"], 200],
    verify: (c, { body, as }) =>
      expect(JSON.parse(body)).toMatchObject({ status: "completed", address: as === c.seeker ? c.completedJob.address : "Brooklyn, NY" }),
  }),

  // Bookings
  row({
    route: "/api/bookings",
    method: "POST",
    setup: async (f) => ({ posted: await postJob(f.seeker) }),
    send: (c) => ({ path: "/api/bookings", json: { jobId: c.posted.id } }),
    anonymous: 401,
    wrongRole: ["otherSeeker", 403],
    owner: ["provider", 201],
    verify: (c, { body }) => {
      const booking = JSON.parse(body);
      expect(booking).toMatchObject({ jobId: c.posted.id, providerId: c.provider.person.id, status: "accepted" });
      ledger.booking(booking.id, c.seeker.person.id, c.provider.person.id, "accepted");
    },
  }),
  row({
    route: "/api/bookings",
    method: "POST",
    variant: "a job its provider cancelled after accepting: to others only (decision 0062)",
    setup: async (f) => ({ posted: await cancelledByProvider(f.seeker, f.otherProvider) }),
    send: (c) => ({ path: "/api/bookings", json: { jobId: c.posted.id } }),
    anonymous: 401,
    stranger: ["otherProvider", 409],
    wrongRole: ["otherSeeker", 403],
    owner: ["provider", 201],
    verify: (c, { body }) => {
      const booking = JSON.parse(body);
      expect(booking).toMatchObject({ jobId: c.posted.id, providerId: c.provider.person.id, status: "accepted" });
      ledger.booking(booking.id, c.seeker.person.id, c.provider.person.id, "accepted");
    },
    intact: async (c) => expect((await json(await c.seeker.request(`/api/jobs/${c.posted.id}`))).status).toBe("posted"),
  }),
  row({
    route: "/api/bookings/my-bookings",
    method: "GET",
    send: () => ({ path: "/api/bookings/my-bookings" }),
    anonymous: 401,
    stranger: ["otherSeeker", 200],
    owner: [["seeker", "provider"], 200],
    shows: (c) => [c.booking.id],
  }),
  row({
    route: "/api/bookings/:id",
    method: "GET",
    variant: "active: the parties see each other's phone",
    send: (c) => ({ path: `/api/bookings/${c.booking.id}` }),
    anonymous: 401,
    stranger: ["otherProvider", 404],
    owner: [["seeker", "provider"], 200],
    shows: (c) => [c.seeker.person.phone, c.provider.person.phone],
  }),
  row({
    route: "/api/bookings/:id",
    method: "GET",
    variant: "completed: no phone numbers",
    send: (c) => ({ path: `/api/bookings/${c.doneBooking.id}` }),
    anonymous: 401,
    stranger: ["seeker", 404],
    owner: [["otherSeeker", "otherProvider"], 200],
    verify: (_c, { body }) => expect(JSON.parse(body)).toMatchObject({ status: "completed", seeker: { phoneNumber: null }, provider: { phoneNumber: null } }),
  }),
  row({
    route: "/api/bookings/:id/status",
    method: "PATCH",
    setup: async (f) => ({ bookingId: (await activeBooking(f.seeker, f.provider)).booking.id }),
    send: (c) => ({ path: `/api/bookings/${c.bookingId}/status`, json: { status: "in_progress" } }),
    anonymous: 401,
    stranger: ["otherProvider", 404],
    wrongRole: ["seeker", 403],
    owner: ["provider", 200],
    verify: (c, { body }) => {
      expect(JSON.parse(body).status).toBe("in_progress");
      ledger.moved(c.bookingId, "in_progress");
    },
    intact: async (c) => expect(await bookingStatus(c.seeker, c.bookingId)).toBe("accepted"),
  }),

  // Reviews
  row({
    route: "/api/reviews",
    method: "POST",
    setup: async (f) => ({ bookingId: (await completedBooking(f.seeker, f.provider)).booking.id }),
    send: (c) => ({ path: "/api/reviews", json: { bookingId: c.bookingId, revieweeId: c.seeker.person.id, rating: 4 } }),
    anonymous: 401,
    stranger: ["otherProvider", 404],
    owner: ["provider", 201],
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ reviewerId: c.provider.person.id, revieweeId: c.seeker.person.id, rating: 4 }),
  }),
  row({
    route: "/api/reviews/received",
    method: "GET",
    send: () => ({ path: "/api/reviews/received" }),
    anonymous: 401,
    stranger: ["otherSeeker", 200],
    owner: ["provider", 200],
    shows: (c) => [c.review.id],
  }),

  // Notifications
  row({
    route: "/api/notifications",
    method: "GET",
    send: () => ({ path: "/api/notifications" }),
    anonymous: 401,
    stranger: ["otherSeeker", 200],
    owner: ["seeker", 200],
    shows: (c) => [c.notificationId],
  }),
  row({
    route: "/api/notifications/read-all",
    method: "PATCH",
    setup: freshNotification,
    send: () => ({ path: "/api/notifications/read-all" }),
    anonymous: 401,
    stranger: ["otherSeeker", 200],
    owner: ["seeker", 200],
    verify: async (c) => expect(await notificationRead(c.seeker, c.notificationId)).toBe(true),
    intact: async (c) => expect(await notificationRead(c.seeker, c.notificationId)).toBe(false),
  }),
  row({
    route: "/api/notifications/:id/read",
    method: "PATCH",
    setup: freshNotification,
    send: (c) => ({ path: `/api/notifications/${c.notificationId}/read` }),
    anonymous: 401,
    stranger: ["otherSeeker", 404],
    owner: ["seeker", 200],
    verify: async (c) => expect(await notificationRead(c.seeker, c.notificationId)).toBe(true),
    intact: async (c) => expect(await notificationRead(c.seeker, c.notificationId)).toBe(false),
  }),

  // Messages
  row({
    route: "/api/messages",
    method: "GET",
    send: (c) => ({ path: `/api/messages?bookingId=${c.booking.id}` }),
    anonymous: 401,
    stranger: ["otherSeeker", 404],
    owner: [["seeker", "provider"], 200],
    shows: (c) => [c.message],
  }),
  row({
    route: "/api/messages",
    method: "POST",
    setup: async () => ({ content: `On my way ${tag()}` }),
    send: (c) => ({ path: "/api/messages", json: { bookingId: c.booking.id, content: c.content, receiverId: c.seeker.person.id } }),
    anonymous: 401,
    stranger: ["otherSeeker", 404],
    owner: ["provider", 201],
    verify: async (c) => expect(JSON.stringify(await json(await c.seeker.request(`/api/messages/${c.booking.id}`)))).toContain(c.content),
    intact: async (c) => expect(JSON.stringify(await json(await c.provider.request(`/api/messages/${c.booking.id}`)))).not.toContain(c.content),
  }),
  row({
    route: "/api/messages/conversations",
    method: "GET",
    send: () => ({ path: "/api/messages/conversations" }),
    anonymous: 401,
    stranger: ["otherSeeker", 200],
    owner: [["seeker", "provider"], 200],
    shows: (c) => [c.booking.id],
  }),
  row({
    route: "/api/messages/:bookingId",
    method: "GET",
    send: (c) => ({ path: `/api/messages/${c.booking.id}` }),
    anonymous: 401,
    stranger: ["otherSeeker", 404],
    owner: [["seeker", "provider"], 200],
    shows: (c) => [c.message],
  }),

  // Favorites
  row({
    route: "/api/favorites",
    method: "GET",
    send: () => ({ path: "/api/favorites" }),
    anonymous: 401,
    stranger: ["otherSeeker", 200],
    owner: ["seeker", 200],
    shows: (c) => [c.favoriteId],
  }),
  row({
    route: "/api/favorites",
    method: "POST",
    send: (c) => ({ path: "/api/favorites", json: { targetType: "provider", targetId: c.otherProvider.person.id, role: "seeker" } }),
    anonymous: 401,
    owner: ["seeker", 201],
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ targetId: c.otherProvider.person.id, role: "seeker" }),
  }),
  row({
    route: "/api/favorites",
    method: "DELETE",
    setup: async (f) => {
      const target = { targetType: "job", targetId: f.job.id, role: "seeker" };
      expect((await f.seeker.postJson("/api/favorites", target)).status).toBe(201);
      return { target };
    },
    send: (c) => ({ path: "/api/favorites", json: c.target }),
    anonymous: 401,
    owner: ["seeker", 200],
    verify: (_c, { body }) => expect(JSON.parse(body)).toEqual({ removed: true }),
  }),

  // Uploads
  row({
    route: "/api/object-storage/upload-url",
    method: "GET",
    send: () => ({ path: "/api/object-storage/upload-url?contentType=image/png&size=68" }),
    anonymous: 401,
    owner: ["seeker", 200],
    verify: (c, { body }) => expect(JSON.parse(body).imageUrl).toContain(`/users/${c.seeker.person.id}/`),
  }),
  row({
    route: "/images/*",
    method: "GET",
    // Images are served by their unguessable URL to anyone (decision 0017).
    send: (c) => ({ path: c.image }),
    anonymous: redirectsTo(storedImage),
    owner: ["seeker", redirectsTo(storedImage)],
  }),

  row({
    route: "/icons.svg",
    method: "GET",
    // The icon sprite is the same for everyone (decision 0030).
    send: () => ({ path: "/icons.svg" }),
    anonymous: 200,
    owner: ["seeker", 200],
  }),

  // Pages
  row({
    route: "/",
    method: "GET",
    send: () => ({ path: "/" }),
    anonymous: 200,
    owner: ["seeker", 200],
    shows: (c) => [c.seeker.person.email],
  }),
  row({
    route: "/switch-role",
    method: "GET",
    send: () => ({ path: "/switch-role?returnTo=%2F" }),
    anonymous: LOGIN,
    owner: ["seeker", 200],
  }),
  row({
    route: "/switch-role",
    method: "POST",
    send: () => ({ path: "/switch-role", form: { newRole: "provider", userType: "individual", returnTo: "/my-jobs" } }),
    anonymous: LOGIN,
    owner: ["newcomer", done("/my-jobs", "Role switched successfully")],
    verify: async (_c, { as }) => expect((await me(as)).currentRole).toBe("provider"),
  }),
  row({
    route: "/availability",
    method: "GET",
    send: () => ({ path: "/availability" }),
    anonymous: redirectsTo("/"),
    owner: ["provider", redirectsTo("/")],
  }),
  row({
    route: "/availability",
    method: "POST",
    send: () => ({ path: "/availability", form: { isOnline: "true", returnTo: "/" } }),
    anonymous: LOGIN,
    wrongRole: ["otherSeeker", refused("/", "Failed to update status")],
    owner: ["provider", done("/", "You're now online")],
    verify: async (c) => expect((await me(c.provider)).isProviderOnline).toBe(true),
    intact: async (c) => expect((await me(c.otherSeeker)).isProviderOnline).toBe(false),
  }),
  row({
    route: "/post-job",
    method: "GET",
    send: () => ({ path: "/post-job" }),
    anonymous: LOGIN,
    owner: ["seeker", 200],
  }),
  row({
    route: "/post-job",
    method: "POST",
    setup: async () => ({ title: `Paint a fence ${tag()}` }),
    send: (c) => ({ path: "/post-job?category=repair&step=3", form: { categoryId: "repair", title: c.title, description: "Twenty metres" } }),
    anonymous: LOGIN,
    owner: ["seeker", done("/", "Job posted successfully!")],
    verify: async (c) => expect(JSON.stringify(await json(await c.seeker.request("/api/jobs/my-jobs")))).toContain(c.title),
  }),
  row({
    route: "/jobs/:id",
    method: "GET",
    variant: "posted: the area to anyone, the address to its seeker",
    setup: async (f) => ({ posted: await postJob(f.seeker) }),
    send: (c) => ({ path: `/jobs/${c.posted.id}` }),
    anonymous: LOGIN,
    stranger: ["otherProvider", 200],
    owner: ["seeker", 200],
    shows: (c) => [c.posted.address],
  }),
  row({
    route: "/jobs/:id",
    method: "GET",
    variant: "matched: its two parties only",
    send: (c) => ({ path: `/jobs/${c.job.id}` }),
    anonymous: LOGIN,
    stranger: ["otherProvider", 404],
    owner: [["seeker", "provider"], 200],
    shows: (c) => [c.job.address, c.job.title],
  }),
  row({
    route: "/jobs/:id",
    method: "POST",
    variant: "intent=accept",
    setup: async (f) => ({ jobId: (await postJob(f.seeker)).id }),
    send: (c) => ({ path: jobPage(c), form: { intent: "accept" } }),
    anonymous: LOGIN,
    wrongRole: ["otherSeeker", refused(jobPage, "Failed to accept job")],
    owner: ["otherProvider", done(/^\/bookings\/[0-9a-f-]{36}$/, "Job accepted!")],
    verify: (c, { response }) => {
      const bookingId = response.headers.get("Location")!.split("/").pop()!;
      ledger.booking(bookingId, c.seeker.person.id, c.otherProvider.person.id, "accepted");
    },
    intact: async (c) => expect((await json(await c.seeker.request(`/api/jobs/${c.jobId}`))).status).toBe("posted"),
  }),
  row({
    route: "/jobs/:id",
    method: "POST",
    variant: "intent=accept, a job its provider cancelled after accepting (decision 0062)",
    setup: async (f) => ({ jobId: (await cancelledByProvider(f.seeker, f.otherProvider)).id }),
    send: (c) => ({ path: jobPage(c), form: { intent: "accept" } }),
    anonymous: LOGIN,
    stranger: ["otherProvider", refused(jobPage, "You cancelled this job after accepting it")],
    owner: ["provider", done(/^\/bookings\/[0-9a-f-]{36}$/, "Job accepted!")],
    verify: (c, { response }) => {
      const bookingId = response.headers.get("Location")!.split("/").pop()!;
      ledger.booking(bookingId, c.seeker.person.id, c.provider.person.id, "accepted");
    },
    intact: async (c) => expect((await json(await c.seeker.request(`/api/jobs/${c.jobId}`))).status).toBe("posted"),
  }),
  row({
    route: "/api/bookings/:id",
    method: "GET",
    variant: "cancelled by its provider: the provider keeps no address or phone (decision 0061)",
    setup: async (f) => {
      const job = await postJob(f.seeker);
      const booking = await accept(f.provider, f.seeker, job.id);
      await cancel(f.provider, booking.id);
      return { job, bookingId: booking.id };
    },
    send: (c) => ({ path: `/api/bookings/${c.bookingId}` }),
    anonymous: 401,
    stranger: ["otherProvider", 404],
    owner: ["provider", 200],
    verify: (c, { body }) => {
      expect(JSON.parse(body)).toMatchObject({ status: "cancelled", seeker: { phoneNumber: null }, job: { exactLocation: false } });
      expect(body).not.toContain(c.job.address);
    },
  }),
  row({
    route: "/jobs/:id",
    method: "POST",
    variant: "intent=cancel",
    setup: async (f) => ({ jobId: (await postJob(f.seeker)).id }),
    send: (c) => ({ path: jobPage(c), form: { intent: "cancel" } }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", refused(jobPage, "Failed to cancel job")],
    owner: ["seeker", done("/my-jobs", "Job cancelled")],
    verify: async (c) => expect((await json(await c.seeker.request(`/api/jobs/${c.jobId}`))).status).toBe("cancelled"),
    intact: async (c) => expect((await json(await c.seeker.request(`/api/jobs/${c.jobId}`))).status).toBe("posted"),
  }),
  row({
    route: "/my-jobs",
    method: "GET",
    send: () => ({ path: "/my-jobs" }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", 200],
    owner: ["seeker", 200],
    shows: (c) => [c.job.title],
  }),
  row({
    route: "/bookings/:id",
    method: "GET",
    variant: "active: the parties see each other's phone",
    send: (c) => ({ path: `/bookings/${c.booking.id}` }),
    anonymous: LOGIN,
    stranger: ["otherProvider", 404],
    owner: [["seeker", "provider"], 200],
    verify: (c, { body, as }) => {
      const counterparty = as === c.seeker ? c.provider : c.seeker;
      expect(body).toContain(counterparty.person.phone);
      expect(body).toContain('data-testid="counterparty-phone"');
    },
  }),
  row({
    route: "/bookings/:id",
    method: "GET",
    variant: "completed: no phone numbers",
    send: (c) => ({ path: `/bookings/${c.doneBooking.id}` }),
    anonymous: LOGIN,
    stranger: ["seeker", 404],
    owner: [["otherSeeker", "otherProvider"], 200],
    verify: (_c, { body }) => expect(body).not.toContain('data-testid="counterparty-phone"'),
  }),
  row({
    route: "/bookings/:id",
    method: "POST",
    variant: "intent=status",
    setup: async (f) => ({ bookingId: (await activeBooking(f.seeker, f.provider)).booking.id }),
    send: (c) => ({ path: bookingPage(c), form: { intent: "status", status: "in_progress" } }),
    anonymous: LOGIN,
    stranger: ["otherProvider", refused(bookingPage, "Failed to update status")],
    wrongRole: ["seeker", refused(bookingPage, "Failed to update status")],
    owner: ["provider", done(bookingPage, "Status updated")],
    verify: async (c) => {
      ledger.moved(c.bookingId, "in_progress");
      expect(await bookingStatus(c.seeker, c.bookingId)).toBe("in_progress");
    },
    intact: async (c) => expect(await bookingStatus(c.seeker, c.bookingId)).toBe("accepted"),
  }),
  row({
    route: "/bookings/:id",
    method: "POST",
    variant: "intent=status, cancel",
    setup: async (f) => ({ bookingId: (await activeBooking(f.seeker, f.provider)).booking.id }),
    send: (c) => ({ path: bookingPage(c), form: { intent: "status", status: "cancelled" } }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", refused(bookingPage, "Failed to update status")],
    owner: ["seeker", done(bookingPage, "Booking cancelled")],
    verify: async (c) => {
      ledger.moved(c.bookingId, "cancelled");
      expect(await bookingStatus(c.seeker, c.bookingId)).toBe("cancelled");
    },
    intact: async (c) => expect(await bookingStatus(c.seeker, c.bookingId)).toBe("accepted"),
  }),
  row({
    route: "/bookings/:id",
    method: "POST",
    variant: "intent=review",
    setup: async (f) => ({ bookingId: (await completedBooking(f.seeker, f.provider)).booking.id, comment: `Spotless ${tag()}` }),
    send: (c) => ({ path: bookingPage(c), form: { intent: "review", rating: "5", comment: c.comment } }),
    anonymous: LOGIN,
    stranger: ["otherProvider", refused(bookingPage, "Failed to submit review")],
    owner: ["seeker", done(bookingPage, "Review submitted")],
    verify: async (c) => expect(JSON.stringify(await json(await c.provider.request("/api/reviews/received")))).toContain(c.comment),
    intact: async (c) => expect(JSON.stringify(await json(await c.provider.request("/api/reviews/received")))).not.toContain(c.comment),
  }),
  row({
    route: "/profile",
    method: "GET",
    send: () => ({ path: "/profile" }),
    anonymous: LOGIN,
    owner: ["seeker", 200],
    shows: (c) => [c.seeker.person.email, c.seeker.person.phone],
  }),
  row({
    route: "/profile",
    method: "POST",
    setup: async () => ({ bio: `Keeps plants ${tag()}` }),
    send: (c) => ({ path: "/profile", form: profileForm(c.seeker.person, [], c.bio) }),
    anonymous: LOGIN,
    owner: ["seeker", done("/profile", "Profile updated")],
    verify: async (c) => expect(await me(c.seeker)).toMatchObject({ bio: c.bio, phoneNumber: c.seeker.person.phone }),
  }),
  row({
    route: "/profile/photo",
    method: "GET",
    send: () => ({ path: "/profile/photo" }),
    anonymous: redirectsTo("/profile"),
    owner: ["seeker", redirectsTo("/profile")],
  }),
  row({
    route: "/profile/photo",
    method: "POST",
    send: (c) => ({ path: "/profile/photo", form: { imageUrl: c.image } }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", refused("/profile", "imageUrl must be an image you uploaded")],
    owner: ["seeker", done("/profile", "Profile photo updated")],
    verify: async (c) => expect((await me(c.seeker)).profileImageUrl).toBe(c.image),
    intact: async (c) => expect((await me(c.otherSeeker)).profileImageUrl).toBeNull(),
  }),
  row({
    route: "/profile/email-alerts",
    method: "GET",
    send: () => ({ path: "/profile/email-alerts" }),
    anonymous: redirectsTo("/profile#email-alerts"),
    owner: ["seeker", redirectsTo("/profile#email-alerts")],
  }),
  row({
    route: "/profile/email-alerts",
    method: "POST",
    send: () => ({ path: "/profile/email-alerts", form: { urgentJobs: "on", bookings: "on", reviews: "on" } }),
    anonymous: LOGIN,
    // What was saved is checked by tests/integration/email-alerts.test.ts (reading /profile here would take the toast).
    owner: ["seeker", done("/profile#email-alerts", "Email alerts saved")],
    intact: async (c) => expect(await emailChoice(c.seeker, "messages")).toBe(true),
  }),
  // Where a refused sign-in ends (decision 0059): the same page for anyone, changing nothing.
  row({
    route: "/sign-in/refused",
    method: "GET",
    send: () => ({ path: "/sign-in/refused?reason=other-account" }),
    anonymous: 403,
    owner: ["seeker", 403],
    verify: async (c, { body }) => {
      expect(body).toContain("This email address already belongs to another sign-in");
      expect((await me(c.seeker)).id).toBe(c.seeker.person.id);
    },
  }),
  row({
    route: "/sign-in/refused",
    method: "GET",
    variant: "unknown reason",
    send: () => ({ path: "/sign-in/refused?reason=anything" }),
    anonymous: 404,
    owner: ["seeker", 404],
  }),
  // An unsubscribe link is its own permission (signed for one user and kind): whoever holds it may use it.
  row({
    route: "/unsubscribe",
    method: "GET",
    setup: bookingMailLinks,
    send: (c) => ({ path: c.page }),
    anonymous: 200,
    owner: ["seeker", 200],
  }),
  row({
    route: "/unsubscribe",
    method: "GET",
    variant: "forged",
    setup: bookingMailLinks,
    send: (c) => ({ path: c.page.replace(/sig=[\w-]+/, "sig=forged") }),
    anonymous: 404,
    owner: ["seeker", 404],
  }),
  row({
    route: "/unsubscribe/one-click",
    method: "GET",
    setup: bookingMailLinks,
    send: (c) => ({ path: c.oneClick }),
    anonymous: redirectsTo<{ page: string }>((c) => c.page),
    owner: ["seeker", redirectsTo<{ page: string }>((c) => c.page)],
  }),
  row({
    route: "/unsubscribe/one-click",
    method: "POST",
    setup: bookingMailLinks,
    send: (c) => ({ path: c.oneClick.replace(/sig=[\w-]+/, "sig=forged"), form: { "List-Unsubscribe": "One-Click" } }),
    variant: "forged",
    anonymous: 404,
    owner: ["seeker", 404],
    verify: async (c) => expect(await emailChoice(c.seeker, "bookings")).toBe(true),
  }),
  row({
    route: "/dev/mail",
    method: "GET",
    send: () => ({ path: "/dev/mail" }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", 200],
    owner: ["seeker", 200],
    shows: (c) => [c.seeker.person.email],
  }),
  // Outside production these fail on purpose for everyone (tests/integration/logging.test.ts reads what they log).
  row({
    route: "/dev/fail/resource",
    method: "GET",
    send: () => ({ path: "/dev/fail/resource" }),
    anonymous: 500,
    owner: ["seeker", 500],
  }),
  row({
    route: "/dev/fail/:stage",
    method: "GET",
    send: () => ({ path: "/dev/fail/loader" }),
    anonymous: 500,
    owner: ["seeker", 500],
  }),
  row({
    route: "/providers/:id",
    method: "GET",
    send: (c) => ({ path: `/providers/${c.provider.person.id}` }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", 200],
    owner: ["provider", 200],
  }),
  row({
    route: "/messages",
    method: "GET",
    send: () => ({ path: "/messages" }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", 200],
    owner: [["seeker", "provider"], 200],
    shows: (c) => [c.booking.id],
  }),
  row({
    route: "/messages",
    method: "GET",
    variant: "one thread",
    send: (c) => ({ path: `/messages?booking=${c.booking.id}` }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", 404],
    owner: [["seeker", "provider"], 200],
    shows: (c) => [c.message],
  }),
  row({
    route: "/messages",
    method: "POST",
    setup: async () => ({ content: `Ring twice ${tag()}` }),
    send: (c) => ({ path: `/messages?booking=${c.booking.id}`, form: { bookingId: c.booking.id, content: c.content } }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", refused((c) => `/messages?booking=${c.booking.id}#latest`, "Failed to send message")],
    owner: ["seeker", done((c) => `/messages?booking=${c.booking.id}#latest`)],
    verify: async (c) => expect(JSON.stringify(await json(await c.provider.request(`/api/messages/${c.booking.id}`)))).toContain(c.content),
    intact: async (c) => expect(JSON.stringify(await json(await c.seeker.request(`/api/messages/${c.booking.id}`)))).not.toContain(c.content),
  }),
  row({
    route: "/notifications",
    method: "GET",
    send: () => ({ path: "/notifications" }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", 200],
    owner: ["seeker", 200],
    shows: (c) => [c.job.title],
  }),
  row({
    route: "/notifications",
    method: "POST",
    variant: "intent=read",
    setup: freshNotification,
    send: (c) => ({ path: "/notifications", form: { intent: "read", id: c.notificationId } }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", refused("/notifications", "Failed to mark notification as read")],
    owner: ["seeker", done("/notifications")],
    verify: async (c) => expect(await notificationRead(c.seeker, c.notificationId)).toBe(true),
    intact: async (c) => expect(await notificationRead(c.seeker, c.notificationId)).toBe(false),
  }),
  row({
    route: "/notifications",
    method: "POST",
    variant: "intent=read-all",
    setup: freshNotification,
    send: () => ({ path: "/notifications", form: { intent: "read-all" } }),
    anonymous: LOGIN,
    // Another user's "mark all read" is their own: it succeeds and leaves the seeker's alone.
    stranger: ["otherSeeker", done("/notifications")],
    owner: ["seeker", done("/notifications")],
    verify: async (c) => expect(await notificationRead(c.seeker, c.notificationId)).toBe(true),
    intact: async (c) => expect(await notificationRead(c.seeker, c.notificationId)).toBe(false),
  }),
  row({
    route: "/favorites",
    method: "GET",
    send: () => ({ path: "/favorites" }),
    anonymous: LOGIN,
    stranger: ["otherSeeker", 200],
    owner: ["seeker", 200],
    shows: (c) => [`/providers/${c.provider.person.id}`],
  }),
  row({
    route: "/favorites/toggle",
    method: "GET",
    send: () => ({ path: "/favorites/toggle" }),
    anonymous: redirectsTo("/favorites"),
    owner: ["seeker", redirectsTo("/favorites")],
  }),
  row({
    route: "/favorites/toggle",
    method: "POST",
    setup: async (f) => ({ jobId: (await postJob(f.otherSeeker)).id }),
    send: (c) => ({ path: "/favorites/toggle", form: { targetType: "job", targetId: c.jobId, intent: "add", returnTo: "/favorites?tab=jobs" } }),
    anonymous: LOGIN,
    owner: ["seeker", done("/favorites?tab=jobs")],
    verify: async (c) => expect(JSON.stringify(await json(await c.seeker.request("/api/favorites")))).toContain(c.jobId),
  }),
  row({
    route: "/*",
    method: "GET",
    send: () => ({ path: "/no/such/page" }),
    anonymous: 404,
    owner: ["seeker", 404],
  }),
];

// ---------------------------------------------------------------------------
// Running it

function resolvePlace(place: Place<object>, c: Fixtures): string | RegExp {
  return typeof place === "function" ? place(c) : place;
}

async function send(client: ScanningClient, method: Method, sent: Sent): Promise<Response> {
  if (method === "GET") return client.request(sent.path);
  if (sent.form) return sendForm(client, sent.path, sent.form, method);
  if (sent.json !== undefined) return client.postJson(sent.path, sent.json, method);
  return client.request(sent.path, { method, headers: { Origin: new URL(app.url).origin } });
}

async function actorFor(who: Who | "anonymous"): Promise<Actor | ScanningClient> {
  if (who === "anonymous") return new ScanningClient(app.url, ledger, null);
  if (who === "newcomer") return signUp("newcomer", "seeker");
  return fixtures[who];
}

type Kind = "anonymous" | "stranger" | "wrongRole" | "owner";

async function runCase(r: Row<object>, c: Fixtures, kind: Kind, who: Who | "anonymous", expected: Expectation<object>) {
  const name = `${r.method} ${r.route}${r.variant ? ` (${r.variant})` : ""} as ${kind} (${who})`;
  const client = await actorFor(who);
  const sent = r.send(c);
  const response = await send(client, r.method, sent);
  const body = await response.text();
  cases++;

  if (typeof expected === "number") {
    expect(response.status, `${name}: ${body.slice(0, 200)}`).toBe(expected);
  } else if ("login" in expected) {
    expect(response.status, name).toBe(302);
    expect(response.headers.get("Location"), name).toBe(`/api/login?returnTo=${encodeURIComponent(sent.path)}`);
  } else {
    expect(response.status, `${name}: ${body.slice(0, 200)}`).toBe(expected.status);
    const place = resolvePlace(expected.location, c);
    const location = response.headers.get("Location");
    if (place instanceof RegExp) expect(location, name).toMatch(place);
    else expect(location, name).toBe(place);
  }

  const shown = r.shows?.(c) ?? [];
  for (const text of shown) {
    if (kind === "owner") expect(body, `${name} shows ${text}`).toContain(text);
    else expect(body, `${name} must not show ${text}`).not.toContain(text);
  }
  if (kind === "owner") await r.verify?.(c, { response, body, as: client as Actor });
  else await r.intact?.(c);

  // A page action's redirect carries a flashed toast: an error for a refusal, never one for a success.
  const isPageAction = r.method !== "GET" && !r.route.startsWith("/api/");
  const toastExpected = typeof expected === "object" && "toast" in expected ? expected.toast : undefined;
  if (typeof expected === "object" && !("login" in expected) && (isPageAction || toastExpected)) {
    const { response: page } = await client.navigate(response.headers.get("Location")!);
    const toast = flashedToast(await page.text());
    if (toastExpected) {
      expect(toast, `${name}: the toast`).toMatchObject({ destructive: toastExpected.destructive });
      expect(`${toast!.title} ${toast!.description ?? ""}`, `${name}: the toast`).toContain(toastExpected.text);
    } else {
      expect(toast?.destructive ?? false, `${name}: no error toast (${toast?.title}: ${toast?.description})`).toBe(false);
    }
  }
  expect(ledger.take(), `${name}: email or phone numbers it may not see`).toEqual([]);
}

describe("the authorization matrix", () => {
  it("lists every route the app declares, with a row for each of its handlers", () => {
    const missing: string[] = [];
    for (const route of declaredRoutes()) {
      const rows = TABLE.filter((r) => r.route === route.pattern);
      if (route.loader && !rows.some((r) => r.method === "GET")) missing.push(`GET ${route.pattern} (${route.file})`);
      if (route.action && !rows.some((r) => r.method !== "GET")) missing.push(`${route.pattern} action (${route.file})`);
      if (!route.loader && !route.action) missing.push(`${route.pattern}: no handler found in ${route.file}`);
    }
    expect(missing, "routes missing from the authorization matrix").toEqual([]);
    const declared = new Set(declaredRoutes().map((r) => r.pattern));
    expect(TABLE.map((r) => r.route).filter((route) => !declared.has(route)), "rows for routes that are not declared").toEqual([]);
  });

  for (const r of TABLE) {
    it(`${r.method} ${r.route}${r.variant ? ` (${r.variant})` : ""}`, async () => {
      ledger.take(); // what an earlier failed row left behind is reported there
      const c: Fixtures = { ...fixtures, ...(r.setup ? await r.setup(fixtures) : {}) };
      expect(ledger.take(), "setup").toEqual([]);
      await runCase(r, c, "anonymous", "anonymous", r.anonymous);
      if (r.stranger) await runCase(r, c, "stranger", r.stranger[0], r.stranger[1]);
      if (r.wrongRole) await runCase(r, c, "wrongRole", r.wrongRole[0], r.wrongRole[1]);
      for (const who of [r.owner[0]].flat()) await runCase(r, c, "owner", who, r.owner[1]);
    });
  }
});
