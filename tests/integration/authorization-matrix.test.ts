// The authorization matrix: every route of app/routes.ts with a handler, and
// every page action, run against the real app as each kind of caller —
// signed out, a stranger (another signed-in user), the owner or the parties,
// and the wrong role — each with the exact answer it must get; a suspended account gets what a visitor gets, and an
// operator outside the console what a stranger gets (issue 34). Every body the
// suite receives is also checked for email addresses and phone numbers its
// reader may not see (decision 0018). A route missing from the table fails.
import { createECDH, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { ContactLedger, flashedToast, ScanningClient, type Person } from "../support/contact-privacy.ts";
import { declaredRoutes } from "../support/route-inventory.ts";
import { MAIL_PATH, REPORT_PATH } from "../support/server-hooks.ts";

// ---------------------------------------------------------------------------
// Expected answers

/** Page redirects to sign-in, coming back to the requested URL. */
const LOGIN = { login: true } as const;
type Place<F> = string | RegExp | ((c: Fixtures & F) => string | RegExp);
type Redirect<F> = { status: number; location: Place<F>; toast?: { destructive: boolean; text: string } };
/** An exact status, a redirect to sign-in, or a redirect (with the toast the next page shows). */
type Expectation<F> = number | typeof LOGIN | Redirect<F>;

/** A page action that did nothing: back to `location` with an error toast containing `text`. */
const refused = <F>(location: Place<F>, text: string): Redirect<F> => ({ status: 302, location, toast: { destructive: true, text } });
/** A page action that worked: to `location`, with a success toast containing `text` (and never an error toast). */
const done = <F>(location: Place<F>, text?: string): Redirect<F> => ({
  status: 302,
  location,
  toast: text === undefined ? undefined : { destructive: false, text },
});
/** A plain redirect. */
const redirectsTo = <F>(location: Place<F>): Redirect<F> => ({ status: 302, location });

/** `operator`: the demo operator (admin@nearhand.dev, an operator outside production), for the console's rows (issue 34). */
/**
 * `suspended`: a provider an operator suspended (issue 34). Every row runs as them too, expecting what a signed-out
 * caller gets: their sessions ended, they read nothing private and write nothing.
 */
type Who = "seeker" | "provider" | "otherSeeker" | "otherProvider" | "newcomer" | "operator" | "suspended";
type Method = "GET" | "POST" | "PATCH" | "DELETE";
interface Sent {
  path: string;
  json?: unknown;
  form?: Record<string, string | string[]>;
}

/** Who calls, each with the exact answer it must get. */
interface Callers<F> {
  anonymous: Expectation<F>;
  /** Another signed-in user with no part in the resource. */
  stranger?: [Who, Expectation<F>];
  /** A caller whose current role may not make this move (a seeker doing a provider's move). */
  wrongRole?: [Who, Expectation<F>];
  /** The owner, or each party: the call succeeds. Runs last, so a refusal that changed something shows up here. */
  owner: [Who | Who[], Expectation<F>];
}

interface Fields<F> {
  /** Fresh resources for this row (mutations get their own, so no row depends on another). */
  setup?: (f: Fixtures) => Promise<F>;
  /** What is sent; without it, nothing but the route itself as the path. */
  send?: (c: Fixtures & F) => Sent;
  callers: Callers<F>;
  /** Strings in every owner's answer and in nobody else's. */
  shows?: (c: Fixtures & F) => string[];
  /** Proof the owner's call did what it says (checked before following a redirect). */
  verify?: (c: Fixtures & F, r: { response: Response; body: string; as: Actor }) => Promise<void> | void;
  /** Checked after every refused call: nothing changed. */
  intact?: (c: Fixtures & F) => Promise<void>;
}

interface Row<F> extends Callers<F>, Omit<Fields<F>, "send" | "callers"> {
  /** The pattern as declared in app/routes.ts. */
  route: string;
  method: Method;
  variant?: string;
  send: (c: Fixtures & F) => Sent;
}

/**
 * A row for `METHOD /route` or `METHOD /route (variant)`, the name of its test. Rows are typed by their own setup;
 * the runner sees them all alike.
 */
function row<F extends object = object>(name: `${Method} /${string}`, { callers, ...r }: Fields<F>): Row<object> {
  const [, method, route, variant] = /^(\S+) (\S+)(?: \((.+)\))?$/.exec(name)!;
  return { route, method, variant, send: () => ({ path: route }), ...r, ...callers } as unknown as Row<object>;
}

// ---------------------------------------------------------------------------
// The people and things every row may use

type Actor = ScanningClient & { person: Person };

interface Fixtures {
  seeker: Actor;
  provider: Actor;
  otherSeeker: Actor;
  otherProvider: Actor;
  operator: Actor;
  /** A provider the operator suspended, still holding the cookie of a session that ended. */
  suspended: Actor;
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

/** A request of the seeker to the provider (issue 33 §2): a job only the two see and a pending booking. */
async function request(seeker: Actor, provider: Actor): Promise<{ bookingId: string; jobId: string }> {
  const address = `${Math.floor(Math.random() * 9000) + 100} ${tag()} Ave, Brooklyn, NY 11201`;
  const response = await seeker.postJson("/api/bookings/requests", {
    providerId: provider.person.id,
    categoryId: "repair",
    title: `Squeaky door ${tag()}`,
    description: "Hinges",
    address,
    when: "asap",
  });
  expect(response.status).toBe(201);
  const booking = await json(response);
  ledger.booking(booking.id, seeker.person.id, provider.person.id, "pending");
  return { bookingId: booking.id, jobId: booking.jobId };
}

/** A request the provider declined: the seeker may post its job to everyone. */
async function declinedRequest(seeker: Actor, provider: Actor) {
  const made = await request(seeker, provider);
  const response = await provider.postJson(`/api/bookings/${made.bookingId}/status`, { status: "cancelled", reason: "Busy" }, "PATCH");
  expect(response.status).toBe(200);
  ledger.moved(made.bookingId, "cancelled");
  return made;
}

/**
 * A browser's push subscription for the matrix: its endpoint is a closed port on loopback (a test push service
 * outside production), so the worker's sends fail at once and reach no one.
 */
function pushSubscriptionBody() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `http://127.0.0.1:9/push/${tag()}${tag()}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

/** A device the seeker turned push on for, through the API. */
async function seekersDevice(f: Fixtures): Promise<{ deviceId: string }> {
  const response = await f.seeker.postJson("/api/push-subscriptions", pushSubscriptionBody());
  expect(response.status).toBe(201);
  return { deviceId: (await json(response)).id };
}

async function devicesOf(client: Actor): Promise<string[]> {
  return (await json(await client.request("/api/push-subscriptions"))).map((d: { id: string }) => d.id);
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

/** The provider's calendar feed, created through the profile's form: its URL without the origin. */
async function providerFeed(f: Fixtures): Promise<{ feedPath: string }> {
  expect((await sendForm(f.provider, "/profile/calendar-feed", { intent: "create" })).status).toBe(302);
  const page = await (await f.provider.request("/profile")).text();
  const url = new URL(/value="([^"]*\/calendar\/[^"]+)"/.exec(page)![1].replace(/&amp;/g, "&"));
  return { feedPath: url.pathname + url.search };
}

async function me(client: Actor) {
  return json(await client.request("/api/auth/user"));
}

async function bookingStatus(client: Actor, id: string): Promise<string> {
  return (await json(await client.request(`/api/bookings/${id}`))).status;
}

async function jobStatus(client: Actor, id: string): Promise<string> {
  return (await json(await client.request(`/api/jobs/${id}`))).status;
}

/** A booking's messages as the client reads them, as text. */
async function thread(client: Actor, bookingId: string): Promise<string> {
  return JSON.stringify(await json(await client.request(`/api/messages/${bookingId}`)));
}

/** The demo operator, signed in (ADMIN_EMAILS names admin@nearhand.dev outside production). */
async function signInOperator(): Promise<Actor> {
  const person: Person = { label: "operator", email: "admin@nearhand.dev", phone: "+1 (555) 000-0000", id: "", operator: true };
  const client = new ScanningClient(app.url, ledger, person) as Actor;
  await client.signIn(person.email, "Ada", "Operator");
  person.id = (await json(await client.request("/api/auth/user"))).id;
  return client;
}

/** A job of the other seeker, reported by the seeker (a row straight into the reports table: tests/support/server-hooks.ts). */
async function reportedJob(f: Fixtures, author: Actor = f.otherSeeker): Promise<{ reported: PostedJob }> {
  const reported = await postJob(author, `Too good to be true ${tag()}`);
  const values = { reporterId: f.seeker.person.id, targetType: "job", targetId: reported.id, targetUserId: author.person.id, reason: "scam" };
  expect((await fetch(new URL(REPORT_PATH, app.url), { method: "POST", body: JSON.stringify(values) })).status).toBe(201);
  return { reported };
}

/** The operators' queue as JSON, as the operator reads it. */
async function queuedTargets(f: Fixtures): Promise<string[]> {
  return (await json(await f.operator.request("/api/admin/reports"))).map((group: { targetId: string }) => group.targetId);
}

/** Who the client is now: 401 once their sessions ended (a suspension). */
async function whoAmI(client: Actor): Promise<number> {
  return (await client.request("/api/auth/user")).status;
}

/** A reported job's author, signed up for the row, whom the operator may suspend without touching the shared fixtures. */
async function reportedNewcomer(f: Fixtures) {
  const author = await signUp("reported", "seeker");
  return { author, ...(await reportedJob(f, author)) };
}

async function uploadImage(client: Actor): Promise<string> {
  const params = await json(await client.request(`/api/object-storage/upload-url?contentType=image/png&size=${PNG.byteLength}`));
  const put = await fetch(params.url, { method: "PUT", body: new Uint8Array(PNG), headers: { "Content-Type": "image/png" } });
  expect(put.status).toBe(200);
  return params.imageUrl;
}

beforeAll(async () => {
  app = await startAppServer();
  const [seeker, provider, otherSeeker, otherProvider, operator] = await Promise.all([
    signUp("seeker", "seeker"),
    signUp("provider", "provider"),
    signUp("otherSeeker", "seeker"),
    signUp("otherProvider", "provider"),
    signInOperator(),
  ]);
  const suspended = await signUp("suspended", "provider");
  const suspension = await operator.postJson(`/api/admin/users/${suspended.person.id}/suspend`, { reason: "Matrix", days: 30 });
  expect(suspension.status, await suspension.clone().text()).toBe(200);
  const { job, booking } = await activeBooking(seeker, provider);
  const message = `The gate code is ${tag()}`;
  expect((await seeker.postJson("/api/messages", { bookingId: booking.id, content: message, receiverId: provider.person.id })).status).toBe(201);
  const notifications: Array<{ id: string; relatedId: string }> = await json(await seeker.request("/api/notifications"));
  const notificationId = notifications.find((n) => n.relatedId === booking.id)!.id;
  const finished = await completedBooking(seeker, provider);
  const reviewed = await seeker.postJson("/api/reviews", {
    bookingId: finished.booking.id,
    revieweeId: provider.person.id,
    rating: 5,
    comment: "Quick and tidy",
  });
  expect(reviewed.status).toBe(201);
  const { booking: doneBooking } = await completedBooking(otherSeeker, otherProvider);
  const favorite = await seeker.postJson("/api/favorites", { targetType: "provider", targetId: provider.person.id, role: "seeker" });
  expect(favorite.status).toBe(201);
  fixtures = {
    seeker,
    provider,
    otherSeeker,
    otherProvider,
    operator,
    suspended,
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

/** A row's own job, posted by the seeker. */
const freshJob = async (f: Fixtures) => ({ posted: await postJob(f.seeker) });
/** A row's own booking, the seeker's job accepted by the provider. */
const freshBooking = async (f: Fixtures) => ({ bookingId: (await activeBooking(f.seeker, f.provider)).booking.id });
type WithBooking = Fixtures & { bookingId: string };
/** The owner moved the row's booking to `status` (the ledger follows it). */
const bookingMovedTo = (status: "in_progress" | "cancelled") => async (c: WithBooking) => {
  ledger.moved(c.bookingId, status);
  expect(await bookingStatus(c.seeker, c.bookingId)).toBe(status);
};
/** A refused move left the row's booking as it was. */
const bookingStillAccepted = async (c: WithBooking) => expect(await bookingStatus(c.seeker, c.bookingId)).toBe("accepted");
/**
 * A status move of a fresh booking through its page: signed out to sign in, `stranger` and `wrongRole` refused
 * (the booking stays accepted), the owner's moves it with the toast given.
 */
const bookingPageMove = (variant: string, status: "in_progress" | "cancelled", callers: { stranger: Who; wrongRole?: Who; owner: [Who, string] }) => {
  const refusal = refused(bookingPage, "Failed to update status");
  return row(`POST /bookings/:id (${variant})`, {
    setup: freshBooking,
    send: (c) => ({ path: bookingPage(c), form: { intent: "status", status } }),
    callers: {
      anonymous: LOGIN,
      stranger: [callers.stranger, refusal],
      wrongRole: callers.wrongRole && [callers.wrongRole, refusal],
      owner: [callers.owner[0], done(bookingPage, callers.owner[1])],
    },
    verify: bookingMovedTo(status),
    intact: bookingStillAccepted,
  });
};
/** The owner's accept made a booking (the one the answer redirects to) between the seeker and `provider`. */
const acceptedBy =
  (provider: "provider" | "otherProvider") =>
  (c: Fixtures, { response }: { response: Response }) => {
    const bookingId = response.headers.get("Location")!.split("/").pop()!;
    ledger.booking(bookingId, c.seeker.person.id, c[provider].person.id, "accepted");
  };
/**
 * Accepting a row's own job through its page: signed out to sign in, the refusal given, and the owner's accept
 * makes a booking (the page it redirects to); a refused accept leaves the job posted.
 */
const acceptOnPage = (
  variant: string,
  setup: (f: Fixtures) => Promise<{ jobId: string }>,
  owner: "provider" | "otherProvider",
  refusal: Pick<Callers<{ jobId: string }>, "stranger" | "wrongRole">,
) =>
  row(`POST /jobs/:id (${variant})`, {
    setup,
    send: (c) => ({ path: jobPage(c), form: { intent: "accept" } }),
    callers: { anonymous: LOGIN, ...refusal, owner: [owner, done(/^\/bookings\/[0-9a-f-]{36}$/, "Job accepted!")] },
    verify: acceptedBy(owner),
    intact: async (c) => expect(await jobStatus(c.seeker, c.jobId)).toBe("posted"),
  });
/** A list of the caller's own: both parties find the booking in it, a stranger gets a list without it. */
const listsTheBooking = (anonymous: Expectation<object>): Fields<object> => ({
  callers: { anonymous, stranger: ["otherSeeker", 200], owner: [["seeker", "provider"], 200] },
  shows: (c) => [c.booking.id],
});
/** The owner's call marked the row's notification read; a refused one left it unread. */
const marksNotificationRead = {
  verify: async (c: Fixtures) => expect(await notificationRead(c.seeker, c.notificationId)).toBe(true),
  intact: async (c: Fixtures) => expect(await notificationRead(c.seeker, c.notificationId)).toBe(false),
};
/** The provider is online after the owner's call; the seeker who was refused is not. */
const putsProviderOnline = {
  verify: async (c: Fixtures) => expect((await me(c.provider)).isProviderOnline).toBe(true),
  intact: async (c: Fixtures) => expect((await me(c.otherSeeker)).isProviderOnline).toBe(false),
};

const TABLE: Row<object>[] = [
  // The API's description is public and the same for everyone.
  row("GET /api/openapi.json", { callers: { anonymous: 200, owner: ["seeker", 200] } }),

  // Sign-in and the session
  row("GET /api/login", {
    send: () => ({ path: "/api/login?returnTo=%2Fmy-jobs" }),
    callers: {
      anonymous: { status: 302, location: /\/oidc\/auth\?/ },
      owner: ["seeker", { status: 302, location: "/my-jobs" }],
    },
  }),
  row("GET /api/callback", {
    send: () => ({ path: "/api/callback?code=forged&state=forged" }),
    callers: {
      anonymous: { status: 302, location: "/", toast: { destructive: true, text: "Sign-in failed" } },
      owner: ["seeker", { status: 302, location: "/", toast: { destructive: true, text: "Sign-in failed" } }],
    },
    verify: async (c) => expect((await me(c.seeker)).id).toBe(c.seeker.person.id),
  }),
  row("GET /api/logout", {
    // Without Sec-Fetch-Site: same-origin (a link from elsewhere), a page asks to confirm with a POST (decision 0041).
    callers: { anonymous: redirectsTo("/"), owner: ["newcomer", 200] },
    verify: async (_c, { as, body }) => {
      expect(body).toContain("Sign out of Nearhand?");
      expect((await as.request("/api/auth/user")).status).toBe(200);
    },
  }),
  row("POST /api/logout", {
    callers: { anonymous: redirectsTo("/"), owner: ["newcomer", redirectsTo("/")] },
    verify: async (_c, { as }) => expect((await as.request("/api/auth/user")).status).toBe(401),
  }),
  row("GET /api/auth/user", {
    callers: { anonymous: 401, owner: ["seeker", 200] },
    shows: (c) => [c.seeker.person.email, c.seeker.person.phone],
  }),

  // Users and providers
  row("POST /api/users/switch-role", {
    send: () => ({ path: "/api/users/switch-role", json: { newRole: "provider", userType: "business" } }),
    callers: { anonymous: 401, owner: ["newcomer", 200] },
    verify: async (_c, { as }) => expect(await me(as)).toMatchObject({ currentRole: "provider", userType: "business" }),
  }),
  row("POST /api/users/toggle-online", {
    send: () => ({ path: "/api/users/toggle-online", json: { isOnline: true } }),
    callers: { anonymous: 401, wrongRole: ["otherSeeker", 403], owner: ["provider", 200] },
    ...putsProviderOnline,
  }),
  row("GET /api/users/:id", {
    send: (c) => ({ path: `/api/users/${c.provider.person.id}` }),
    callers: { anonymous: 401, stranger: ["otherSeeker", 200], owner: ["provider", 200] },
    verify: async (c, { body }) => expect(JSON.parse(body)).toMatchObject({ id: c.provider.person.id, hourlyRate: null }),
  }),
  row("GET /api/categories", {
    callers: { anonymous: 401, owner: ["seeker", 200] },
    verify: (_c, { body }) => expect(JSON.parse(body)).toHaveLength(6),
  }),
  row("GET /api/providers", {
    send: () => ({ path: "/api/providers?category=repair" }),
    callers: { anonymous: 401, owner: ["seeker", 200] },
    shows: (c) => [c.provider.person.id, c.otherProvider.person.id],
  }),
  row("GET /api/providers/available", {
    send: () => ({ path: "/api/providers/available?categoryId=repair" }),
    callers: { anonymous: 401, owner: ["seeker", 200] },
    shows: (c) => [c.provider.person.id, c.otherProvider.person.id],
  }),
  row("GET /api/providers/available/:categoryId", {
    send: () => ({ path: "/api/providers/available/repair" }),
    callers: { anonymous: 401, owner: ["seeker", 200] },
    shows: (c) => [c.provider.person.id, c.otherProvider.person.id],
  }),

  // Jobs
  row("POST /api/jobs", {
    send: () => ({ path: "/api/jobs", json: { title: "Hang a door", description: "Interior door", categoryId: "repair" } }),
    callers: { anonymous: 401, owner: ["seeker", 201] },
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ seekerId: c.seeker.person.id, status: "posted" }),
  }),
  row("POST /api/jobs (with an uploaded image)", {
    send: (c) => ({ path: "/api/jobs", json: { title: "Broken hinge", description: "See photo", categoryId: "repair", imageUrl: c.image } }),
    callers: { anonymous: 401, stranger: ["otherSeeker", 400], owner: ["seeker", 201] },
    verify: (c, { body }) => expect(JSON.parse(body).imageUrl).toBe(c.image),
  }),
  row("GET /api/jobs/my-jobs", {
    callers: { anonymous: 401, stranger: ["otherSeeker", 200], owner: ["seeker", 200] },
    shows: (c) => [c.job.id],
  }),
  row("GET /api/jobs/available", {
    setup: freshJob,
    callers: { anonymous: 401, wrongRole: ["otherSeeker", 200], owner: ["provider", 200] },
    shows: (c) => [c.posted.id],
  }),
  row("GET /api/jobs/:id (posted: the area to anyone, the address to its seeker)", {
    setup: freshJob,
    send: (c) => ({ path: `/api/jobs/${c.posted.id}` }),
    callers: { anonymous: 401, stranger: ["otherProvider", 200], owner: ["seeker", 200] },
    shows: (c) => [c.posted.address],
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ id: c.posted.id, seeker: { id: c.seeker.person.id } }),
  }),
  row("GET /api/jobs/:id (matched: its two parties only)", {
    send: (c) => ({ path: `/api/jobs/${c.job.id}` }),
    callers: { anonymous: 401, stranger: ["otherProvider", 404], owner: [["seeker", "provider"], 200] },
    shows: (c) => [c.job.address],
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ id: c.job.id, status: "matched", seeker: { id: c.seeker.person.id } }),
  }),
  row("GET /api/jobs/:id (completed: the area to its provider)", {
    send: (c) => ({ path: `/api/jobs/${c.completedJob.id}` }),
    callers: { anonymous: 401, stranger: ["otherProvider", 404], owner: [["seeker", "provider"], 200] },
    verify: (c, { body, as }) =>
      expect(JSON.parse(body)).toMatchObject({ status: "completed", address: as === c.seeker ? c.completedJob.address : "Brooklyn, NY" }),
  }),

  // Bookings
  row("POST /api/bookings", {
    setup: freshJob,
    send: (c) => ({ path: "/api/bookings", json: { jobId: c.posted.id } }),
    callers: { anonymous: 401, wrongRole: ["otherSeeker", 403], owner: ["provider", 201] },
    verify: (c, { body }) => {
      const booking = JSON.parse(body);
      expect(booking).toMatchObject({ jobId: c.posted.id, providerId: c.provider.person.id, status: "accepted" });
      ledger.booking(booking.id, c.seeker.person.id, c.provider.person.id, "accepted");
    },
  }),
  row("POST /api/bookings (a job its provider cancelled after accepting: to others only (decision 0062))", {
    setup: async (f) => ({ posted: await cancelledByProvider(f.seeker, f.otherProvider) }),
    send: (c) => ({ path: "/api/bookings", json: { jobId: c.posted.id } }),
    callers: {
      anonymous: 401,
      stranger: ["otherProvider", 409],
      wrongRole: ["otherSeeker", 403],
      owner: ["provider", 201],
    },
    verify: (c, { body }) => {
      const booking = JSON.parse(body);
      expect(booking).toMatchObject({ jobId: c.posted.id, providerId: c.provider.person.id, status: "accepted" });
      ledger.booking(booking.id, c.seeker.person.id, c.provider.person.id, "accepted");
    },
    intact: async (c) => expect(await jobStatus(c.seeker, c.posted.id)).toBe("posted"),
  }),
  row("GET /api/bookings/my-bookings", listsTheBooking(401)),
  row("GET /api/bookings/:id (active: the parties see each other's phone)", {
    send: (c) => ({ path: `/api/bookings/${c.booking.id}` }),
    callers: { anonymous: 401, stranger: ["otherProvider", 404], owner: [["seeker", "provider"], 200] },
    shows: (c) => [c.seeker.person.phone, c.provider.person.phone],
  }),
  row("GET /api/bookings/:id (completed: no phone numbers)", {
    send: (c) => ({ path: `/api/bookings/${c.doneBooking.id}` }),
    callers: { anonymous: 401, stranger: ["seeker", 404], owner: [["otherSeeker", "otherProvider"], 200] },
    verify: (_c, { body }) =>
      expect(JSON.parse(body)).toMatchObject({ status: "completed", seeker: { phoneNumber: null }, provider: { phoneNumber: null } }),
  }),
  row("PATCH /api/bookings/:id/status", {
    setup: freshBooking,
    send: (c) => ({ path: `/api/bookings/${c.bookingId}/status`, json: { status: "in_progress" } }),
    callers: { anonymous: 401, stranger: ["otherProvider", 404], wrongRole: ["seeker", 403], owner: ["provider", 200] },
    verify: (c, { body }) => {
      expect(JSON.parse(body).status).toBe("in_progress");
      ledger.moved(c.bookingId, "in_progress");
    },
    intact: bookingStillAccepted,
  }),

  row("POST /api/bookings/requests", {
    send: (c) => ({
      path: "/api/bookings/requests",
      json: { providerId: c.provider.person.id, categoryId: "repair", title: `Gate ${tag()}`, description: "Stuck", when: "asap" },
    }),
    // The provider asking themself.
    callers: { anonymous: 401, wrongRole: ["provider", 403], owner: ["seeker", 201] },
    verify: (c, { body }) => {
      const booking = JSON.parse(body);
      expect(booking).toMatchObject({ seekerId: c.seeker.person.id, providerId: c.provider.person.id, status: "pending", scheduledEndAt: null });
      expect(booking.expiresAt).toEqual(expect.any(String));
      ledger.booking(booking.id, c.seeker.person.id, c.provider.person.id, "pending");
    },
  }),
  row("GET /api/jobs/:id (requested: its seeker and the requested provider only)", {
    setup: (f) => request(f.seeker, f.provider),
    send: (c) => ({ path: `/api/jobs/${c.jobId}` }),
    callers: { anonymous: 401, stranger: ["otherProvider", 404], owner: [["seeker", "provider"], 200] },
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ status: "posted", requestedProviderId: c.provider.person.id }),
  }),
  row("GET /api/bookings/:id (a pending request: no phone numbers yet)", {
    setup: (f) => request(f.seeker, f.provider),
    send: (c) => ({ path: `/api/bookings/${c.bookingId}` }),
    callers: { anonymous: 401, stranger: ["otherProvider", 404], owner: [["seeker", "provider"], 200] },
    verify: (_c, { body }) =>
      expect(JSON.parse(body)).toMatchObject({ status: "pending", seeker: { phoneNumber: null }, provider: { phoneNumber: null } }),
  }),
  row("PATCH /api/bookings/:id/status (a request accepted by its provider)", {
    setup: (f) => request(f.seeker, f.provider),
    send: (c) => ({ path: `/api/bookings/${c.bookingId}/status`, json: { status: "accepted" } }),
    callers: { anonymous: 401, stranger: ["otherProvider", 404], wrongRole: ["seeker", 403], owner: ["provider", 200] },
    verify: async (c, { body }) => {
      expect(JSON.parse(body)).toMatchObject({ status: "accepted", expiresAt: null });
      ledger.moved(c.bookingId, "accepted");
      expect(await jobStatus(c.seeker, c.jobId)).toBe("matched");
    },
    intact: async (c) => expect(await bookingStatus(c.seeker, c.bookingId)).toBe("pending"),
  }),
  row("PATCH /api/bookings/:id/status (a request declined with a reason)", {
    setup: (f) => request(f.seeker, f.provider),
    send: (c) => ({ path: `/api/bookings/${c.bookingId}/status`, json: { status: "cancelled", reason: "Fully booked" } }),
    callers: { anonymous: 401, stranger: ["otherProvider", 404], owner: ["provider", 200] },
    verify: (c, { body }) => {
      expect(JSON.parse(body)).toMatchObject({ status: "cancelled", cancelledBy: c.provider.person.id, cancellationReason: "Fully booked" });
      ledger.moved(c.bookingId, "cancelled");
    },
    intact: async (c) => expect(await bookingStatus(c.seeker, c.bookingId)).toBe("pending"),
  }),

  // Reviews
  row("POST /api/reviews", {
    setup: async (f) => ({ bookingId: (await completedBooking(f.seeker, f.provider)).booking.id }),
    send: (c) => ({ path: "/api/reviews", json: { bookingId: c.bookingId, revieweeId: c.seeker.person.id, rating: 4 } }),
    callers: { anonymous: 401, stranger: ["otherProvider", 404], owner: ["provider", 201] },
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ reviewerId: c.provider.person.id, revieweeId: c.seeker.person.id, rating: 4 }),
  }),
  row("GET /api/reviews/received", {
    callers: { anonymous: 401, stranger: ["otherSeeker", 200], owner: ["provider", 200] },
    shows: (c) => [c.review.id],
  }),

  // Notifications
  row("GET /api/notifications", {
    callers: { anonymous: 401, stranger: ["otherSeeker", 200], owner: ["seeker", 200] },
    shows: (c) => [c.notificationId],
  }),
  row("PATCH /api/notifications/read-all", {
    setup: freshNotification,
    callers: { anonymous: 401, stranger: ["otherSeeker", 200], owner: ["seeker", 200] },
    ...marksNotificationRead,
  }),
  row("PATCH /api/notifications/:id/read", {
    setup: freshNotification,
    send: (c) => ({ path: `/api/notifications/${c.notificationId}/read` }),
    callers: { anonymous: 401, stranger: ["otherSeeker", 404], owner: ["seeker", 200] },
    ...marksNotificationRead,
  }),

  // Messages
  row("GET /api/messages", {
    send: (c) => ({ path: `/api/messages?bookingId=${c.booking.id}` }),
    callers: { anonymous: 401, stranger: ["otherSeeker", 404], owner: [["seeker", "provider"], 200] },
    shows: (c) => [c.message],
  }),
  row("POST /api/messages", {
    setup: async () => ({ content: `On my way ${tag()}` }),
    send: (c) => ({ path: "/api/messages", json: { bookingId: c.booking.id, content: c.content, receiverId: c.seeker.person.id } }),
    callers: { anonymous: 401, stranger: ["otherSeeker", 404], owner: ["provider", 201] },
    verify: async (c) => expect(await thread(c.seeker, c.booking.id)).toContain(c.content),
    intact: async (c) => expect(await thread(c.provider, c.booking.id)).not.toContain(c.content),
  }),
  row("GET /api/messages/conversations", listsTheBooking(401)),
  row("GET /api/messages/:bookingId", {
    send: (c) => ({ path: `/api/messages/${c.booking.id}` }),
    callers: { anonymous: 401, stranger: ["otherSeeker", 404], owner: [["seeker", "provider"], 200] },
    shows: (c) => [c.message],
  }),

  // Favorites
  row("GET /api/favorites", {
    callers: { anonymous: 401, stranger: ["otherSeeker", 200], owner: ["seeker", 200] },
    shows: (c) => [c.favoriteId],
  }),
  row("POST /api/favorites", {
    send: (c) => ({ path: "/api/favorites", json: { targetType: "provider", targetId: c.otherProvider.person.id, role: "seeker" } }),
    callers: { anonymous: 401, owner: ["seeker", 201] },
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ targetId: c.otherProvider.person.id, role: "seeker" }),
  }),
  row("DELETE /api/favorites", {
    setup: async (f) => {
      const target = { targetType: "job", targetId: f.job.id, role: "seeker" };
      expect((await f.seeker.postJson("/api/favorites", target)).status).toBe(201);
      return { target };
    },
    send: (c) => ({ path: "/api/favorites", json: c.target }),
    callers: { anonymous: 401, owner: ["seeker", 200] },
    verify: (_c, { body }) => expect(JSON.parse(body)).toEqual({ removed: true }),
  }),

  // Web Push devices (decision 0077)
  row("GET /api/push/key", {
    callers: { anonymous: 200, owner: ["seeker", 200] },
  }),
  row("GET /api/push-subscriptions", {
    setup: seekersDevice,
    callers: { anonymous: 401, stranger: ["otherSeeker", 200], owner: ["seeker", 200] },
    shows: (c) => [c.deviceId],
  }),
  row("POST /api/push-subscriptions", {
    send: () => ({ path: "/api/push-subscriptions", json: pushSubscriptionBody() }),
    callers: { anonymous: 401, owner: ["newcomer", 201] },
    verify: (_c, { body }) => expect(JSON.parse(body)).toMatchObject({ id: expect.any(String), lastSuccessAt: null }),
  }),
  row("PATCH /api/push-subscriptions/:id", {
    setup: seekersDevice,
    send: (c) => ({ path: `/api/push-subscriptions/${c.deviceId}`, json: { reviews: true } }),
    callers: { anonymous: 401, stranger: ["otherSeeker", 404], owner: ["seeker", 200] },
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ id: c.deviceId, alerts: { reviews: true } }),
    intact: async (c) =>
      expect((await json(await c.seeker.request("/api/push-subscriptions"))).find((d: { id: string }) => d.id === c.deviceId)?.alerts.reviews).toBe(
        false,
      ),
  }),
  row("DELETE /api/push-subscriptions/:id", {
    setup: seekersDevice,
    send: (c) => ({ path: `/api/push-subscriptions/${c.deviceId}` }),
    callers: { anonymous: 401, stranger: ["otherSeeker", 404], owner: ["seeker", 200] },
    verify: (_c, { body }) => expect(JSON.parse(body)).toEqual({ removed: true }),
    intact: async (c) => expect(await devicesOf(c.seeker)).toContain(c.deviceId),
  }),

  // Reports and blocks (issue 34)
  row("POST /api/reports", {
    setup: async (f) => ({ jobId: (await activeBooking(f.seeker, f.provider)).job.id }),
    send: (c) => ({ path: "/api/reports", json: { targetType: "job", targetId: c.jobId, reason: "scam" } }),
    callers: { anonymous: 401, stranger: ["otherSeeker", 404], owner: ["provider", 201] },
    verify: (c, { body }) => expect(JSON.parse(body)).toMatchObject({ targetType: "job", targetId: c.jobId, status: "open" }),
  }),
  row("POST /api/blocks", {
    send: (c) => ({ path: "/api/blocks", json: { userId: c.otherSeeker.person.id } }),
    callers: { anonymous: 401, owner: ["newcomer", 201] },
    verify: (c, { body }) => expect(JSON.parse(body)).toEqual({ userId: c.otherSeeker.person.id, blocked: true }),
  }),
  row("DELETE /api/blocks", {
    // Blocked for this row only: the owner's unblock ends it.
    setup: async (f) => {
      expect((await f.otherSeeker.postJson("/api/blocks", { userId: f.otherProvider.person.id })).status).toBe(201);
      return {};
    },
    send: (c) => ({ path: "/api/blocks", json: { userId: c.otherProvider.person.id } }),
    callers: { anonymous: 401, stranger: ["seeker", 200], owner: ["otherSeeker", 200] },
    verify: (_c, { body }) => expect(JSON.parse(body)).toEqual({ removed: true }),
  }),

  // Uploads
  row("GET /api/object-storage/upload-url", {
    send: () => ({ path: "/api/object-storage/upload-url?contentType=image/png&size=68" }),
    callers: { anonymous: 401, owner: ["seeker", 200] },
    verify: (c, { body }) => expect(JSON.parse(body).imageUrl).toContain(`/users/${c.seeker.person.id}/`),
  }),
  row("GET /images/*", {
    // Images are served by their unguessable URL to anyone (decision 0017).
    send: (c) => ({ path: c.image }),
    callers: { anonymous: redirectsTo(storedImage), owner: ["seeker", redirectsTo(storedImage)] },
  }),

  // The icon sprite is the same for everyone (decision 0030).
  row("GET /icons.svg", { callers: { anonymous: 200, owner: ["seeker", 200] } }),

  // Pages
  row("GET /", { callers: { anonymous: 200, owner: ["seeker", 200] }, shows: (c) => [c.seeker.person.email] }),
  row("GET /switch-role", {
    send: () => ({ path: "/switch-role?returnTo=%2F" }),
    callers: { anonymous: LOGIN, owner: ["seeker", 200] },
  }),
  row("POST /switch-role", {
    send: () => ({ path: "/switch-role", form: { newRole: "provider", userType: "individual", returnTo: "/my-jobs" } }),
    callers: { anonymous: LOGIN, owner: ["newcomer", done("/my-jobs", "Role switched successfully")] },
    verify: async (_c, { as }) => expect((await me(as)).currentRole).toBe("provider"),
  }),
  row("GET /availability", { callers: { anonymous: redirectsTo("/"), owner: ["provider", redirectsTo("/")] } }),
  row("POST /availability", {
    send: () => ({ path: "/availability", form: { isOnline: "true", returnTo: "/" } }),
    callers: {
      anonymous: LOGIN,
      wrongRole: ["otherSeeker", refused("/", "Failed to update status")],
      owner: ["provider", done("/", "You're now online")],
    },
    ...putsProviderOnline,
  }),
  row("GET /post-job", { callers: { anonymous: LOGIN, owner: ["seeker", 200] } }),
  row("POST /post-job", {
    setup: async () => ({ title: `Paint a fence ${tag()}` }),
    send: (c) => ({ path: "/post-job?category=repair&step=3", form: { categoryId: "repair", title: c.title, description: "Twenty metres" } }),
    callers: { anonymous: LOGIN, owner: ["seeker", done("/", "Job posted successfully!")] },
    verify: async (c) => expect(JSON.stringify(await json(await c.seeker.request("/api/jobs/my-jobs")))).toContain(c.title),
  }),
  row("GET /jobs/:id (posted: the area to anyone, the address to its seeker)", {
    setup: freshJob,
    send: (c) => ({ path: `/jobs/${c.posted.id}` }),
    callers: { anonymous: LOGIN, stranger: ["otherProvider", 200], owner: ["seeker", 200] },
    shows: (c) => [c.posted.address],
  }),
  row("GET /jobs/:id (matched: its two parties only)", {
    send: (c) => ({ path: `/jobs/${c.job.id}` }),
    callers: { anonymous: LOGIN, stranger: ["otherProvider", 404], owner: [["seeker", "provider"], 200] },
    shows: (c) => [c.job.address, c.job.title],
  }),
  acceptOnPage("intent=accept", async (f) => ({ jobId: (await postJob(f.seeker)).id }), "otherProvider", {
    wrongRole: ["otherSeeker", refused(jobPage, "Failed to accept job")],
  }),
  acceptOnPage(
    "intent=accept, a job its provider cancelled after accepting (decision 0062)",
    async (f) => ({ jobId: (await cancelledByProvider(f.seeker, f.otherProvider)).id }),
    "provider",
    { stranger: ["otherProvider", refused(jobPage, "You cancelled this job after accepting it")] },
  ),
  row("GET /api/bookings/:id (cancelled by its provider: the provider keeps no address or phone (decision 0061))", {
    setup: async (f) => {
      const job = await postJob(f.seeker);
      const booking = await accept(f.provider, f.seeker, job.id);
      await cancel(f.provider, booking.id);
      return { job, bookingId: booking.id };
    },
    send: (c) => ({ path: `/api/bookings/${c.bookingId}` }),
    callers: { anonymous: 401, stranger: ["otherProvider", 404], owner: ["provider", 200] },
    verify: (c, { body }) => {
      expect(JSON.parse(body)).toMatchObject({ status: "cancelled", seeker: { phoneNumber: null }, job: { exactLocation: false } });
      expect(body).not.toContain(c.job.address);
    },
  }),
  row("POST /jobs/:id (intent=cancel)", {
    setup: async (f) => ({ jobId: (await postJob(f.seeker)).id }),
    send: (c) => ({ path: jobPage(c), form: { intent: "cancel" } }),
    callers: {
      anonymous: LOGIN,
      stranger: ["otherSeeker", refused(jobPage, "Failed to cancel job")],
      owner: ["seeker", done("/my-jobs", "Job cancelled")],
    },
    verify: async (c) => expect(await jobStatus(c.seeker, c.jobId)).toBe("cancelled"),
    intact: async (c) => expect(await jobStatus(c.seeker, c.jobId)).toBe("posted"),
  }),
  row("GET /my-jobs", {
    callers: { anonymous: LOGIN, stranger: ["otherSeeker", 200], owner: ["seeker", 200] },
    shows: (c) => [c.job.title],
  }),
  row("GET /bookings/:id (active: the parties see each other's phone)", {
    send: (c) => ({ path: `/bookings/${c.booking.id}` }),
    callers: { anonymous: LOGIN, stranger: ["otherProvider", 404], owner: [["seeker", "provider"], 200] },
    verify: (c, { body, as }) => {
      const counterparty = as === c.seeker ? c.provider : c.seeker;
      expect(body).toContain(counterparty.person.phone);
      expect(body).toContain('data-testid="counterparty-phone"');
    },
  }),
  row("GET /bookings/:id (completed: no phone numbers)", {
    send: (c) => ({ path: `/bookings/${c.doneBooking.id}` }),
    callers: { anonymous: LOGIN, stranger: ["seeker", 404], owner: [["otherSeeker", "otherProvider"], 200] },
    verify: (_c, { body }) => expect(body).not.toContain('data-testid="counterparty-phone"'),
  }),
  // A booking's calendar file (decision 0073): its two parties only, the address as each may see it.
  ...(["otherSeeker", "otherProvider"] as const).map((stranger) =>
    row(`GET /bookings/:id/calendar.ics (${stranger === "otherSeeker" ? "a stranger" : "another provider"})`, {
      send: (c) => ({ path: `/bookings/${c.booking.id}/calendar.ics` }),
      callers: { anonymous: LOGIN, stranger: [stranger, 404], owner: [["seeker", "provider"], 200] },
      shows: (c) => [c.job.title, c.job.address.replace(/,/g, "\\,")],
    }),
  ),
  bookingPageMove("intent=status", "in_progress", {
    stranger: "otherProvider",
    wrongRole: "seeker",
    owner: ["provider", "Status updated"],
  }),
  bookingPageMove("intent=status, cancel", "cancelled", { stranger: "otherSeeker", owner: ["seeker", "Booking cancelled"] }),
  row("POST /bookings/:id (intent=repost)", {
    setup: (f) => declinedRequest(f.seeker, f.provider),
    send: (c) => ({ path: bookingPage(c), form: { intent: "repost" } }),
    callers: {
      anonymous: LOGIN,
      stranger: ["otherSeeker", refused(bookingPage, "Failed to post job")],
      wrongRole: ["provider", refused(bookingPage, "Job not found")],
      owner: ["seeker", done(bookingPage, "Job posted")],
    },
    verify: async (c) =>
      expect(await json(await c.seeker.request(`/api/jobs/${c.jobId}`))).toMatchObject({ status: "posted", requestedProviderId: null }),
    intact: async (c) => expect(await jobStatus(c.seeker, c.jobId)).toBe("cancelled"),
  }),
  row("GET /providers/:id/request", {
    send: (c) => ({ path: `/providers/${c.provider.person.id}/request` }),
    // The provider asking themself finds no one to ask.
    callers: { anonymous: LOGIN, wrongRole: ["provider", 404], owner: [["seeker", "otherProvider"], 200] },
    shows: (c) => [`Request ${c.provider.person.label} Tester`],
  }),
  row("POST /providers/:id/request", {
    setup: async () => ({ title: `Fence ${tag()}` }),
    send: (c) => ({
      path: `/providers/${c.provider.person.id}/request`,
      form: { categoryId: "repair", title: c.title, description: "Two panels down", when: "asap" },
    }),
    callers: {
      anonymous: LOGIN,
      wrongRole: ["provider", refused((c) => `/providers/${c.provider.person.id}/request`, "You cannot request yourself")],
      owner: ["seeker", done(/^\/bookings\/[\w-]+$/, "Request sent")],
    },
    verify: async (c, { response }) => {
      const bookingId = response.headers.get("Location")!.split("/").pop()!;
      ledger.booking(bookingId, c.seeker.person.id, c.provider.person.id, "pending");
      expect(await json(await c.seeker.request(`/api/bookings/${bookingId}`))).toMatchObject({ status: "pending", job: { title: c.title } });
    },
  }),
  row("POST /bookings/:id (intent=review)", {
    setup: async (f) => ({ bookingId: (await completedBooking(f.seeker, f.provider)).booking.id, comment: `Spotless ${tag()}` }),
    send: (c) => ({ path: bookingPage(c), form: { intent: "review", rating: "5", comment: c.comment } }),
    callers: {
      anonymous: LOGIN,
      stranger: ["otherProvider", refused(bookingPage, "Failed to submit review")],
      owner: ["seeker", done(bookingPage, "Review submitted")],
    },
    verify: async (c) => expect(JSON.stringify(await json(await c.provider.request("/api/reviews/received")))).toContain(c.comment),
    intact: async (c) => expect(JSON.stringify(await json(await c.provider.request("/api/reviews/received")))).not.toContain(c.comment),
  }),
  row("GET /profile", {
    callers: { anonymous: LOGIN, owner: ["seeker", 200] },
    shows: (c) => [c.seeker.person.email, c.seeker.person.phone],
  }),
  row("POST /profile", {
    setup: async () => ({ bio: `Keeps plants ${tag()}` }),
    send: (c) => ({ path: "/profile", form: profileForm(c.seeker.person, [], c.bio) }),
    callers: { anonymous: LOGIN, owner: ["seeker", done("/profile", "Profile updated")] },
    verify: async (c) => expect(await me(c.seeker)).toMatchObject({ bio: c.bio, phoneNumber: c.seeker.person.phone }),
  }),
  row("GET /profile/photo", {
    callers: { anonymous: redirectsTo("/profile"), owner: ["seeker", redirectsTo("/profile")] },
  }),
  row("POST /profile/photo", {
    send: (c) => ({ path: "/profile/photo", form: { imageUrl: c.image } }),
    callers: {
      anonymous: LOGIN,
      stranger: ["otherSeeker", refused("/profile", "imageUrl must be an image you uploaded")],
      owner: ["seeker", done("/profile", "Profile photo updated")],
    },
    verify: async (c) => expect((await me(c.seeker)).profileImageUrl).toBe(c.image),
    intact: async (c) => expect((await me(c.otherSeeker)).profileImageUrl).toBeNull(),
  }),
  row("GET /profile/email-alerts", {
    callers: {
      anonymous: redirectsTo("/profile#email-alerts"),
      owner: ["seeker", redirectsTo("/profile#email-alerts")],
    },
  }),
  row("POST /profile/email-alerts", {
    send: () => ({ path: "/profile/email-alerts", form: { urgentJobs: "on", bookings: "on", reviews: "on" } }),
    callers: { anonymous: LOGIN, owner: ["seeker", done("/profile#email-alerts", "Alerts saved")] },
    // What was saved is checked by tests/integration/email-alerts.test.ts (reading /profile here would take the toast).
    intact: async (c) => expect(await emailChoice(c.seeker, "messages")).toBe(true),
  }),
  row("GET /profile/push", {
    callers: { anonymous: redirectsTo("/profile#push-devices"), owner: ["seeker", redirectsTo("/profile#push-devices")] },
  }),
  row("POST /profile/push (remove)", {
    setup: seekersDevice,
    send: (c) => ({ path: "/profile/push", form: { intent: "remove", id: c.deviceId } }),
    callers: {
      anonymous: LOGIN,
      stranger: ["otherSeeker", refused("/profile#push-devices", "Device not found")],
      owner: ["seeker", done("/profile#push-devices", "Device removed")],
    },
    intact: async (c) => expect(await devicesOf(c.seeker)).toContain(c.deviceId),
  }),
  row("POST /profile/push (subscribe)", {
    send: () => ({ path: "/profile/push", form: { intent: "subscribe", subscription: JSON.stringify(pushSubscriptionBody()) } }),
    callers: { anonymous: LOGIN, owner: ["newcomer", done("/profile#push-devices", "Notifications on")] },
  }),
  row("GET /profile/calendar-feed", {
    callers: {
      anonymous: redirectsTo("/profile#calendar-feed"),
      owner: ["provider", redirectsTo("/profile#calendar-feed")],
    },
  }),
  row("POST /profile/calendar-feed", {
    send: () => ({ path: "/profile/calendar-feed", form: { intent: "create" } }),
    callers: {
      anonymous: LOGIN,
      wrongRole: ["otherSeeker", refused("/profile#calendar-feed", "Calendar feeds are for providers")],
      owner: ["provider", done("/profile#calendar-feed", "Calendar feed created")],
    },
    // The feed's URL and what it lists are checked by tests/integration/calendar.test.ts (reading /profile here would take the toast).
  }),
  // A calendar feed's URL is its own permission (signed for one provider and version): calendar apps fetch it with no session.
  row("GET /calendar/:file", {
    setup: providerFeed,
    send: (c) => ({ path: c.feedPath }),
    callers: { anonymous: 200, owner: [["seeker", "provider", "otherProvider"], 200] },
    verify: (c, { body }) => expect(body).toContain(`UID:${c.booking.id}@`),
  }),
  row("GET /calendar/:file (another provider's id under this signature)", {
    setup: providerFeed,
    send: (c) => ({ path: c.feedPath.replace(c.provider.person.id, c.otherProvider.person.id) }),
    callers: { anonymous: 404, owner: [["provider", "otherProvider"], 404] },
    verify: (c, { body }) => expect(body).not.toContain(c.job.title),
  }),
  // The page the service worker keeps for when the network is down (decision 0076): the same for anyone.
  row("GET /offline", {
    callers: { anonymous: 200, owner: ["seeker", 200] },
    verify: (_c, { body }) => expect(body).toContain("Retry</a>"),
  }),
  // Where a refused sign-in ends (decision 0059): the same page for anyone, changing nothing.
  row("GET /sign-in/refused", {
    send: () => ({ path: "/sign-in/refused?reason=other-account" }),
    callers: { anonymous: 403, owner: ["seeker", 403] },
    verify: async (c, { body }) => {
      expect(body).toContain("This email address already belongs to another sign-in");
      expect((await me(c.seeker)).id).toBe(c.seeker.person.id);
    },
  }),
  row("GET /sign-in/refused (unknown reason)", {
    send: () => ({ path: "/sign-in/refused?reason=anything" }),
    callers: { anonymous: 404, owner: ["seeker", 404] },
  }),
  // An unsubscribe link is its own permission (signed for one user and kind): whoever holds it may use it.
  row("GET /unsubscribe", {
    setup: bookingMailLinks,
    send: (c) => ({ path: c.page }),
    callers: { anonymous: 200, owner: ["seeker", 200] },
  }),
  row("GET /unsubscribe (forged)", {
    setup: bookingMailLinks,
    send: (c) => ({ path: c.page.replace(/sig=[\w-]+/, "sig=forged") }),
    callers: { anonymous: 404, owner: ["seeker", 404] },
  }),
  row("GET /unsubscribe/one-click", {
    setup: bookingMailLinks,
    send: (c) => ({ path: c.oneClick }),
    callers: {
      anonymous: redirectsTo<{ page: string }>((c) => c.page),
      owner: ["seeker", redirectsTo<{ page: string }>((c) => c.page)],
    },
  }),
  row("POST /unsubscribe/one-click (forged)", {
    setup: bookingMailLinks,
    send: (c) => ({ path: c.oneClick.replace(/sig=[\w-]+/, "sig=forged"), form: { "List-Unsubscribe": "One-Click" } }),
    callers: { anonymous: 404, owner: ["seeker", 404] },
    verify: async (c) => expect(await emailChoice(c.seeker, "bookings")).toBe(true),
  }),
  row("GET /dev/mail", {
    callers: { anonymous: LOGIN, stranger: ["otherSeeker", 200], owner: ["seeker", 200] },
    shows: (c) => [c.seeker.person.email],
  }),
  // Outside production these fail on purpose for everyone (tests/integration/logging.test.ts reads what they log).
  row("GET /dev/fail/resource", { callers: { anonymous: 500, owner: ["seeker", 500] } }),
  row("GET /dev/fail/:stage", {
    send: () => ({ path: "/dev/fail/loader" }),
    callers: { anonymous: 500, owner: ["seeker", 500] },
  }),
  row("GET /providers/:id", {
    send: (c) => ({ path: `/providers/${c.provider.person.id}` }),
    callers: { anonymous: LOGIN, stranger: ["otherSeeker", 200], owner: ["provider", 200] },
  }),
  row("GET /messages", listsTheBooking(LOGIN)),
  row("GET /messages (one thread)", {
    send: (c) => ({ path: `/messages?booking=${c.booking.id}` }),
    callers: { anonymous: LOGIN, stranger: ["otherSeeker", 404], owner: [["seeker", "provider"], 200] },
    shows: (c) => [c.message],
  }),
  row("POST /messages", {
    setup: async () => ({ content: `Ring twice ${tag()}` }),
    send: (c) => ({ path: `/messages?booking=${c.booking.id}`, form: { bookingId: c.booking.id, content: c.content } }),
    callers: {
      anonymous: LOGIN,
      stranger: ["otherSeeker", refused((c) => `/messages?booking=${c.booking.id}#latest`, "Failed to send message")],
      owner: ["seeker", done((c) => `/messages?booking=${c.booking.id}#latest`)],
    },
    verify: async (c) => expect(await thread(c.provider, c.booking.id)).toContain(c.content),
    intact: async (c) => expect(await thread(c.seeker, c.booking.id)).not.toContain(c.content),
  }),
  row("GET /notifications", {
    callers: { anonymous: LOGIN, stranger: ["otherSeeker", 200], owner: ["seeker", 200] },
    shows: (c) => [c.job.title],
  }),
  row("POST /notifications (intent=read)", {
    setup: freshNotification,
    send: (c) => ({ path: "/notifications", form: { intent: "read", id: c.notificationId } }),
    callers: {
      anonymous: LOGIN,
      stranger: ["otherSeeker", refused("/notifications", "Failed to mark notification as read")],
      owner: ["seeker", done("/notifications")],
    },
    ...marksNotificationRead,
  }),
  row("POST /notifications (intent=read-all)", {
    setup: freshNotification,
    send: () => ({ path: "/notifications", form: { intent: "read-all" } }),
    callers: {
      anonymous: LOGIN,
      stranger: ["otherSeeker", done("/notifications")],
      owner: ["seeker", done("/notifications")],
    },
    // Another user's "mark all read" is their own: it succeeds and leaves the seeker's alone.
    ...marksNotificationRead,
  }),
  row("GET /favorites", {
    callers: { anonymous: LOGIN, stranger: ["otherSeeker", 200], owner: ["seeker", 200] },
    shows: (c) => [`/providers/${c.provider.person.id}`],
  }),
  row("GET /providers", {
    send: (c) => ({ path: `/providers?q=${encodeURIComponent(c.provider.person.label)}` }),
    callers: { anonymous: LOGIN, owner: [["seeker", "otherSeeker"], 200] },
    shows: (c) => [`/providers/${c.provider.person.id}`],
  }),
  row("GET /favorites/toggle", {
    callers: { anonymous: redirectsTo("/favorites"), owner: ["seeker", redirectsTo("/favorites")] },
  }),
  row("POST /favorites/toggle", {
    setup: async (f) => ({ jobId: (await postJob(f.otherSeeker)).id }),
    send: (c) => ({ path: "/favorites/toggle", form: { targetType: "job", targetId: c.jobId, intent: "add", returnTo: "/favorites?tab=jobs" } }),
    callers: { anonymous: LOGIN, owner: ["seeker", done("/favorites?tab=jobs")] },
    verify: async (c) => expect(JSON.stringify(await json(await c.seeker.request("/api/favorites")))).toContain(c.jobId),
  }),
  // The operators' console (issue 34): a plain 404 to everyone but operators, signed in or not.
  row("GET /admin/reports", {
    setup: (f) => reportedJob(f),
    callers: { anonymous: 404, stranger: ["seeker", 404], owner: ["operator", 200] },
    shows: (c: Fixtures & { reported: PostedJob }) => [c.reported.title],
  }),
  row<{ reported: PostedJob }>("POST /admin/reports (intent=dismiss)", {
    setup: (f) => reportedJob(f),
    send: (c) => ({ path: "/admin/reports", form: { intent: "dismiss", targetType: "job", targetId: c.reported.id, reason: "Looks fine" } }),
    callers: { anonymous: 404, stranger: ["seeker", 404], owner: ["operator", done("/admin/reports", "Reports dismissed")] },
    verify: async (c) => expect(await queuedTargets(c)).not.toContain(c.reported.id),
    intact: async (c) => expect(await queuedTargets(c)).toContain(c.reported.id),
  }),
  row<{ reported: PostedJob }>("POST /admin/reports (intent=hide)", {
    setup: (f) => reportedJob(f),
    send: (c) => ({ path: "/admin/reports", form: { intent: "hide", targetType: "job", targetId: c.reported.id, reason: "Scam" } }),
    callers: { anonymous: 404, stranger: ["seeker", 404], owner: ["operator", done("/admin/reports", "Job hidden")] },
    verify: async (c) => expect((await c.otherSeeker.request(`/api/jobs/${c.reported.id}`)).status).toBe(404),
    intact: async (c) => expect((await c.otherSeeker.request(`/api/jobs/${c.reported.id}`)).status).toBe(200),
  }),
  row<{ reported: PostedJob; author: Actor }>("POST /admin/reports (intent=suspend)", {
    setup: reportedNewcomer,
    send: (c) => ({ path: "/admin/reports", form: { intent: "suspend", targetType: "job", targetId: c.reported.id, days: "7", reason: "Scammer" } }),
    callers: { anonymous: 404, stranger: ["seeker", 404], owner: ["operator", done("/admin/reports", "suspended")] },
    verify: async (c) => expect(await whoAmI(c.author)).toBe(401),
    intact: async (c) => expect(await whoAmI(c.author)).toBe(200),
  }),
  row<{ reported: PostedJob; author: Actor }>("POST /admin/reports (intent=reinstate)", {
    setup: async (f) => {
      const made = await reportedNewcomer(f);
      const suspend = { intent: "suspend", targetType: "job", targetId: made.reported.id, days: "", reason: "Scammer" };
      expect((await sendForm(f.operator, "/admin/reports", suspend)).status).toBe(302);
      return made;
    },
    send: (c) => ({ path: "/admin/reports", form: { intent: "reinstate", userId: c.author.person.id, reason: "Appeal accepted" } }),
    callers: { anonymous: 404, stranger: ["seeker", 404], owner: ["operator", done("/admin/reports", "reinstated")] },
    verify: async (c) => {
      // Signing in again works (the identity provider still knows them: no sign-in page this time).
      await c.author.navigate("/api/login");
      expect(await whoAmI(c.author)).toBe(200);
    },
  }),
  row("GET /api/admin/reports", {
    setup: (f) => reportedJob(f),
    callers: { anonymous: 404, stranger: ["seeker", 404], owner: ["operator", 200] },
    shows: (c: Fixtures & { reported: PostedJob }) => [c.reported.title],
  }),
  row<{ reported: PostedJob }>("POST /api/admin/reports/dismiss", {
    setup: (f) => reportedJob(f),
    send: (c) => ({ path: "/api/admin/reports/dismiss", json: { targetType: "job", targetId: c.reported.id, reason: "Looks fine" } }),
    callers: { anonymous: 404, stranger: ["seeker", 404], owner: ["operator", 200] },
    verify: async (c) => expect(await queuedTargets(c)).not.toContain(c.reported.id),
    intact: async (c) => expect(await queuedTargets(c)).toContain(c.reported.id),
  }),
  row<{ reported: PostedJob }>("POST /api/admin/hide", {
    setup: (f) => reportedJob(f),
    send: (c) => ({ path: "/api/admin/hide", json: { targetType: "job", targetId: c.reported.id, reason: "Scam" } }),
    callers: { anonymous: 404, stranger: ["seeker", 404], owner: ["operator", 200] },
    verify: async (c) => expect((await c.otherSeeker.request(`/api/jobs/${c.reported.id}`)).status).toBe(404),
    intact: async (c) => expect((await c.otherSeeker.request(`/api/jobs/${c.reported.id}`)).status).toBe(200),
  }),
  row("GET /report", {
    send: (c) => ({ path: `/report?targetType=job&targetId=${c.job.id}&returnTo=%2F` }),
    callers: { anonymous: LOGIN, owner: ["provider", 200] },
    verify: (_c, { body }) => expect(body).toContain("Report this job"),
  }),
  row("POST /report", {
    // A job taken by the provider: theirs to read and report, no longer a stranger's (decision 0039).
    setup: async (f) => ({ jobId: (await activeBooking(f.seeker, f.provider)).job.id }),
    send: (c) => ({ path: "/report", form: { targetType: "job", targetId: c.jobId, reason: "scam", note: "Asks for a deposit", returnTo: "/" } }),
    callers: { anonymous: LOGIN, stranger: ["otherSeeker", refused("/", "Job not found")], owner: ["provider", done("/", "Report sent")] },
  }),
  row("GET /blocks", {
    callers: { anonymous: redirectsTo("/profile#blocked-users"), owner: ["seeker", redirectsTo("/profile#blocked-users")] },
  }),
  row("POST /blocks", {
    // A newcomer blocks: nobody else's rows see the block.
    send: (c) => ({ path: "/blocks", form: { userId: c.otherSeeker.person.id, intent: "block", returnTo: "/profile" } }),
    // The profile it lands on lists them (tests/integration/report-and-block.test.ts).
    callers: { anonymous: LOGIN, owner: ["newcomer", done("/profile", "User blocked")] },
  }),
  // The console (issue 34) is a plain 404 to everyone but an operator, signed in or not, before anything is read;
  // what an operator sees and does there is tested in console.test.ts.
  ...consoleRows(),
  row("GET /*", { send: () => ({ path: "/no/such/page" }), callers: { anonymous: 404, owner: ["seeker", 404] } }),
];

/**
 * The console's pages and API: a plain 404 to a visitor, to signed-in users (who get no hint of it) and to a
 * suspended account; the operator's answer. A write acts on an account or review of its own row, never a fixture.
 */
function consoleRows(): Row<object>[] {
  const user = (c: Fixtures) => c.provider.person.id;
  const operatorGets = <F>(answer: Expectation<F>): Callers<F> => ({
    anonymous: 404,
    stranger: ["otherSeeker", 404],
    wrongRole: ["otherProvider", 404],
    owner: ["operator", answer],
  });
  const reason = { reason: "Spam" };
  const account = async () => ({ target: await signUp("target", "seeker") });
  const suspendedAccount = async (f: Fixtures) => {
    const { target } = await account();
    expect((await f.operator.postJson(`/api/admin/users/${target.person.id}/suspend`, reason)).status).toBe(200);
    return { target };
  };
  /** A review of the other provider by the other seeker, for a row to exclude. */
  const freshReview = async (f: Fixtures) => {
    const { booking } = await completedBooking(f.otherSeeker, f.otherProvider);
    const review = await f.otherSeeker.postJson("/api/reviews", {
      bookingId: booking.id,
      revieweeId: f.otherProvider.person.id,
      rating: 5,
      comment: "Great",
    });
    expect(review.status).toBe(201);
    return { reviewId: (await json(review)).id as string };
  };
  type Target = { target: Actor };
  type Reviewed = { reviewId: string };
  return [
    row("GET /admin", { callers: operatorGets(200), shows: () => ["Jobs posted"] }),
    row("GET /admin/users", {
      send: (c) => ({ path: `/admin/users?q=${encodeURIComponent(c.provider.person.email)}` }),
      callers: operatorGets(200),
      shows: (c) => [c.provider.person.email],
    }),
    row("GET /admin/users/:id", {
      send: (c) => ({ path: `/admin/users/${user(c)}` }),
      callers: operatorGets(200),
      shows: (c) => [c.provider.person.email],
    }),
    row<Target>("POST /admin/users/:id", {
      setup: account,
      send: (c) => ({ path: `/admin/users/${c.target.person.id}`, form: { intent: "suspend", reason: "Spam", days: "1" } }),
      callers: operatorGets(done((c: Fixtures & Target) => `/admin/users/${c.target.person.id}`, "User suspended")),
      verify: async (c) => expect(await whoAmI(c.target)).toBe(401),
      intact: async (c) => expect(await whoAmI(c.target)).toBe(200),
    }),
    row("GET /admin/audit", { callers: operatorGets(200), shows: () => ["Audit log"] }),
    row("GET /admin/signals", { callers: operatorGets(200), shows: () => ["Signals"] }),
    row<Reviewed>("POST /admin/signals", {
      setup: freshReview,
      send: (c) => ({ path: "/admin/signals", form: { intent: "exclude", reviewId: c.reviewId, reason: "Spam" } }),
      callers: operatorGets(done("/admin/signals", "Review excluded")),
    }),
    row("GET /api/admin/overview", { callers: operatorGets(200) }),
    row("GET /api/admin/users", { send: () => ({ path: "/api/admin/users?q=tester" }), callers: operatorGets(200) }),
    row("GET /api/admin/users/:id", { send: (c) => ({ path: `/api/admin/users/${user(c)}` }), callers: operatorGets(200) }),
    row<Target>("POST /api/admin/users/:id/suspend", {
      setup: account,
      send: (c) => ({ path: `/api/admin/users/${c.target.person.id}/suspend`, json: reason }),
      callers: operatorGets(200),
      verify: async (c) => expect(await whoAmI(c.target)).toBe(401),
      intact: async (c) => expect(await whoAmI(c.target)).toBe(200),
    }),
    row<Target>("POST /api/admin/users/:id/reinstate", {
      setup: suspendedAccount,
      send: (c) => ({ path: `/api/admin/users/${c.target.person.id}/reinstate`, json: reason }),
      callers: operatorGets(200),
    }),
    row("GET /api/admin/audit", { callers: operatorGets(200) }),
    row("GET /api/admin/signals", { callers: operatorGets(200) }),
    row<Reviewed>("POST /api/admin/reviews/:id/exclude", {
      setup: freshReview,
      send: (c) => ({ path: `/api/admin/reviews/${c.reviewId}/exclude`, json: reason }),
      callers: operatorGets(200),
    }),
  ];
}

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

const STRANGER_SEEKERS = new Set<Who>(["seeker", "otherSeeker"]);

type Kind = "anonymous" | "suspended" | "operator" | "stranger" | "wrongRole" | "owner";

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
    expect(
      TABLE.map((r) => r.route).filter((route) => !declared.has(route)),
      "rows for routes that are not declared",
    ).toEqual([]);
  });

  for (const r of TABLE) {
    it(`${r.method} ${r.route}${r.variant ? ` (${r.variant})` : ""}`, async () => {
      ledger.take(); // what an earlier failed row left behind is reported there
      const c: Fixtures = { ...fixtures, ...(r.setup ? await r.setup(fixtures) : {}) };
      expect(ledger.take(), "setup").toEqual([]);
      await runCase(r, c, "anonymous", "anonymous", r.anonymous);
      await runCase(r, c, "suspended", "suspended", r.anonymous);
      if (r.stranger) await runCase(r, c, "stranger", r.stranger[0], r.stranger[1]);
      // Outside the console an operator is one more user (issue 34): what is a stranger's is theirs too. The
      // operator's current role is seeker, so the rows whose stranger is a seeker run as them.
      if (r.stranger && STRANGER_SEEKERS.has(r.stranger[0]) && ![r.owner[0]].flat().includes("operator"))
        await runCase(r, c, "operator", "operator", r.stranger[1]);
      if (r.wrongRole) await runCase(r, c, "wrongRole", r.wrongRole[0], r.wrongRole[1]);
      for (const who of [r.owner[0]].flat()) await runCase(r, c, "owner", who, r.owner[1]);
    });
  }
});
