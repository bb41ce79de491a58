// The benchmark dataset as PostgreSQL COPY text, table by table, from a fixed
// seed: the same counts give the same rows (ids included) on every run.
// Tables must be consumed in order (users, jobs, bookings, ...): later tables
// refer to what earlier ones drew. Aggregates (ratings, completed jobs) are
// computed afterwards in SQL from the rows themselves (see seed.ts).
import { base, en, Faker } from "@faker-js/faker";

import { CATEGORY_IDS } from "../../app/lib/categories.ts";
import { CITIES } from "./cities.ts";
import { BENCH_PROVIDER_EMAIL, BENCH_SEEKER_EMAIL, BENCH_USER_DATA, type Counts } from "./scale.ts";

export const SEED = 20261122;

export interface TableData {
  table: string;
  columns: string[];
  rows: number;
  /** COPY text (tab-separated, \N for null), a few thousand lines per chunk. */
  chunks(): Generator<string>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Share of all jobs still open ("posted"); the rest without a booking were withdrawn. */
const POSTED_SHARE = 0.05;
const BOOKING_STATUS_WEIGHTS = { completed: 0.87, cancelled: 0.05, accepted: 0.04, in_progress: 0.04 } as const;
type BookingStatus = keyof typeof BOOKING_STATUS_WEIGHTS;
const BOOKING_STATUSES = Object.keys(BOOKING_STATUS_WEIGHTS) as BookingStatus[];
const JOB_STATUS_OF_BOOKING: Record<BookingStatus, string> = {
  completed: "completed",
  cancelled: "cancelled",
  accepted: "matched",
  in_progress: "in_progress",
};
const RATING_WEIGHTS = [0.03, 0.04, 0.08, 0.25, 0.6];
// The spec's types (decision 0042): a started or completed booking notifies as booking_accepted.
const NOTIFICATION_TYPES = ["job_posted", "booking_accepted", "booking_cancelled", "message", "review"] as const;
const NOTIFICATION_TYPE_WEIGHTS = [0.25, 0.25, 0.05, 0.35, 0.1];

const JOB_TITLES: Record<string, string[]> = {
  repair: [
    "Fix leaking kitchen sink",
    "Replace broken light switch",
    "Repair dishwasher that won't drain",
    "Patch a hole in the wall",
    "Fix a running toilet",
    "Unclog the bathtub drain",
  ],
  cleaning: [
    "Deep clean a two-bedroom apartment",
    "Paint the living room",
    "Move-out cleaning for a studio",
    "Clean windows before a party",
    "Scrub the oven and fridge",
    "Repaint a bedroom",
  ],
  moving: [
    "Help moving a couch up three floors",
    "Deliver a dresser across town",
    "Load a moving truck",
    "Haul old furniture to the curb",
    "Move boxes to storage",
    "Carry a piano downstairs",
  ],
  construction: [
    "Build a small garden shed",
    "Install new baseboards",
    "Retile the bathroom floor",
    "Frame a closet",
    "Replace a rotten deck board",
    "Hang drywall in the basement",
  ],
  assembly: [
    "Assemble an IKEA wardrobe",
    "Mount a 65-inch TV",
    "Put together a bunk bed",
    "Install a ceiling fan",
    "Assemble an office desk",
    "Install blinds in four windows",
  ],
  other: [
    "Wait for a package delivery",
    "Set up a home Wi-Fi network",
    "Help organise the garage",
    "Walk the dog for a week",
    "Water plants while I travel",
    "Set up a smart thermostat",
  ],
};

/** Small fast PRNG (mulberry32): bulk choices without faker's per-call cost. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const hex8 = (n: number) => HEX[n >>> 24] + HEX[(n >>> 16) & 255] + HEX[(n >>> 8) & 255] + HEX[n & 255];

/** A version-4-shaped UUID that depends only on (table, index); distinct within a table, scattered like random ids. */
export function benchId(table: number, index: number): string {
  const a = mix32(index ^ mix32(table * 0x9e3779b9 + 1));
  const b = mix32(a ^ 0x85ebca6b);
  const c = mix32(b + 0xc2b2ae35);
  const d = mix32(c ^ 0x27d4eb2f);
  const h = hex8(a) + hex8(b) + hex8(c) + hex8(d);
  const variant = (8 | (parseInt(h[16], 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const T_USER = 1;
const T_JOB = 2;
const T_BOOKING = 3;
const T_MESSAGE = 4;
const T_REVIEW = 5;
const T_NOTIFICATION = 6;
/** Ids referred to from several tables are computed once. */
function cached(table: number): (i: number) => string {
  const ids: string[] = [];
  return (i) => (ids[i] ??= benchId(table, i));
}
const jobId = (i: number) => benchId(T_JOB, i);

/** COPY text escaping for free text. */
export function text(value: string | null | undefined): string {
  if (value == null) return "\\N";
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}
const ts = (ms: number) => new Date(ms).toISOString();
const CHUNK_LINES = 4000;

export function* inChunks(lines: Iterable<string>): Generator<string> {
  let batch: string[] = [];
  for (const line of lines) {
    batch.push(line);
    if (batch.length === CHUNK_LINES) {
      yield batch.join("\n") + "\n";
      batch = [];
    }
  }
  if (batch.length) yield batch.join("\n") + "\n";
}

/** Knuth's selection sampling: picks exactly `wanted` of `total` items, in one pass. */
class Selection {
  private wanted: number;
  private remaining: number;
  private readonly random: () => number;
  constructor(wanted: number, total: number, random: () => number) {
    this.wanted = wanted;
    this.remaining = total;
    this.random = random;
  }
  next(): boolean {
    const take = this.remaining > 0 && this.random() * this.remaining < this.wanted;
    this.remaining--;
    if (take) this.wanted--;
    return take;
  }
}

export function generateDataset(counts: Counts, now = Date.now()): TableData[] {
  const userId = cached(T_USER);
  const bookingId = cached(T_BOOKING);
  const faker = new Faker({ locale: [en, base] });
  faker.seed(SEED);
  const random = prng(SEED);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const weighted = (weights: readonly number[]) => {
    let r = random();
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  };
  /** Roughly bell-shaped offset in [-spread, spread]: denser towards the city centre. */
  const jitter = (spread: number) => (random() + random() - 1) * spread;

  const firstNames = Array.from({ length: 600 }, () => faker.person.firstName());
  const lastNames = Array.from({ length: 600 }, () => faker.person.lastName());
  const descriptions = Array.from({ length: 400 }, () => faker.lorem.sentences({ min: 1, max: 3 }));
  const messageTexts = [
    ...Array.from({ length: 300 }, () => faker.lorem.sentence({ min: 4, max: 18 })),
    "On my way, be there in 20 minutes.",
    "Is the building entrance on the side street?",
    "Thanks, all done. Let me know if anything else comes up.",
    "Can you bring a ladder?",
    "Running 10 minutes late, sorry!",
  ];
  const bios = Array.from({ length: 200 }, () => faker.person.bio());
  const reviewComments = Array.from({ length: 80 }, () => faker.lorem.sentence({ min: 5, max: 14 }));
  const cityWeights = (() => {
    const total = CITIES.reduce((sum, c) => sum + c.weight, 0);
    return CITIES.map((c) => c.weight / total);
  })();

  // What later tables need from earlier ones.
  const userCity = new Uint8Array(counts.users);
  const userFirst = new Uint16Array(counts.users);
  const providersByCity: number[][] = CITIES.map(() => []);
  const allProviders: number[] = [];
  const seekers: number[] = [];
  const jobCity = new Uint8Array(counts.jobs);
  const jobTitle = new Uint16Array(counts.jobs);
  const booking = {
    count: 0,
    job: new Int32Array(counts.bookings),
    seeker: new Int32Array(counts.bookings),
    provider: new Int32Array(counts.bookings),
    status: new Uint8Array(counts.bookings),
    created: new Float64Array(counts.bookings),
    jobCreated: new Float64Array(counts.bookings),
    completed: new Float64Array(counts.bookings),
  };
  const titleList = CATEGORY_IDS.flatMap((c) => JOB_TITLES[c]);
  const firstNameOf = (u: number) => firstNames[userFirst[u]];
  const bench = BENCH_USER_DATA;
  const benchBookingJobs = bench.providerBookings - bench.sharedBookings;
  const specialJobs = bench.seekerJobs + benchBookingJobs;
  if (counts.jobs < specialJobs * 2 || counts.bookings < bench.providerBookings * 2 || counts.users < 200) {
    throw new Error(`scale too small for the benchmark users: ${JSON.stringify(counts)}`);
  }
  let consumed = 0;
  const inOrder = (position: number) => {
    if (consumed !== position) throw new Error("tables must be generated in order");
    consumed++;
  };

  function* users(): Generator<string> {
    inOrder(0);
    for (let i = 0; i < counts.users; i++) {
      const isBenchSeeker = i === 0;
      const isBenchProvider = i === 1;
      const isProvider = isBenchProvider || (i >= 2 && i % 10 < 3);
      const city = isBenchSeeker || isBenchProvider ? 0 : weighted(cityWeights);
      const place = CITIES[city];
      const first = int(0, firstNames.length - 1);
      userCity[i] = city;
      userFirst[i] = first;
      if (isProvider && !isBenchProvider) {
        providersByCity[city].push(i);
        allProviders.push(i);
      }
      if (!isProvider && !isBenchSeeker) seekers.push(i);
      const created = now - int(30, 1000) * DAY;
      let lat = place.lat + jitter(0.25);
      let lng = place.lng + jitter(0.3);
      if (isBenchSeeker) [lat, lng] = [40.6782, -73.9442];
      if (isBenchProvider) [lat, lng] = [40.758, -73.9855];
      const email = isBenchSeeker ? BENCH_SEEKER_EMAIL : isBenchProvider ? BENCH_PROVIDER_EMAIL : `user${i}@bench.nearhand.dev`;
      const categories = isBenchProvider
        ? ["repair", "assembly"]
        : isProvider
          ? [...new Set(Array.from({ length: int(1, 3) }, () => pick(CATEGORY_IDS)))]
          : [];
      const role = isBenchProvider || (isProvider && random() < 0.8) ? "provider" : "seeker";
      const online = isBenchProvider || (role === "provider" && random() < 0.2);
      yield [
        userId(i),
        email,
        text(firstNames[first]),
        text(pick(lastNames)),
        "\\N",
        role,
        random() < 0.15 ? "business" : "individual",
        random() < 0.7 ? `+1 ${int(201, 989)} 555 ${String(int(0, 9999)).padStart(4, "0")}` : "\\N",
        isProvider && random() < 0.8 ? text(pick(bios)) : "\\N",
        online ? "t" : "f",
        `{${categories.join(",")}}`,
        isProvider ? `${int(25, 120)}.00` : "\\N",
        lat.toFixed(7),
        lng.toFixed(7),
        text(place.name),
        "0",
        "0",
        "0",
        ts(created),
        ts(created),
      ].join("\t");
    }
  }

  function* jobs(): Generator<string> {
    inOrder(1);
    const regular = new Selection(counts.bookings - bench.providerBookings, counts.jobs - specialJobs, random);
    const postedChance = (POSTED_SHARE * counts.jobs) / (counts.jobs - counts.bookings);
    for (let j = 0; j < counts.jobs; j++) {
      const benchSeekerJob = j < bench.seekerJobs;
      const seeker = benchSeekerJob ? 0 : pick(seekers);
      const city = userCity[seeker];
      jobCity[j] = city;
      const place = CITIES[city];
      const category = pick(CATEGORY_IDS);
      const title = int(0, JOB_TITLES[category].length - 1) + CATEGORY_IDS.indexOf(category) * 6;
      jobTitle[j] = title;
      const byBenchProvider = j < bench.sharedBookings || (j >= bench.seekerJobs && j < specialJobs);
      const booked = byBenchProvider || (j >= specialJobs && regular.next());
      let status: string;
      let created: number;
      const budget = random() < 0.9 ? int(20, 500) : null;
      if (booked) {
        const k = booking.count++;
        const bookingStatus: BookingStatus = byBenchProvider
          ? benchBookingStatus(k)
          : BOOKING_STATUSES[weighted(Object.values(BOOKING_STATUS_WEIGHTS))];
        const active = bookingStatus === "accepted" || bookingStatus === "in_progress";
        created = now - (active ? random() * 3 * DAY : DAY + random() * 364 * DAY);
        const provider = byBenchProvider ? 1 : providersByCity[city].length && random() < 0.9 ? pick(providersByCity[city]) : pick(allProviders);
        const bookingCreated = Math.min(now, created + (5 + random() * 115) * 60_000);
        booking.job[k] = j;
        booking.seeker[k] = seeker;
        booking.provider[k] = provider;
        booking.status[k] = BOOKING_STATUSES.indexOf(bookingStatus);
        booking.created[k] = bookingCreated;
        booking.jobCreated[k] = created;
        booking.completed[k] =
          bookingStatus !== "completed"
            ? 0
            : byBenchProvider && k < 25
              ? now - random() * 3 * HOUR // some earnings today
              : Math.min(now, bookingCreated + HOUR + random() * 2 * DAY);
        status = JOB_STATUS_OF_BOOKING[bookingStatus];
      } else {
        status = random() < postedChance ? "posted" : "cancelled";
        created = now - (status === "posted" ? random() * 14 * DAY : 14 * DAY + random() * 351 * DAY);
      }
      const lat = (benchSeekerJob ? 40.6782 : place.lat) + jitter(benchSeekerJob ? 0.05 : 0.25);
      const lng = (benchSeekerJob ? -73.9442 : place.lng) + jitter(benchSeekerJob ? 0.05 : 0.3);
      yield [
        jobId(j),
        userId(seeker),
        category,
        text(titleList[title]),
        text(pick(descriptions)),
        "\\N",
        random() < 0.15 ? "t" : "f",
        lat.toFixed(7),
        lng.toFixed(7),
        text(place.name),
        "f",
        budget == null ? "\\N" : `${budget}.00`,
        status,
        ts(created),
        ts(created),
      ].join("\t");
    }
    if (booking.count !== counts.bookings) throw new Error(`drew ${booking.count} bookings, wanted ${counts.bookings}`);
  }

  /** The benchmark provider's bookings: mostly completed, some active, a few cancelled, the same at every size. */
  function benchBookingStatus(k: number): BookingStatus {
    if (k % 10 === 0) return "accepted";
    if (k % 10 === 5) return "in_progress";
    if (k % 25 === 3) return "cancelled";
    return "completed";
  }

  function* bookings(): Generator<string> {
    inOrder(2);
    for (let k = 0; k < booking.count; k++) {
      const status = BOOKING_STATUSES[booking.status[k]];
      const created = booking.created[k];
      const started = status === "in_progress" || status === "completed" ? Math.min(now, created + HOUR * (1 + random() * 24)) : null;
      const completed = booking.completed[k] || null;
      const updated = completed ?? started ?? created;
      yield [
        bookingId(k),
        jobId(booking.job[k]),
        userId(booking.seeker[k]),
        userId(booking.provider[k]),
        `${int(20, 500)}.00`,
        pick(["card", "card", "card", "paypal", "cash"]),
        status === "completed" && random() < 0.8 ? "paid" : "pending",
        status,
        ts(created),
        ts(created),
        ts(booking.jobCreated[k]),
        started == null ? "\\N" : ts(Math.min(started, completed ?? started)),
        completed == null ? "\\N" : ts(completed),
        ts(created),
        ts(updated),
      ].join("\t");
    }
  }

  function* messages(): Generator<string> {
    inOrder(3);
    const perBooking = new Uint16Array(booking.count);
    const benchMessages = bench.providerBookings * bench.messagesPerProviderBooking;
    for (let k = 0; k < bench.providerBookings; k++) perBooking[k] = bench.messagesPerProviderBooking;
    const spread = booking.count - bench.providerBookings;
    for (let m = benchMessages; m < counts.messages; m++) perBooking[bench.providerBookings + Math.floor(random() * spread)]++;
    let index = 0;
    for (let k = 0; k < booking.count; k++) {
      const n = perBooking[k];
      if (n === 0) continue;
      const start = booking.created[k];
      const window = Math.max(60_000, Math.min(7 * DAY, now - start));
      const times = Array.from({ length: n }, () => start + random() * window).sort((a, b) => a - b);
      const lastUnread = random() < 0.3;
      for (let i = 0; i < n; i++) {
        const fromSeeker = i % 2 === 0;
        const sender = fromSeeker ? booking.seeker[k] : booking.provider[k];
        const receiver = fromSeeker ? booking.provider[k] : booking.seeker[k];
        yield [
          benchId(T_MESSAGE, index++),
          bookingId(k),
          userId(sender),
          userId(receiver),
          text(pick(messageTexts)),
          lastUnread && i === n - 1 ? "f" : "t",
          ts(times[i]),
        ].join("\t");
      }
    }
  }

  function* reviews(): Generator<string> {
    inOrder(4);
    const completedIndex = BOOKING_STATUSES.indexOf("completed");
    let completedCount = 0;
    for (let k = 0; k < booking.count; k++) if (booking.status[k] === completedIndex) completedCount++;
    const bySeeker = Math.min(counts.reviews, completedCount);
    const byProvider = Math.min(counts.reviews - bySeeker, completedCount);
    const seekerPicks = new Selection(bySeeker, completedCount, random);
    const providerPicks = new Selection(byProvider, completedCount, random);
    let index = 0;
    for (let k = 0; k < booking.count; k++) {
      if (booking.status[k] !== completedIndex) continue;
      const pair: Array<[number, number]> = [];
      if (seekerPicks.next()) pair.push([booking.seeker[k], booking.provider[k]]);
      if (providerPicks.next()) pair.push([booking.provider[k], booking.seeker[k]]);
      for (const [reviewer, reviewee] of pair) {
        yield [
          benchId(T_REVIEW, index++),
          bookingId(k),
          userId(reviewer),
          userId(reviewee),
          String(weighted(RATING_WEIGHTS) + 1),
          random() < 0.7 ? text(pick(reviewComments)) : "\\N",
          ts(Math.min(now, booking.completed[k] + random() * 2 * DAY)),
        ].join("\t");
      }
    }
  }

  function* notifications(): Generator<string> {
    inOrder(5);
    for (let n = 0; n < counts.notifications; n++) {
      const user = n < bench.providerNotifications ? 1 : int(0, counts.users - 1);
      const type = NOTIFICATION_TYPES[weighted(NOTIFICATION_TYPE_WEIGHTS)];
      const j = int(0, counts.jobs - 1);
      const k = int(0, booking.count - 1);
      const title = titleList[jobTitle[j]];
      const other = firstNameOf(int(0, counts.users - 1));
      const [heading, message, related] = {
        job_posted: ["New job near you", `"${title}" · ${CITIES[jobCity[j]].name} · ${(random() * 30).toFixed(1)} mi away`, jobId(j)],
        booking_accepted: ["Job accepted", `${other} accepted "${title}"`, bookingId(k)],
        booking_cancelled: ["Booking cancelled", `${other} cancelled the booking for "${title}"`, bookingId(k)],
        message: [`New message from ${other}`, `"${title}": ${pick(messageTexts)}`, bookingId(k)],
        review: ["New review", `${other} rated you ${weighted(RATING_WEIGHTS) + 1} of 5 for "${title}"`, bookingId(k)],
      }[type];
      yield [
        benchId(T_NOTIFICATION, n),
        userId(user),
        type,
        text(heading),
        text(message),
        related,
        random() < 0.7 ? "t" : "f",
        ts(now - random() * 365 * DAY),
      ].join("\t");
    }
  }

  const table = (name: string, columns: string[], rows: number, lines: () => Generator<string>): TableData => ({
    table: name,
    columns,
    rows,
    chunks: () => inChunks(lines()),
  });
  return [
    table(
      "users",
      [
        "id",
        "email",
        "first_name",
        "last_name",
        "profile_image_url",
        "current_role",
        "user_type",
        "phone_number",
        "bio",
        "is_provider_online",
        "provider_categories",
        "hourly_rate",
        "latitude",
        "longitude",
        "address",
        "total_jobs_completed",
        "average_rating",
        "total_reviews",
        "created_at",
        "updated_at",
      ],
      counts.users,
      users,
    ),
    table(
      "jobs",
      [
        "id",
        "seeker_id",
        "category_id",
        "title",
        "description",
        "image_url",
        "is_urgent",
        "latitude",
        "longitude",
        "address",
        "location_approximate",
        "budget",
        "status",
        "created_at",
        "updated_at",
      ],
      counts.jobs,
      jobs,
    ),
    table(
      "bookings",
      [
        "id",
        "job_id",
        "seeker_id",
        "provider_id",
        "agreed_price",
        "payment_method",
        "payment_status",
        "status",
        "scheduled_at",
        "accepted_at",
        "job_posted_at",
        "started_at",
        "completed_at",
        "created_at",
        "updated_at",
      ],
      counts.bookings,
      bookings,
    ),
    table("messages", ["id", "booking_id", "sender_id", "receiver_id", "content", "is_read", "created_at"], counts.messages, messages),
    table("reviews", ["id", "booking_id", "reviewer_id", "reviewee_id", "rating", "comment", "created_at"], counts.reviews, reviews),
    table("notifications", ["id", "user_id", "type", "title", "message", "related_id", "is_read", "created_at"], counts.notifications, notifications),
  ];
}
