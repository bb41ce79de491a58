// Hostile input, generated: more than 10,000 requests per run against every
// JSON endpoint, every form action and a few pages, from a seeker, a provider
// and an anonymous client. Every answer must be below 500, every request the
// generator built to be refused must be refused (JSON API: a 4xx), and the
// database (row counts and checksums of every table) must be unchanged by
// every refused and every read-only request.
//
// The plan runs in windows of WINDOW requests: first those that may be
// accepted, one at a time (a JSON request answered with a 4xx is compared
// with the snapshot before it); then the refused and read-only ones,
// concurrently in small groups, compared once at the end of the window with
// the snapshot taken after the last accepted one. FUZZ_SEED=<n> replays a
// run (the seed is printed).
import { createECDH, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CATEGORIES } from "../../app/lib/categories.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { snapshotReader, type DatabaseSnapshot, type SnapshotReader } from "../support/db-snapshot.ts";
import {
  blank,
  bodyObject,
  formEncodings,
  formFields,
  hostileString,
  jsonEncodings,
  longerThan,
  notAString,
  notAUuid,
  type FormRule,
  type Rules,
} from "../support/hostile.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_240);
const CONCURRENCY = 8;
const WINDOW = 256;
/**
 * Node answers longer request heads with 431 and drops the connection mid-body; no proxy lets them through either.
 * Counted as sent: "é" is six characters on the wire (%C3%A9), so 4,000 of them made a 24 KB head.
 */
const MAX_URL = 4000;

/** The path cut until it is at most MAX_URL characters once percent-encoded, as fetch sends it. */
function withinUrlLimit(path: string): string {
  const sentLength = (p: string) => new URL(p, "http://h").href.length - "http://h".length;
  let cut = path.slice(0, MAX_URL);
  while (sentLength(cut) > MAX_URL) cut = cut.slice(0, Math.floor(cut.length * 0.9));
  return cut;
}

type As = "seeker" | "provider" | "anonymous";
/** refused: must be refused and change nothing; read: any answer below 500, changes nothing; either: may be accepted. */
type Expect = "refused" | "read" | "either";

interface FuzzRequest {
  label: string;
  as: As;
  method: string;
  path: string;
  /** `Origin: ""` stands for the app's own origin, as the app's pages send it. */
  headers?: Record<string, string>;
  body?: string | FormData | Uint8Array<ArrayBuffer>;
  expect: Expect;
  api: boolean;
}

interface Party {
  id: string;
  client: HttpClient;
}

interface Fixtures {
  seeker: Party;
  provider: Party;
  jobIds: string[];
  bookingIds: string[];
  notificationIds: string[];
  imageUrls: { seeker: string; provider: string };
  /** The seeker's push devices (decision 0077). */
  pushDeviceIds: string[];
}

let app: AppServer;
let origin: string;
let snapshots: SnapshotReader;
let fixtures: Fixtures;

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

beforeAll(async () => {
  app = await startAppServer();
  origin = new URL(app.url).origin;
  snapshots = await snapshotReader(app);
  fixtures = await createFixtures();
});

const totals = {
  requests: 0,
  byClass: { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 } as Record<string, number>,
  rejected: 0,
  accepted: 0,
  nested: 0,
  comparisons: 0,
  changedBy: 0,
  snapshots: 0,
  snapshotMs: 0,
  started: 0,
};

afterAll(async () => {
  const { requests, byClass, rejected, accepted, comparisons } = totals;
  const serverErrors = byClass["5xx"] + (byClass["no answer"] ?? 0);
  console.log(
    `fuzz: seed ${SEED}, ${requests} requests, ${serverErrors} 5xx, ${rejected} rejected, ${accepted} accepted or redirected, ${totals.nested} nested past the depth limit; ` +
      `answers ${Object.entries(byClass)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}; ` +
      `${comparisons} database comparisons, snapshot ${totals.changedBy ? "CHANGED" : "unchanged"} by every refused or read-only request; ` +
      `${totals.snapshots} snapshots took ${(totals.snapshotMs / 1000).toFixed(1)} s of ${((performance.now() - totals.started) / 1000).toFixed(1)} s` +
      `${cpuSeconds()} (wall time grows with whatever else the machine runs)`,
  );
  await snapshots?.close();
  await app?.stop();
});

/** CPU seconds of this process and of the server (Linux: /proc), for judging the wall time. */
function cpuSeconds(): string {
  const own = process.cpuUsage();
  let server = "";
  try {
    const fields = readFileSync(`/proc/${app.process.pid}/stat`, "utf8").split(") ")[1].split(" ");
    server = `, server ${((Number(fields[11]) + Number(fields[12])) / 100).toFixed(1)} s`;
  } catch {
    // not Linux, or the server is gone
  }
  return `; CPU: tests ${((own.user + own.system) / 1e6).toFixed(1)} s${server}`;
}

async function signedIn(label: string, role: "seeker" | "provider"): Promise<Party> {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label), label, "Fuzz");
  if (role === "provider") {
    await client.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" });
    await client.postJson("/api/users/toggle-online", { isOnline: true });
  }
  const me = (await (await client.request("/api/auth/user")).json()) as { id: string };
  return { id: me.id, client };
}

async function ok<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  if (!answer.ok) throw new Error(`fixture request answered ${answer.status}: ${await answer.text()}`);
  return answer.json() as Promise<T>;
}

async function uploadImage(party: Party): Promise<string> {
  const params = await ok<{ url: string; imageUrl: string }>(
    party.client.request(`/api/object-storage/upload-url?contentType=image/png&size=${PNG.byteLength}`),
  );
  const put = await fetch(params.url, { method: "PUT", body: new Uint8Array(PNG), headers: { "Content-Type": "image/png" } });
  if (!put.ok) throw new Error(`upload answered ${put.status}`);
  return params.imageUrl;
}

/** A seeker with jobs, a provider with bookings in each state, messages and notifications. */
async function createFixtures(): Promise<Fixtures> {
  const seeker = await signedIn("fuzz-seeker", "seeker");
  const provider = await signedIn("fuzz-provider", "provider");
  const jobIds: string[] = [];
  for (const [i, categoryId] of ["repair", "cleaning", "moving", "assembly", "other", "repair"].entries()) {
    const job = await ok<{ id: string }>(
      seeker.client.postJson("/api/jobs", { title: `Fuzz job ${i}`, description: "A job to aim at", categoryId, budget: 20 + i }),
    );
    jobIds.push(job.id);
  }
  const bookingIds: string[] = [];
  for (const jobId of jobIds.slice(0, 3)) bookingIds.push((await ok<{ id: string }>(provider.client.postJson("/api/bookings", { jobId }))).id);
  await ok(provider.client.postJson(`/api/bookings/${bookingIds[0]}/status`, { status: "in_progress" }, "PATCH"));
  await ok(provider.client.postJson(`/api/bookings/${bookingIds[0]}/status`, { status: "completed" }, "PATCH"));
  await ok(provider.client.postJson(`/api/bookings/${bookingIds[1]}/status`, { status: "in_progress" }, "PATCH"));
  await ok(seeker.client.postJson("/api/messages", { bookingId: bookingIds[1], content: "Hello", receiverId: provider.id }));
  await ok(provider.client.postJson("/api/messages", { bookingId: bookingIds[1], content: "Hi", receiverId: seeker.id }));
  const notificationIds = [
    ...(await ok<Array<{ id: string }>>(seeker.client.request("/api/notifications"))),
    ...(await ok<Array<{ id: string }>>(provider.client.request("/api/notifications"))),
  ].map((n) => n.id);
  const pushDeviceIds: string[] = [];
  for (const subscription of PUSH_SUBSCRIPTIONS)
    pushDeviceIds.push((await ok<{ id: string }>(seeker.client.postJson("/api/push-subscriptions", subscription))).id);
  return {
    seeker,
    provider,
    jobIds,
    bookingIds,
    notificationIds,
    imageUrls: { seeker: await uploadImage(seeker), provider: await uploadImage(provider) },
    pushDeviceIds,
  };
}

// ---------------------------------------------------------------- generators

const CATEGORY_IDS = CATEGORIES.map((c) => c.id);
const signedInParty = fc.constantFrom<As>("seeker", "provider");
const anyParty = fc.oneof({ weight: 9, arbitrary: signedInParty }, { weight: 1, arbitrary: fc.constant<As>("anonymous") });

/** An id from the fixtures (known), a random id or garbage (both unknown: refused by every endpoint that looks it up). */
function idFrom(known: string[]): fc.Arbitrary<{ id: string; known: boolean }> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known).map((id) => ({ id, known: true })) },
    { weight: 2, arbitrary: fc.uuid().map((id) => ({ id, known: false })) },
    { weight: 2, arbitrary: notAUuid.map((id) => ({ id, known: false })) },
  );
}

/** A path segment as a client would send it: encoded, or (sometimes) raw. */
const segment = (id: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant(encodeURIComponent(id.toWellFormed())) },
    { weight: 1, arbitrary: fc.constant(id.replace(/[/?#\s\\]/g, "").toWellFormed() || "x") },
  );

const text = (max: number) =>
  fc.string({ minLength: 1, maxLength: Math.min(max, 60), unit: fc.constantFrom(..."abcdefghij XYZ0123éü💥\u0000\n\t<>&'\"".split("")) });
/** Text for a one-line field (a name, a title): no line breaks or tabs, which it refuses (decision 0066). */
const lineText = (max: number) =>
  fc.string({ minLength: 1, maxLength: Math.min(max, 60), unit: fc.constantFrom(..."abcdefghij XYZ0123éü💥<>&'\"".split("")) });
/** One-line fields (names, titles, places) or multi-line ones (descriptions, messages, comments, bio). */
type Lines = "one" | "many";
/** A control character inside the text, where trimming leaves it: refused by a one-line field (line breaks and tabs too) or by any. */
const withControl = (lines: Lines) =>
  fc
    .tuple(
      fc.constantFrom("Ann", "Fix the sink"),
      lines === "one"
        ? fc.constantFrom("\r\n", "\n", "\r", "\t", "\u0007", "\u001b[2J", "\u007f", "\u0085", "\u2028")
        : fc.constantFrom("\u0007", "\u001b[2J", "\u007f", "\u0085", "\u000b", "\u0008"),
      fc.constantFrom("Bcc: victim@example.com", "B"),
    )
    .map(([before, control, after]) => before + control + after);
const textOf = (max: number, lines: Lines) => (lines === "one" ? lineText(max) : text(max));
const requiredText = (max: number, lines: Lines): { valid: fc.Arbitrary<unknown>; invalid: fc.Arbitrary<unknown> } => ({
  valid: fc.oneof(
    textOf(max, lines),
    hostileString.filter((s) => s.trim().length > 0 && s.length <= max),
  ),
  invalid: fc.oneof(blank, longerThan(max), notAString, fc.constant(null), withControl(lines)),
});
const optionalLine = (max: number) => ({
  valid: fc.oneof(lineText(max), fc.constant(null), fc.constant("")),
  invalid: fc.oneof(
    longerThan(max),
    notAString.filter((v) => v !== null && typeof v !== "string"),
    withControl("one"),
  ),
  optional: true,
});
const enumOf = <T extends string>(values: readonly T[]) => ({
  valid: fc.constantFrom(...values),
  invalid: fc.oneof(
    hostileString.filter((s) => !values.includes(s as T)),
    notAString,
    fc.constant(null),
  ),
});

/** Headers for a state-changing API request: same-origin (as HttpClient sends), or a cross-site attempt (refused). */
const apiOrigin: fc.Arbitrary<{ headers: Record<string, string>; crossSite: boolean }> = fc.oneof(
  { weight: 20, arbitrary: fc.constant({ headers: { Origin: "" } as Record<string, string>, crossSite: false }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom<Record<string, string>>({ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, { Origin: "null" })
      .map((headers) => ({ headers, crossSite: true })),
  },
);

interface JsonEndpoint {
  method: string;
  path: (fx: Fixtures) => fc.Arbitrary<{ path: string; known: boolean }>;
  rules: (fx: Fixtures) => Rules;
  /** Given a valid-shaped body: may it be accepted (it must be refused otherwise)? */
  acceptable?: (body: Record<string, unknown>, fx: Fixtures, as: As) => boolean;
}

const fixedPath = (path: string) => () => fc.constant({ path, known: true });
const idPath = (prefix: string, suffix: string, pick: (fx: Fixtures) => string[]) => (fx: Fixtures) =>
  idFrom(pick(fx)).chain(({ id, known }) => segment(id).map((s) => ({ path: `${prefix}${s}${suffix}`, known })));

const uuidField = (known: string[]) => ({
  valid: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.uuid() }),
  invalid: fc.oneof(notAUuid, notAString, fc.constant(null)),
});
const isKnown = (value: unknown, known: string[]) => typeof value === "string" && known.includes(value);

/** Browsers' push subscriptions, their endpoints a closed port on loopback (the worker's sends fail at once). */
const PUSH_SUBSCRIPTIONS = [1, 2, 3].map((n) => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `http://127.0.0.1:9/push/fuzz-${n}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
});

const JSON_ENDPOINTS: Record<string, JsonEndpoint> = {
  "POST /api/jobs": {
    method: "POST",
    path: fixedPath("/api/jobs"),
    rules: (fx) => ({
      title: requiredText(120, "one"),
      description: requiredText(2000, "many"),
      categoryId: enumOf(CATEGORY_IDS),
      imageUrl: {
        valid: fc.constantFrom(null, "", fx.imageUrls.seeker, fx.imageUrls.provider),
        invalid: fc.oneof(
          longerThan(500),
          notAString.filter((v) => v !== null),
          fc.constantFrom(
            "/images/users/../../etc/passwd",
            "../../etc/passwd",
            "/images/users/x/y.png",
            "https://evil.example/x.png",
            "/images/..%2f..%2fx.png",
            "/images/\u0000.png",
          ),
        ),
        optional: true,
      },
      isUrgent: { valid: fc.boolean(), invalid: fc.oneof(fc.constantFrom("true", "yes", 1, 0, null), hostileString), optional: true },
      address: optionalLine(200),
      budget: {
        valid: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom("12.50", "0", null, 99_999_999.99)),
        invalid: fc.oneof(
          fc.constantFrom(-1, -0.01, 1e9, 0.001, "abc", "1e3", "NaN", "-5", true, [], {}),
          hostileString.filter((s) => !/^\s*-?\d+(\.\d+)?\s*$/.test(s)),
        ),
        optional: true,
      },
      latitude: {
        valid: fc.double({ min: -90, max: 90, noNaN: true }),
        invalid: fc.constantFrom(90.5, -91, 1e308, "north", "1e2", true),
        optional: true,
      },
      longitude: { valid: fc.double({ min: -180, max: 180, noNaN: true }), invalid: fc.constantFrom(180.5, -181, "east", false), optional: true },
    }),
    // Only one's own upload may be attached.
    acceptable: (body, fx, as) => !body.imageUrl || body.imageUrl === (as === "seeker" ? fx.imageUrls.seeker : fx.imageUrls.provider),
  },
  "POST /api/bookings": {
    method: "POST",
    path: fixedPath("/api/bookings"),
    rules: (fx) => ({
      jobId: uuidField(fx.jobIds),
      seekerId: { ...uuidField([fx.seeker.id]), optional: true },
      agreedPrice: {
        valid: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
        invalid: fc.oneof(fc.boolean(), fc.constant(null), fc.array(fc.integer())),
        optional: true,
      },
      paymentMethod: { ...enumOf(["card", "paypal", "cash"] as const), optional: true },
      paymentStatus: { valid: fc.constant("pending"), invalid: fc.oneof(fc.constantFrom("paid", "refunded", "PENDING"), notAString), optional: true },
      scheduledAt: {
        valid: fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString()),
        invalid: fc.oneof(fc.constantFrom("tomorrow", "2024-13-45T00:00:00Z", "", "0"), notAString),
        optional: true,
      },
    }),
    acceptable: (body, fx) => isKnown(body.jobId, fx.jobIds),
  },
  "PATCH /api/bookings/:id/status": {
    method: "PATCH",
    path: idPath("/api/bookings/", "/status", (fx) => fx.bookingIds),
    rules: () => ({ status: enumOf(["pending", "accepted", "in_progress", "completed", "cancelled"] as const) }),
  },
  "POST /api/reviews": {
    method: "POST",
    path: fixedPath("/api/reviews"),
    rules: (fx) => ({
      bookingId: uuidField(fx.bookingIds),
      revieweeId: uuidField([fx.seeker.id, fx.provider.id]),
      rating: {
        valid: fc.integer({ min: 1, max: 5 }),
        invalid: fc.oneof(
          fc.constantFrom(0, 6, -1, 2.5, 1e9, "5", "five", null),
          fc.double().filter((n) => !Number.isInteger(n) || n < 1 || n > 5),
        ),
      },
      comment: {
        valid: fc.oneof(text(500), fc.constant("")),
        invalid: fc.oneof(longerThan(500), fc.integer(), fc.boolean(), fc.constant(null), withControl("many")),
        optional: true,
      },
    }),
    acceptable: (body, fx) => isKnown(body.bookingId, fx.bookingIds),
  },
  "POST /api/messages": {
    method: "POST",
    path: fixedPath("/api/messages"),
    rules: (fx) => ({
      bookingId: uuidField(fx.bookingIds),
      content: requiredText(2000, "many"),
      receiverId: uuidField([fx.seeker.id, fx.provider.id]),
    }),
    acceptable: (body, fx) => isKnown(body.bookingId, fx.bookingIds),
  },
  "POST /api/favorites": {
    method: "POST",
    path: fixedPath("/api/favorites"),
    rules: (fx) => ({
      targetType: enumOf(["provider", "job"] as const),
      targetId: uuidField([...fx.jobIds, fx.provider.id, fx.seeker.id]),
      role: enumOf(["seeker", "provider"] as const),
    }),
    acceptable: (body, fx) => isKnown(body.targetId, [...fx.jobIds, fx.provider.id, fx.seeker.id]),
  },
  "DELETE /api/favorites": {
    method: "DELETE",
    path: fixedPath("/api/favorites"),
    rules: (fx) => ({
      targetType: enumOf(["provider", "job"] as const),
      targetId: uuidField([...fx.jobIds, fx.provider.id]),
      role: enumOf(["seeker", "provider"] as const),
    }),
    // Removing what is not there is a 200 that changes nothing.
  },
  "POST /api/users/switch-role": {
    method: "POST",
    path: fixedPath("/api/users/switch-role"),
    rules: () => ({ newRole: enumOf(["seeker", "provider"] as const), userType: enumOf(["individual", "business"] as const) }),
  },
  "POST /api/users/toggle-online": {
    method: "POST",
    path: fixedPath("/api/users/toggle-online"),
    rules: () => ({ isOnline: { valid: fc.boolean(), invalid: fc.oneof(fc.constantFrom("true", "false", 1, 0, null, "on"), hostileString) } }),
  },
  "PATCH /api/notifications/:id/read": {
    method: "PATCH",
    path: idPath("/api/notifications/", "/read", (fx) => fx.notificationIds),
    rules: () => ({}),
  },
  "PATCH /api/notifications/read-all": {
    method: "PATCH",
    path: fixedPath("/api/notifications/read-all"),
    rules: () => ({}),
  },
  "POST /api/push-subscriptions": {
    method: "POST",
    path: fixedPath("/api/push-subscriptions"),
    rules: () => ({
      endpoint: {
        valid: fc.constantFrom(...PUSH_SUBSCRIPTIONS.map((s) => s.endpoint), "https://push.example.invalid/send/fuzz"),
        invalid: fc.oneof(
          fc.constantFrom("http://push.example.com/send/x", "ftp://push.example.com/x", "javascript:alert(1)", "", "https://"),
          notAString,
          fc.constant(null),
        ),
      },
      keys: {
        valid: fc.constantFrom(...PUSH_SUBSCRIPTIONS.map((s) => s.keys)),
        invalid: fc.oneof(
          notAString,
          fc.constant(null),
          fc.record({ p256dh: hostileString, auth: hostileString }),
          fc.constant({ p256dh: PUSH_SUBSCRIPTIONS[0].keys.p256dh, auth: "short" }),
        ),
      },
      expirationTime: { valid: fc.constantFrom(null, 1_800_000_000_000), invalid: fc.oneof(hostileString, fc.constant(true)), optional: true },
    }),
  },
  "PATCH /api/push-subscriptions/:id": {
    method: "PATCH",
    path: idPath("/api/push-subscriptions/", "", (fx) => fx.pushDeviceIds),
    rules: () =>
      Object.fromEntries(
        ["urgentJobs", "bookings", "messages", "reviews"].map((kind) => [
          kind,
          { valid: fc.boolean(), invalid: fc.oneof(hostileString, fc.constantFrom(null, 0, 1, "true")), optional: true },
        ]),
      ),
    // A body that names no kind changes nothing and is refused.
    acceptable: (body) => ["urgentJobs", "bookings", "messages", "reviews"].some((kind) => (body as Record<string, unknown>)[kind] !== undefined),
  },
  "DELETE /api/push-subscriptions/:id": {
    method: "DELETE",
    path: idPath("/api/push-subscriptions/", "", (fx) => fx.pushDeviceIds),
    rules: () => ({}),
  },
};

/** Endpoints whose body is ignored: a refused request there is refused for its path, client or origin only. */
const BODY_IGNORED = new Set(["PATCH /api/notifications/:id/read", "PATCH /api/notifications/read-all", "DELETE /api/push-subscriptions/:id"]);

function jsonRequest(name: string, endpoint: JsonEndpoint, fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ as: anyParty, at: endpoint.path(fx), body: bodyObject(endpoint.rules(fx)), origin: apiOrigin })
    .chain(({ as, at, body, origin: o }) =>
      jsonEncodings(body.value).map((encoded): FuzzRequest => {
        const bodyRefused =
          !BODY_IGNORED.has(name) && (encoded.refused || body.broken || (endpoint.acceptable ? !endpoint.acceptable(body.value, fx, as) : false));
        const refused = as === "anonymous" || o.crossSite || !at.known || bodyRefused;
        return {
          label: `${name} [${encoded.encoding}${body.broken ? ", broken field" : ""}]`,
          as,
          method: endpoint.method,
          path: at.path,
          headers: { ...o.headers, ...(encoded.contentType === undefined ? {} : { "Content-Type": encoded.contentType }) },
          body: encoded.body,
          expect: refused ? "refused" : "either",
          api: true,
        };
      }),
    );
}

/** GET endpoints with hostile ids and query strings; the ones that mark messages read may change data. */
function apiReads(fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  const query = (params: Record<string, fc.Arbitrary<string>>) =>
    fc
      .record(params, { requiredKeys: [] })
      .map((p) => new URLSearchParams(Object.entries(p).flatMap(([k, v]) => (v === undefined ? [] : [[k, v.toWellFormed()]]))).toString());
  const read = (label: string, path: fc.Arbitrary<string | { path: string; known: boolean }>) =>
    fc.tuple(anyParty, path).map(([as, p]): FuzzRequest => {
      // Opening a thread marks its messages read: a known thread may change data.
      const expect: Expect = as === "anonymous" ? "refused" : typeof p === "string" ? "read" : p.known ? "either" : "refused";
      return { label, as, method: "GET", path: typeof p === "string" ? p : p.path, expect, api: true };
    });
  const ids = (known: string[]) => idFrom(known).chain(({ id }) => segment(id));
  return fc.oneof(
    read(
      "GET /api/jobs/:id",
      ids(fx.jobIds).map((s) => `/api/jobs/${s}`),
    ),
    read(
      "GET /api/bookings/:id",
      ids(fx.bookingIds).map((s) => `/api/bookings/${s}`),
    ),
    read(
      "GET /api/users/:id",
      ids([fx.provider.id, fx.seeker.id]).map((s) => `/api/users/${s}`),
    ),
    read(
      "GET /api/providers/available",
      query({ categoryId: fc.oneof(fc.constantFrom(...CATEGORY_IDS), hostileString) }).map((q) => `/api/providers/available?${q}`),
    ),
    read(
      "GET /api/object-storage/upload-url",
      query({
        contentType: fc.oneof(
          fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "text/html", "../../etc/passwd", "image/png\u0000"),
          hostileString,
        ),
        size: fc.oneof(
          fc.constantFrom("1", "0", "-1", "NaN", "1e3", "10485760", "10485761", "1.5", "", " 7 ", "0x10", "Infinity", "9".repeat(400)),
          hostileString,
        ),
        key: fc.constantFrom("../../etc/passwd", "users/other/x.png", "%2e%2e/x"),
        name: fc.constantFrom("..\\x.png", "a\u0000.png", "../../x"),
      }).map((q) => `/api/object-storage/upload-url?${q}`),
    ),
    read(
      "GET /api/messages?bookingId",
      idFrom(fx.bookingIds).map(({ id, known }) => ({ path: `/api/messages?${new URLSearchParams({ bookingId: id.toWellFormed() })}`, known })),
    ),
    read("GET /api/messages/:bookingId", idPath("/api/messages/", "", (f) => f.bookingIds)(fx)),
    read(
      "GET /api/(lists)",
      fc.constantFrom(
        "/api/auth/user",
        "/api/categories",
        "/api/jobs/my-jobs",
        "/api/jobs/available",
        "/api/bookings/my-bookings",
        "/api/reviews/received",
        "/api/notifications",
        "/api/messages/conversations",
        "/api/favorites",
        "/api/no/such/endpoint",
        "/api/jobs/%ZZ",
        "/api/bookings/..%2F..%2Fetc%2Fpasswd",
        "/api/users/%00",
      ),
    ),
  );
}

/** Wrong methods everywhere: 405, never a 500, never a change. */
function wrongMethods(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      as: anyParty,
      method: fc.constantFrom("PUT", "DELETE", "PATCH", "POST", "OPTIONS"),
      path: fc.constantFrom(
        "/api/jobs",
        "/api/bookings",
        "/api/reviews",
        "/api/users/switch-role",
        "/api/users/toggle-online",
        "/api/categories",
        "/api/auth/user",
        "/api/jobs/my-jobs",
        "/api/notifications",
        "/api/object-storage/upload-url",
      ),
    })
    .filter(
      ({ method, path }) =>
        !(method === "POST" && ["/api/jobs", "/api/bookings", "/api/reviews", "/api/users/switch-role", "/api/users/toggle-online"].includes(path)),
    )
    .map(({ as, method, path }): FuzzRequest => ({
      label: `${method} ${path} [wrong method]`,
      as,
      method,
      path,
      headers: { "Content-Type": "application/json" },
      body: method === "OPTIONS" ? undefined : "{}",
      // OPTIONS answers the route's methods (204), reading and changing nothing.
      expect: method === "OPTIONS" ? "read" : "refused",
      api: true,
    }));
}

// ---- form actions

const formText = (max: number, lines: Lines): FormRule => ({
  valid: fc.oneof(
    textOf(max, lines).filter((s) => s.trim().length > 0),
    hostileString.filter((s) => s.trim().length > 0 && s.length <= max),
  ),
  invalid: fc.oneof(blank, longerThan(max), fc.constant(undefined), withControl(lines)),
});
const optionalFormText = (max: number, lines: Lines): FormRule => ({
  valid: fc.oneof(textOf(max, lines), fc.constant("")),
  invalid: fc.oneof(longerThan(max), withControl(lines)),
  optional: true,
});
/** One of `values`; refused: anything outside `refusedOutside` (default: the values), or nothing. */
const formEnum = (values: readonly string[], refusedOutside: readonly string[] = values): FormRule => ({
  valid: fc.constantFrom(...values),
  invalid: fc.oneof(
    hostileString.filter((s) => !refusedOutside.includes(s)),
    fc.constant(undefined),
  ),
});
const returnTo: FormRule = {
  valid: fc.oneof(
    fc.constantFrom("/", "/my-jobs", "//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)"),
    hostileString,
  ),
  optional: true,
};

interface FormAction {
  path: (fx: Fixtures) => fc.Arbitrary<{ path: string; known: boolean }>;
  rules: (fx: Fixtures) => Record<string, FormRule>;
  /** Given a valid-shaped form: may the action accept it (it must refuse the rest)? */
  acceptable?: (fields: Map<string, string>, fx: Fixtures) => boolean;
}

const knownIn = (value: string | undefined, known: string[]) => value !== undefined && known.includes(value);
const formUuid = (known: string[]): FormRule => ({
  valid: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.uuid() }),
  invalid: fc.oneof(notAUuid, fc.constant(undefined)),
});

const FORM_ACTIONS: Record<string, FormAction> = {
  "POST /availability": {
    path: () => fc.constant({ path: "/availability", known: true }),
    rules: () => ({ isOnline: formEnum(["true", "false"]), returnTo }),
  },
  "POST /favorites/toggle": {
    path: () => fc.constant({ path: "/favorites/toggle", known: true }),
    rules: (fx) => ({
      targetType: formEnum(["provider", "job"]),
      targetId: formUuid([...fx.jobIds, fx.provider.id]),
      intent: formEnum(["add", "remove"]),
      role: { valid: fc.constantFrom("seeker", "provider", "admin", ""), optional: true },
      returnTo,
    }),
    acceptable: (f, fx) => knownIn(f.get("targetId"), [...fx.jobIds, fx.provider.id, fx.seeker.id]),
  },
  "POST /jobs/:id": {
    path: (fx) => idFrom(fx.jobIds).chain(({ id, known }) => segment(id).map((s) => ({ path: `/jobs/${s}`, known }))),
    rules: () => ({ intent: formEnum(["accept", "cancel"]), returnTo }),
  },
  "POST /bookings/:id (status)": {
    path: (fx) => idFrom(fx.bookingIds).chain(({ id, known }) => segment(id).map((s) => ({ path: `/bookings/${s}`, known }))),
    rules: () => ({
      intent: formEnum(["status"], ["status", "review"]),
      status: formEnum(["pending", "accepted", "in_progress", "completed", "cancelled"]),
    }),
  },
  "POST /bookings/:id (review)": {
    path: (fx) => idFrom(fx.bookingIds).chain(({ id, known }) => segment(id).map((s) => ({ path: `/bookings/${s}`, known }))),
    rules: () => ({
      intent: formEnum(["review"], ["status", "review"]),
      rating: {
        valid: fc.constantFrom("1", "2", "3", "4", "5"),
        invalid: fc.constantFrom(undefined, "", "0", "6", "-1", "2.5", "five", "NaN", "Infinity"),
      },
      comment: optionalFormText(500, "many"),
    }),
  },
  "POST /messages": {
    path: () => fc.constant({ path: "/messages", known: true }),
    rules: (fx) => ({ bookingId: formUuid(fx.bookingIds), content: formText(2000, "many") }),
    acceptable: (f, fx) => knownIn(f.get("bookingId"), fx.bookingIds),
  },
  "POST /notifications (read)": {
    path: () => fc.constant({ path: "/notifications", known: true }),
    rules: (fx) => ({ intent: formEnum(["read"], ["read", "read-all"]), id: formUuid(fx.notificationIds) }),
    acceptable: (f, fx) => knownIn(f.get("id"), fx.notificationIds),
  },
  "POST /notifications (read-all)": {
    path: () => fc.constant({ path: "/notifications", known: true }),
    rules: () => ({ intent: formEnum(["read-all"], ["read", "read-all"]) }),
  },
  "POST /post-job": {
    path: () =>
      fc
        .oneof(fc.constantFrom(...CATEGORY_IDS), hostileString)
        .map((c) => ({ path: `/post-job?${new URLSearchParams({ category: c.toWellFormed(), step: "3" })}`, known: true })),
    rules: (fx) => ({
      categoryId: formEnum(CATEGORY_IDS),
      title: formText(120, "one"),
      description: formText(2000, "many"),
      location: {
        valid: fc.oneof(lineText(200), fc.constantFrom("", "Brooklyn, NY", "90210")),
        invalid: fc.oneof(longerThan(200), withControl("one")),
        optional: true,
      },
      budget: { valid: fc.constantFrom("", "0", "15", "99.99"), invalid: fc.constantFrom("-1", "abc", "1e12", "0.001", "NaN"), optional: true },
      isUrgent: { valid: fc.constantFrom("on"), optional: true },
      latitude: { valid: fc.constantFrom("40.7"), invalid: fc.constantFrom("91", "-1000", "north"), optional: true },
      longitude: { valid: fc.constantFrom("-73.9"), invalid: fc.constantFrom("181", "east"), optional: true },
      // Either party's image is well-formed; whose it is decides (imageRefused): a poster may attach only their own.
      imageUrl: {
        valid: fc.constantFrom("", fx.imageUrls.seeker, fx.imageUrls.provider),
        invalid: fc.constantFrom("/images/users/../../etc/passwd", "../../x.png", "/images/%2e%2e/x.png"),
        optional: true,
      },
    }),
  },
  "POST /profile": {
    path: () => fc.constant({ path: "/profile", known: true }),
    rules: () => ({
      firstName: formText(100, "one"),
      lastName: optionalFormText(100, "one"),
      phoneNumber: {
        valid: fc.constantFrom("", "+1 (555) 010-9999", "555.0100"),
        invalid: fc.constantFrom("call me", "555-CALL", "<script>", "1".repeat(41), "555\r\n0100", "555\t0100"),
        optional: true,
      },
      bio: optionalFormText(1000, "many"),
      address: optionalFormText(200, "one"),
      hourlyRate: {
        valid: fc.constantFrom("", "0", "45", "10000", "12.5"),
        invalid: fc.constantFrom("-1", "abc", "10001", "1e9", "0.001"),
        optional: true,
      },
      providerCategories: {
        valid: fc.subarray(CATEGORY_IDS),
        invalid: fc.constantFrom(["plumbing"], ["repair", "admin"], ["Repair"]),
        optional: true,
      },
    }),
  },
  "POST /profile/photo": {
    path: () => fc.constant({ path: "/profile/photo", known: true }),
    rules: (fx) => ({
      imageUrl: {
        valid: fc.constantFrom(fx.imageUrls.seeker, fx.imageUrls.provider),
        invalid: fc.oneof(
          fc.constantFrom("", "/images/users/../../etc/passwd", "/images/x.png", "https://evil.example/a.png"),
          notAUuid,
          fc.constant(undefined),
        ),
      },
    }),
    // The seeker's image is only the seeker's: the provider is refused it, and the other way round.
    acceptable: () => true,
  },
  "POST /switch-role": {
    path: () => fc.constant({ path: "/switch-role", known: true }),
    rules: () => ({ newRole: formEnum(["seeker", "provider"]), userType: formEnum(["individual", "business"]), returnTo }),
  },
};

function formRequest(name: string, action: FormAction, fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      as: anyParty,
      at: action.path(fx),
      form: formFields(action.rules(fx)),
      crossSite: fc.oneof({ weight: 30, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    })
    .chain(({ as, at, form, crossSite }) =>
      formEncodings(form.fields).map((encoded): FuzzRequest => {
        const fields = new Map(form.fields);
        const ownImage = as === "seeker" ? fx.imageUrls.seeker : fx.imageUrls.provider;
        const imageRefused =
          (name === "POST /profile/photo" || name === "POST /post-job") &&
          (fields.get("imageUrl") ?? "") !== "" &&
          fields.get("imageUrl") !== ownImage;
        const refused =
          as === "anonymous" ||
          crossSite ||
          !at.known ||
          form.broken ||
          encoded.refused ||
          imageRefused ||
          (action.acceptable ? !action.acceptable(fields, fx) : false);
        return {
          label: `${name} [${encoded.encoding}${form.broken ? ", broken field" : ""}${crossSite ? ", cross-site" : ""}]`,
          as,
          method: "POST",
          path: at.path,
          headers: {
            Origin: crossSite ? "https://evil.example" : "",
            ...(encoded.contentType === undefined ? {} : { "Content-Type": encoded.contentType }),
          },
          body: encoded.body,
          expect: refused ? "refused" : "either",
          api: false,
        };
      }),
    );
}

/** Pages with hostile ids and query strings: any answer below 500, nothing changed. */
function pageReads(fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  const q = hostileString.map((s) => encodeURIComponent(s.toWellFormed()));
  const path = fc.oneof(
    idFrom(fx.jobIds)
      .chain(({ id }) => segment(id))
      .map((s) => `/jobs/${s}`),
    idFrom(fx.bookingIds)
      .chain(({ id }) => segment(id))
      .map((s) => `/bookings/${s}`),
    idFrom([fx.provider.id])
      .chain(({ id }) => segment(id))
      .map((s) => `/providers/${s}`),
    q.map((s) => `/messages?booking=${s}`),
    fc.tuple(q, q).map(([c, s]) => `/post-job?category=${c}&step=${s}`),
    q.map((s) => `/switch-role?returnTo=${s}`),
    q.map((s) => `/favorites?tab=${s}`),
    q.map((s) => `/my-jobs?status=${s}`),
    q.map((s) => `/bookings/${fx.bookingIds[0]}?dialog=${s}&confirm=${s}`),
    q.map((s) => `/images/${s}`),
  );
  return fc
    .tuple(signedInParty, path)
    .map(([as, p]): FuzzRequest => ({ label: `GET ${p.split(/[/?]/)[1]} (page)`, as, method: "GET", path: p, expect: "read", api: false }));
}

/** Framework-level oddities: server-action ids nobody exports, RSC payload requests, unknown pages. */
function frameworkOddities(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      as: anyParty,
      path: fc.constantFrom("/profile", "/post-job?category=repair&step=3", "/", "/no/such/page", "/profile.rsc", "/messages.rsc", "/_root.data"),
      actionId: fc.oneof(fc.constant(undefined), fc.constantFrom("x", "../../etc/passwd#default", "0".repeat(40))),
      body: fc.constantFrom("[]", "{}", "garbage", ""),
      contentType: fc.constantFrom("text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=zz"),
    })
    .map(({ as, path, actionId, body, contentType }): FuzzRequest => ({
      label: `POST ${path.split("?")[0]} [${actionId ? "rsc-action-id" : "page"}]`,
      as,
      method: "POST",
      path,
      headers: { Origin: "", "Content-Type": contentType, ...(actionId ? { "rsc-action-id": actionId } : {}) },
      body,
      // Nothing here is a form of ours: a valid url-encoded "{}" to /profile is still missing its first name.
      expect: "refused",
      api: false,
    }));
}

/**
 * Other spellings of our paths (decision 0063): a static segment in another case, or a letter, digit or -._~
 * percent-encoded. Each is refused with a 4xx whoever sends it, read or write: the router once matched them like the
 * canonical path, around the API's rate limit and body checks, and served a signed-in user's data.
 */
function otherSpellings(fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  const templates: Array<Array<string | { id: string }>> = [
    ["api", "auth", "user"],
    ["api", "jobs", "my-jobs"],
    ["api", "messages"],
    ["api", "favorites"],
    ["api", "jobs", { id: fx.jobIds[0] }],
    ["api", "bookings", { id: fx.bookingIds[0] }, "status"],
    ["favorites"],
    ["profile"],
    ["my-jobs"],
    ["jobs", { id: fx.jobIds[0] }],
  ];
  const UNRESERVED = /[A-Za-z0-9._~-]/;
  const encode = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
  // Each character of a static segment as written, in the other case, or percent-encoded (hex in either case).
  const spelled = (segment: string) =>
    fc
      .array(fc.constantFrom("same", "same", "same", "case", "encode", "ENCODE"), { minLength: segment.length, maxLength: segment.length })
      .map((choices) =>
        [...segment]
          .map((c, i) => {
            const choice = choices[i];
            if (choice === "case") return c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
            if (choice === "encode" && UNRESERVED.test(c)) return encode(c);
            if (choice === "ENCODE" && UNRESERVED.test(c)) return encode(c).toUpperCase();
            return c;
          })
          .join(""),
      );
  return fc
    .record({
      as: anyParty,
      template: fc.constantFrom(...templates),
      suffix: fc.constantFrom("", "", "/", ".rsc", ".data"),
      write: fc.boolean(),
    })
    .chain(({ as, template, suffix, write }) =>
      fc
        .tuple(...template.map((part) => (typeof part === "string" ? spelled(part) : fc.constant(part.id))))
        .map((parts) => ({ as, template, suffix, write, parts })),
    )
    .filter(({ template, parts }) => parts.some((part, i) => part !== template[i] && typeof template[i] === "string"))
    .map(({ as, suffix, write, parts }): FuzzRequest => {
      const path = `/${parts.join("/")}${suffix}`;
      return {
        label: `${write ? "POST" : "GET"} (another spelling)`,
        as,
        method: write ? "POST" : "GET",
        path,
        headers: write ? { Origin: "", "Content-Type": "application/json" } : {},
        body: write
          ? JSON.stringify({ bookingId: fx.bookingIds[0], content: "spelled", receiverId: fx.provider.id, jobId: fx.jobIds[0], status: "completed" })
          : undefined,
        expect: "refused",
        // An API spelling is judged as the API is (anything below 400 was not refused); a page spelling as pages
        // are: whatever it answers (a signed-out write is sent to sign in first), it changes nothing.
        api: decodeURIComponent(parts[0]).toLowerCase() === "api",
      };
    });
}

function everything(fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    ...Object.entries(JSON_ENDPOINTS).map(([name, endpoint]) => ({ weight: 6, arbitrary: jsonRequest(name, endpoint, fx) })),
    { weight: 8, arbitrary: apiReads(fx) },
    { weight: 3, arbitrary: wrongMethods() },
    ...Object.entries(FORM_ACTIONS).map(([name, action]) => ({ weight: 4, arbitrary: formRequest(name, action, fx) })),
    { weight: 2, arbitrary: pageReads(fx) },
    { weight: 2, arbitrary: frameworkOddities() },
    { weight: 2, arbitrary: otherSpellings(fx) },
  );
}

// ------------------------------------------------------------------ running

function clientFor(as: As): HttpClient {
  if (as === "seeker") return fixtures.seeker.client;
  if (as === "provider") return fixtures.provider.client;
  return new HttpClient(app.url);
}

interface Answer {
  request: FuzzRequest;
  status: number;
  text: string;
}

async function send(request: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  if (headers.Origin === "") headers.Origin = origin;
  // A string body gets a text/plain type from fetch unless one is given: send bytes when there is to be none.
  const body = typeof request.body === "string" && !("Content-Type" in headers) ? new TextEncoder().encode(request.body) : request.body;
  try {
    const response = await clientFor(request.as).request(request.path, { method: request.method, headers, body });
    return { request, status: response.status, text: await response.text() };
  } catch (error) {
    // No usable answer at all (a reset connection, an oversized header): as bad as a 500.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return { request, status: 0, text: String(cause) };
  }
}

function describeRequest(r: FuzzRequest): string {
  const body =
    r.body === undefined
      ? ""
      : r.body instanceof FormData
        ? `multipart ${JSON.stringify([...r.body.entries()]).slice(0, 300)}`
        : typeof r.body === "string"
          ? r.body.slice(0, 300)
          : `${r.body.byteLength} bytes`;
  return `${r.label}: ${r.as} ${r.method} ${r.path.slice(0, 200)} ${JSON.stringify(r.headers ?? {})} ${JSON.stringify(body)}`;
}

function changedTables(before: DatabaseSnapshot, after: DatabaseSnapshot): string {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((n) => JSON.stringify(before[n]) !== JSON.stringify(after[n]))
    .map((n) => `${n}: ${before[n]?.rows ?? "-"} → ${after[n]?.rows ?? "-"} rows${before[n]?.md5 !== after[n]?.md5 ? ", checksum changed" : ""}`)
    .join("; ");
}

describe("hostile input", () => {
  it(`answers ${REQUESTS} generated requests below 500 and refused ones change nothing`, { timeout: 600_000 }, async () => {
    console.log(`fuzz: fc seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
    totals.started = performance.now();
    const plan = fc.sample(everything(fixtures), { seed: SEED, numRuns: REQUESTS }).map((r) => ({ ...r, path: withinUrlLimit(r.path) }));
    const take = async () => {
      const started = performance.now();
      const snapshot = await snapshots.take();
      totals.snapshots++;
      totals.snapshotMs += performance.now() - started;
      return snapshot;
    };
    const serverErrors: string[] = [];
    const notRefused: string[] = [];
    const changes: string[] = [];
    let baseline = await take();
    /** An accepted request ran since the baseline was taken: take one before it is needed again. */
    let dirty = false;

    const record = (answer: Answer) => {
      totals.requests++;
      if (answer.request.label.includes("[nested")) totals.nested++;
      const kind = answer.status === 0 ? "no answer" : `${Math.floor(answer.status / 100)}xx`;
      totals.byClass[kind] = (totals.byClass[kind] ?? 0) + 1;
      if (answer.status >= 500 || answer.status === 0)
        serverErrors.push(`${answer.status} ← ${describeRequest(answer.request)} → ${answer.text.slice(0, 200)}`);
      const refusedAnswer = answer.status >= 400 && answer.status < 500;
      if (refusedAnswer || (answer.request.expect === "refused" && answer.status > 0 && answer.status < 500)) totals.rejected++;
      // The JSON API answers a refusal with a 4xx; a form action redirects back with its error, so only the database can tell.
      if (answer.request.expect === "refused" && answer.request.api && answer.status > 0 && answer.status < 400) {
        notRefused.push(`${answer.status} ← ${describeRequest(answer.request)} → ${answer.text.slice(0, 200)}`);
      }
    };
    /** The database now must be the baseline: `requests` were refused or read-only. */
    const verify = async (requests: FuzzRequest[]) => {
      const now = await take();
      totals.comparisons++;
      if (JSON.stringify(now) !== JSON.stringify(baseline)) {
        totals.changedBy++;
        changes.push(`${changedTables(baseline, now)} during ${requests.length} requests:\n  ${requests.map(describeRequest).join("\n  ")}`);
      }
      baseline = now;
    };

    // Window by window: first the requests that may be accepted, one at a time (a JSON one that was
    // refused must have changed nothing: snapshots before and after it); then the rest, concurrently in
    // small groups, with no accepted request among them, compared once at the end of the window.
    // A form action redirects whether it accepted or refused, so only the database could tell.
    for (let start = 0; start < plan.length; start += WINDOW) {
      const window = plan.slice(start, start + WINDOW);
      // Form posts first: they need no snapshot of their own, so the JSON ones come after a single one.
      const mayChange = window.filter((r) => r.expect === "either").sort((a, b) => Number(a.api) - Number(b.api));
      for (const request of mayChange) {
        if (request.api && dirty) {
          baseline = await take();
          dirty = false;
        }
        const answer = await send(request);
        record(answer);
        if (request.api && answer.status >= 400 && answer.status < 500) await verify([request]);
        else {
          totals.accepted++;
          dirty = true;
        }
      }
      if (dirty) {
        baseline = await take();
        dirty = false;
      }
      const rest = window.filter((r) => r.expect !== "either");
      for (let i = 0; i < rest.length; i += CONCURRENCY) {
        for (const answer of await Promise.all(rest.slice(i, i + CONCURRENCY).map(send))) record(answer);
      }
      await verify(rest);
    }

    const report = [
      serverErrors.length && `${serverErrors.length} answers of 500 or more, or none:\n${serverErrors.slice(0, 25).join("\n")}`,
      notRefused.length && `${notRefused.length} requests built to be refused were accepted:\n${notRefused.slice(0, 25).join("\n")}`,
      changes.length && `${changes.length} times refused or read-only requests changed the database:\n${changes.slice(0, 5).join("\n")}`,
      app.process.exitCode !== null && `the server exited (${app.process.exitCode}):\n${app.output().slice(-3000)}`,
    ].filter(Boolean);
    expect(report.join("\n\n"), `seed ${SEED}`).toBe("");
    expect(totals.requests).toBeGreaterThanOrEqual(Math.min(REQUESTS, 10_000));
    expect(totals.nested, "bodies nested past the depth limit").toBeGreaterThan(0);
  });
});
