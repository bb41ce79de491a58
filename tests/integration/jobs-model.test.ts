import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import type { DomainError } from "~/lib/errors";
import { getBookingForParty, GO_ONLINE_TO_ACCEPT, JOB_ALREADY_ACCEPTED, JOB_OUT_OF_REACH, listMyBookings } from "~/models/booking.server";
import { countSeekerJobsByStatus, createJobSchema, getJobForViewer, listAvailableJobs, listSeekerJobs } from "~/models/job.server";
import {
  countAvailableProvidersByCategory,
  getProviderStats,
  listAvailableProviders,
  PROVIDER_COUNTS_MAX_AGE_MS,
  recentAvailableProviderCounts,
  startOfDayIn,
} from "~/models/provider.server";
import { setProviderOnline } from "~/operations/availability.server";
import { acceptJobIn as acceptJob, moveBookingIn as transitionBooking } from "~/operations/bookings.server";
import { cancelJobIn as cancelJob, postJobIn as createJob } from "~/operations/jobs.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { modelTestDatabase, refusal } from "../support/model-database.ts";
import { PROVIDER_CARD } from "../support/spec-fields.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));

describe("posting jobs", () => {
  it("resolves a typed location to coordinates and an empty one to 'New York, NY'", async () => {
    const seeker = await user();
    const brooklyn = await createJob(db, seeker.id, {
      categoryId: "repair",
      title: "Sink",
      description: "Leaks",
      address: "Brooklyn, NY",
      budget: 120,
    });
    expect(brooklyn).toMatchObject({ address: "Brooklyn, NY", budget: "120.00", status: "posted", locationApproximate: false });
    expect(Number(brooklyn.latitude)).toBeCloseTo(40.65, 1);
    const empty = await createJob(db, seeker.id, { categoryId: "repair", title: "T", description: "D", address: "" });
    expect(empty).toMatchObject({ address: "New York, NY", latitude: "40.7128000", longitude: "-74.0060000", budget: null });
    const unknown = await createJob(db, seeker.id, { categoryId: "repair", title: "T", description: "D", address: "Behind the old mill" });
    expect(unknown).toMatchObject({ address: "Behind the old mill", locationApproximate: true, latitude: "40.7128000" });
    const browser = await createJob(db, seeker.id, { categoryId: "repair", title: "T", description: "D", latitude: 40.6782, longitude: -73.9442 });
    expect(browser).toMatchObject({ address: "Brooklyn, NY", latitude: "40.6782000" });
    // Typed text that resolves wins over where the browser is (a job elsewhere).
    const typedWins = await createJob(db, seeker.id, {
      categoryId: "repair",
      title: "T",
      description: "D",
      address: "Chicago, IL",
      latitude: 40.6782,
      longitude: -73.9442,
    });
    expect(Number(typedWins.latitude)).toBeCloseTo(41.8, 0);
    // Unrecognised text keeps its words on the browser's coordinates.
    const landmark = await createJob(db, seeker.id, {
      categoryId: "repair",
      title: "T",
      description: "D",
      address: "Behind the old mill",
      latitude: 40.6782,
      longitude: -73.9442,
    });
    expect(landmark).toMatchObject({ address: "Behind the old mill", latitude: "40.6782000", locationApproximate: false });
  });

  it("validates the API payload with the table's rules", () => {
    const ok = createJobSchema.safeParse({
      title: " Fix ",
      description: "d",
      categoryId: "repair",
      isUrgent: true,
      latitude: 40.7,
      longitude: "-74.0",
      address: "x",
      budget: "15.5",
    });
    expect(ok.success && ok.data).toMatchObject({ title: "Fix", latitude: 40.7, longitude: -74, budget: 15.5 });
    const bad = [
      { description: "d", categoryId: "repair" },
      { title: " ", description: "d", categoryId: "repair" },
      { title: "t", description: "d", categoryId: "plumbing" },
      { title: "t", description: "d", categoryId: "repair", budget: -1 },
      { title: "t", description: "d", categoryId: "repair", budget: "ten" },
      { title: "t", description: "d", categoryId: "repair", latitude: 91, longitude: 0 },
      { title: "t", description: "d", categoryId: "repair", latitude: 40 },
      { title: "x".repeat(121), description: "d", categoryId: "repair" },
      { title: "t", description: "d", categoryId: "repair", isUrgent: "yes" },
    ];
    for (const payload of bad) expect(createJobSchema.safeParse(payload).success, JSON.stringify(payload)).toBe(false);
  });

  it("lists the seeker's own jobs newest first with the nested seeker", async () => {
    const seeker = await user({ firstName: "Sam", averageRating: "4.50" });
    const other = await user();
    const first = await createJob(db, seeker.id, { categoryId: "moving", title: "First", description: "d" });
    await new Promise((r) => setTimeout(r, 5));
    const second = await createJob(db, seeker.id, { categoryId: "moving", title: "Second", description: "d" });
    await createJob(db, other.id, { categoryId: "moving", title: "Not mine", description: "d" });
    const mine = await listSeekerJobs(db, seeker.id);
    expect(mine.map((j) => j.id)).toEqual([second.id, first.id]);
    expect(mine[0].seeker).toEqual({ id: seeker.id, firstName: "Sam", lastName: seeker.lastName, profileImageUrl: null, averageRating: "4.50" });
    expect((await getJobForViewer(db, first.id, other.id))?.seeker.firstName).toBe("Sam");
    expect(await getJobForViewer(db, "not-a-uuid", seeker.id)).toBeNull();
    expect((await countSeekerJobsByStatus(db, seeker.id)).posted).toBe(2);
  });
});

describe("a seeker's jobs in pages", () => {
  it("pages on from a job of theirs without skipping or repeating jobs of the same moment; another's job pages nothing", async () => {
    const seeker = await user();
    const other = await user();
    const posted = [];
    for (const title of ["a", "b", "c", "d", "e"]) posted.push(await createJob(db, seeker.id, { categoryId: "moving", title, description: "d" }));
    // Three of them posted in the same microsecond: only the id orders them.
    const sameMoment = new Date("2026-11-20T10:00:00.123Z");
    for (const job of posted.slice(1, 4)) await db.update(t.jobs).set({ createdAt: sameMoment }).where(eq(t.jobs.id, job.id));
    const all = (await listSeekerJobs(db, seeker.id)).map((j) => j.id);
    expect(all).toHaveLength(5);

    const pages: string[][] = [];
    let before: string | undefined;
    for (;;) {
      const page = (await listSeekerJobs(db, seeker.id, { limit: 2, before })).map((j) => j.id);
      if (page.length === 0) break;
      pages.push(page);
      before = page.at(-1);
    }
    expect(pages.flat()).toEqual(all);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect((await listSeekerJobs(db, seeker.id, { status: "posted", limit: 10, before: all[1] })).map((j) => j.id)).toEqual(all.slice(2));

    // A tab's page may start from a job no longer of that status: the cursor is a position, whatever its status.
    await cancelJob(db, seeker.id, all[1]!);
    expect((await listSeekerJobs(db, seeker.id, { status: "posted", limit: 10, before: all[1] })).map((j) => j.id)).toEqual(all.slice(2));

    const theirs = await createJob(db, other.id, { categoryId: "moving", title: "theirs", description: "d" });
    expect(await listSeekerJobs(db, seeker.id, { before: theirs.id })).toEqual([]);
  });
});

describe("available jobs near a provider", () => {
  it("lists posted jobs within the radius: my categories first, then urgent, then nearest", async () => {
    const seeker = await user();
    const me = await provider({ providerCategories: ["assembly"], latitude: "40.7580000", longitude: "-73.9855000" });
    const near = await createJob(db, seeker.id, { categoryId: "repair", title: "near", description: "d", latitude: 40.76, longitude: -73.98 });
    const farther = await createJob(db, seeker.id, { categoryId: "repair", title: "farther", description: "d", latitude: 40.65, longitude: -73.95 });
    const urgent = await createJob(db, seeker.id, {
      categoryId: "repair",
      title: "urgent",
      description: "d",
      latitude: 40.7,
      longitude: -73.9,
      isUrgent: true,
    });
    const mine = await createJob(db, seeker.id, { categoryId: "assembly", title: "my category", description: "d", latitude: 40.7, longitude: -74.1 });
    const faraway = await createJob(db, seeker.id, { categoryId: "repair", title: "Boston", description: "d", address: "Boston, MA" });
    const own = await createJob(db, me.id, { categoryId: "assembly", title: "own", description: "d", latitude: 40.76, longitude: -73.98 });

    const list = await listAvailableJobs(db, me);
    const ids = list.map((j) => j.id);
    expect(ids).not.toContain(faraway.id);
    expect(ids).not.toContain(own.id);
    const order = [mine.id, urgent.id, near.id, farther.id];
    expect(ids.filter((id) => order.includes(id))).toEqual(order);
    const nearItem = list.find((j) => j.id === near.id)!;
    expect(nearItem.distanceMiles).toBeLessThan(1);
    expect(list.find((j) => j.id === farther.id)!.distanceMiles).toBeGreaterThan(7);
  });

  it("fills the list group by group: mine urgent, mine, others urgent, others; the limit cuts across groups", async () => {
    // Far from every other test's jobs, so the small limit sees only these.
    const seeker = await user();
    const me = await provider({ providerCategories: ["assembly", "moving"], latitude: "20.0000000", longitude: "20.0000000" });
    const at = (miles: number) => ({ latitude: 20 + miles / 69.1, longitude: 20 });
    const post = (categoryId: string, title: string, miles: number, urgent?: { isUrgent: true }) =>
      createJob(db, seeker.id, { categoryId, title, description: "d", ...at(miles), ...urgent });
    const otherFar = await post("repair", "other far", 20);
    const otherUrgentFar = await post("cleaning", "other urgent far", 30, { isUrgent: true });
    const otherUrgentNear = await post("repair", "other urgent near", 1, { isUrgent: true });
    const mineFar = await post("moving", "mine far", 40);
    const mineUrgent = await post("assembly", "mine urgent", 45, { isUrgent: true });

    const all = await listAvailableJobs(db, me);
    expect(all.map((j) => j.id)).toEqual([mineUrgent.id, mineFar.id, otherUrgentNear.id, otherUrgentFar.id, otherFar.id]);
    expect(all.map((j) => j.inMyCategories)).toEqual([true, true, false, false, false]);
    const three = await listAvailableJobs(db, me, { limit: 3 });
    expect(three.map((j) => j.id)).toEqual([mineUrgent.id, mineFar.id, otherUrgentNear.id]);
  });

  it("measures from New York, NY when the provider has no location", async () => {
    const seeker = await user();
    const me = await provider({ latitude: null, longitude: null, providerCategories: [] });
    const job = await createJob(db, seeker.id, { categoryId: "other", title: "nyc", description: "d", address: "New York, NY" });
    const item = (await listAvailableJobs(db, me)).find((j) => j.id === job.id);
    // Measured to the job's approximate point (decision 0039): 40.71, -74.01 is 0.3 miles from 40.7128, -74.006.
    expect(item?.distanceMiles).toBeLessThan(0.5);
  });

  it("keeps to the radius, and lists the newest first among jobs at the same spot", async () => {
    // Far from every other test's jobs, so the small limit sees only these.
    const seeker = await user();
    const me = await provider({ providerCategories: ["cleaning"], latitude: "10.0000000", longitude: "10.0000000" });
    const sameSpot = [];
    for (const title of ["first", "second", "third", "fourth", "fifth"]) {
      sameSpot.push(await createJob(db, seeker.id, { categoryId: "cleaning", title, description: "d", latitude: 10, longitude: 10 }));
    }
    // One degree of latitude is 69.1 miles: 0.7° is about 48 miles, 0.75° about 52.
    const inside = await createJob(db, seeker.id, { categoryId: "moving", title: "inside", description: "d", latitude: 10.7, longitude: 10 });
    const outside = await createJob(db, seeker.id, { categoryId: "moving", title: "outside", description: "d", latitude: 10.75, longitude: 10 });

    const newest = await listAvailableJobs(db, me, { limit: 3 });
    expect(newest.map((j) => j.title)).toEqual(["fifth", "fourth", "third"]);
    expect(newest[0]).not.toHaveProperty("position");

    const all = await listAvailableJobs(db, me);
    expect(all.map((j) => j.id)).toEqual([...sameSpot.map((j) => j.id).reverse(), inside.id]);
    expect(all.at(-1)!.distanceMiles).toBeCloseTo(48.4, 0);
    expect(all.map((j) => j.id)).not.toContain(outside.id);
  });

  it("leaves out jobs that are no longer posted", async () => {
    const seeker = await user();
    const me = await provider();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "gone", description: "d", latitude: 40.76, longitude: -73.98 });
    await cancelJob(db, seeker.id, job.id);
    expect((await listAvailableJobs(db, me)).map((j) => j.id)).not.toContain(job.id);
  });

  it("with savedAs, says which role the provider saved each job under, that role first, as their favorites list does", async () => {
    const seeker = await user();
    const me = await provider({ providerCategories: ["cleaning"], latitude: "-30.0000000", longitude: "30.0000000" });
    const other = await provider({ latitude: "-30.0000000", longitude: "30.0000000" });
    const post = (title: string) => createJob(db, seeker.id, { categoryId: "cleaning", title, description: "d", latitude: -30, longitude: 30 });
    const [asProvider, asSeeker, underBoth, savedByOther, none] = [
      await post("p"),
      await post("s"),
      await post("b"),
      await post("o"),
      await post("n"),
    ];
    const save = (userId: string, targetId: string, role: "seeker" | "provider") =>
      db.insert(t.favorites).values({ userId, targetType: "job", targetId, role });
    await save(me.id, asProvider.id, "provider");
    await save(me.id, asSeeker.id, "seeker");
    await save(me.id, underBoth.id, "seeker");
    await save(me.id, underBoth.id, "provider");
    await save(other.id, savedByOther.id, "provider");
    // A provider saved as a favorite with the same id as a job would be another target: not this job's heart.
    await db.insert(t.favorites).values({ userId: me.id, targetType: "provider", targetId: none.id, role: "provider" });

    const listed = await listAvailableJobs(db, me, { savedAs: "provider" });
    const roleOf = (id: string) => listed.find((j) => j.id === id)?.savedRole;
    expect([asProvider, asSeeker, underBoth, savedByOther, none].map((j) => roleOf(j.id))).toEqual(["provider", "seeker", "provider", null, null]);
    const asTheSeeker = await listAvailableJobs(db, me, { savedAs: "seeker" });
    expect(asTheSeeker.find((j) => j.id === underBoth.id)?.savedRole).toBe("seeker");
    // The jobs API does not ask, and its items carry no such field.
    expect((await listAvailableJobs(db, me)).find((j) => j.id === asProvider.id)).not.toHaveProperty("savedRole");
  });
});

describe("accepting a job", () => {
  it("creates an accepted booking at the budget and matches the job, in one step", async () => {
    const seeker = await user();
    const me = await provider();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d", budget: 95.5 });
    const booking = await acceptJob(db, me, { jobId: job.id });
    expect(booking).toMatchObject({
      jobId: job.id,
      seekerId: seeker.id,
      providerId: me.id,
      agreedPrice: "95.50",
      paymentMethod: "card",
      paymentStatus: "pending",
      status: "accepted",
    });
    expect(booking.scheduledAt).toBeInstanceOf(Date);
    expect((await getJobForViewer(db, job.id, seeker.id))?.status).toBe("matched");
  });

  it("prices a job without a budget at 0", async () => {
    const seeker = await user();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
    expect((await acceptJob(db, await provider(), { jobId: job.id })).agreedPrice).toBe("0.00");
  });

  it("refuses seekers, one's own job, unknown jobs and jobs already accepted, changing nothing", async () => {
    const seeker = await user();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
    expect((await refusal(acceptJob(db, seeker, { jobId: job.id }))).kind).toBe("forbidden");
    const selfProvider = await provider();
    const ownJob = await createJob(db, selfProvider.id, { categoryId: "repair", title: "t", description: "d" });
    expect((await refusal(acceptJob(db, selfProvider, { jobId: ownJob.id }))).kind).toBe("forbidden");
    expect((await getJobForViewer(db, ownJob.id, selfProvider.id))?.status).toBe("posted");
    expect((await refusal(acceptJob(db, selfProvider, { jobId: "00000000-0000-4000-8000-000000000000" }))).kind).toBe("not_found");
    await acceptJob(db, await provider(), { jobId: job.id });
    const late = await refusal(acceptJob(db, await provider(), { jobId: job.id }));
    expect(late.kind).toBe("conflict");
    expect(late.message).toBe(JOB_ALREADY_ACCEPTED);
    const all = await db.select().from(t.bookings).where(eq(t.bookings.jobId, job.id));
    expect(all).toHaveLength(1);
    expect(await db.select().from(t.bookings).where(eq(t.bookings.jobId, ownJob.id))).toHaveLength(0);
  });

  it("lets exactly one of 20 concurrent providers win", async () => {
    const seeker = await user();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "race", description: "d", budget: 50 });
    const providers = await Promise.all(Array.from({ length: 20 }, () => provider()));
    const results = await Promise.allSettled(providers.map((p) => acceptJob(db, p, { jobId: job.id })));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect((r.reason as DomainError).kind).toBe("conflict");
    expect(await db.select().from(t.bookings).where(eq(t.bookings.jobId, job.id))).toHaveLength(1);
  });

  it("shows a booking to its two parties only", async () => {
    const seeker = await user();
    const me = await provider();
    const stranger = await user();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
    const booking = await acceptJob(db, me, { jobId: job.id });
    expect((await getBookingForParty(db, booking.id, seeker.id))?.provider.id).toBe(me.id);
    expect((await getBookingForParty(db, booking.id, me.id))?.seeker.id).toBe(seeker.id);
    expect(await getBookingForParty(db, booking.id, stranger.id)).toBeNull();
    expect((await listMyBookings(db, me.id)).map((b) => b.id)).toContain(booking.id);
    expect((await listMyBookings(db, seeker.id)).map((b) => b.id)).toContain(booking.id);
    expect(await listMyBookings(db, stranger.id)).toEqual([]);
  });
});

describe("who sees a job's location (decision 0039)", () => {
  const street = "350 Jay St, Brooklyn, NY 11201";

  it("a posted job: anyone gets the area and coordinates rounded to 2 decimals; its seeker the address", async () => {
    const seeker = await user();
    const stranger = await provider();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d", address: street });
    expect(await getJobForViewer(db, job.id, seeker.id)).toMatchObject({
      address: street,
      latitude: "40.6940000",
      longitude: "-73.9903000",
      exactLocation: true,
    });
    const seen = await getJobForViewer(db, job.id, stranger.id);
    expect(seen).toMatchObject({ id: job.id, address: "Brooklyn, NY", latitude: "40.6900000", longitude: "-73.9900000", exactLocation: false });
    expect(seen?.seeker.id).toBe(seeker.id);
    // The list of jobs near a provider: the same area, and the distance to the approximate point.
    const listed = (await listAvailableJobs(db, stranger)).find((j) => j.id === job.id);
    expect(listed).toMatchObject({ address: "Brooklyn, NY", latitude: "40.6900000", longitude: "-73.9900000", exactLocation: false });
    expect(JSON.stringify(listed)).not.toContain("Jay St");
    // The providers told about it read the area, never the street.
    const [notice] = await db.select().from(t.notifications).where(eq(t.notifications.relatedId, job.id));
    if (notice) expect(notice.message).not.toContain("Jay St");
  });

  it("the seeker and the provider of an active booking get the address; after it the provider gets the area; anyone else 404", async () => {
    const seeker = await user();
    const me = await provider();
    const stranger = await provider();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d", address: street });
    const booking = await acceptJob(db, me, { jobId: job.id });
    expect(await getJobForViewer(db, job.id, me.id)).toMatchObject({ address: street, latitude: "40.6940000", exactLocation: true });
    expect(await getJobForViewer(db, job.id, stranger.id)).toBeNull();
    await transitionBooking(db, booking.id, me.id, "in_progress");
    expect(await getJobForViewer(db, job.id, me.id)).toMatchObject({ address: street, exactLocation: true });
    await transitionBooking(db, booking.id, me.id, "completed");
    expect(await getJobForViewer(db, job.id, me.id)).toMatchObject({
      status: "completed",
      address: "Brooklyn, NY",
      latitude: "40.6900000",
      exactLocation: false,
    });
    expect(await getJobForViewer(db, job.id, seeker.id)).toMatchObject({ address: street, exactLocation: true });
    expect(await getJobForViewer(db, job.id, stranger.id)).toBeNull();
  });

  it("a job withdrawn before anyone accepted it is its seeker's alone", async () => {
    const seeker = await user();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d", address: street });
    await cancelJob(db, seeker.id, job.id);
    expect(await getJobForViewer(db, job.id, (await provider()).id)).toBeNull();
    expect((await getJobForViewer(db, job.id, seeker.id))?.status).toBe("cancelled");
  });
});

describe("accepting only what the provider could see (decision 0039)", () => {
  it("refuses an offline provider with 403, whatever the provider object says, changing nothing", async () => {
    const seeker = await user();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
    const offline = await provider({ isProviderOnline: false });
    const refused = await refusal(acceptJob(db, offline, { jobId: job.id }));
    expect(refused.kind).toBe("forbidden");
    expect(refused.message).toBe(GO_ONLINE_TO_ACCEPT);
    // Read in the transaction: a session's copy saying "online" does not count.
    const staleCopy = { ...offline, isProviderOnline: true };
    expect((await refusal(acceptJob(db, staleCopy, { jobId: job.id }))).message).toBe(GO_ONLINE_TO_ACCEPT);
    expect((await getJobForViewer(db, job.id, seeker.id))?.status).toBe("posted");
    expect(await db.select().from(t.bookings).where(eq(t.bookings.jobId, job.id))).toHaveLength(0);
  });

  it("refuses a job beyond the radius with 403 and accepts one just inside it, of any category", async () => {
    const seeker = await user();
    const me = await provider({ providerCategories: ["repair"], latitude: "30.0000000", longitude: "30.0000000" });
    // One degree of latitude is 69.1 miles: 0.7° is about 48 miles, 0.75° about 52.
    const outside = await createJob(db, seeker.id, { categoryId: "repair", title: "outside", description: "d", latitude: 30.75, longitude: 30 });
    const inside = await createJob(db, seeker.id, { categoryId: "cleaning", title: "inside", description: "d", latitude: 30.7, longitude: 30 });
    const listed = (await listAvailableJobs(db, me)).map((j) => j.id);
    expect(listed).toContain(inside.id);
    expect(listed).not.toContain(outside.id);
    const refused = await refusal(acceptJob(db, me, { jobId: outside.id }));
    expect(refused.kind).toBe("forbidden");
    expect(refused.message).toBe(JOB_OUT_OF_REACH);
    expect((await getJobForViewer(db, outside.id, seeker.id))?.status).toBe("posted");
    // Another category than the provider's: listed (after theirs), so it can be accepted.
    expect((await acceptJob(db, me, { jobId: inside.id })).status).toBe("accepted");
  });

  it("measures from New York, NY when the provider has no location", async () => {
    const seeker = await user();
    const me = await provider({ latitude: null, longitude: null });
    const boston = await createJob(db, seeker.id, { categoryId: "repair", title: "Boston", description: "d", address: "Boston, MA" });
    const brooklyn = await createJob(db, seeker.id, { categoryId: "repair", title: "Brooklyn", description: "d", address: "Brooklyn, NY" });
    expect((await refusal(acceptJob(db, me, { jobId: boston.id }))).message).toBe(JOB_OUT_OF_REACH);
    expect((await acceptJob(db, me, { jobId: brooklyn.id })).status).toBe("accepted");
  });

  it("says a job is taken before saying the provider is offline or too far", async () => {
    const seeker = await user();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
    await acceptJob(db, await provider(), { jobId: job.id });
    expect((await refusal(acceptJob(db, await provider({ isProviderOnline: false }), { jobId: job.id }))).message).toBe(JOB_ALREADY_ACCEPTED);
  });
});

describe("cancelling a job", () => {
  it("lets the seeker cancel a posted job only", async () => {
    const seeker = await user();
    const other = await user();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
    expect((await refusal(cancelJob(db, other.id, job.id))).kind).toBe("not_found");
    expect((await cancelJob(db, seeker.id, job.id)).status).toBe("cancelled");
    expect((await refusal(cancelJob(db, seeker.id, job.id))).kind).toBe("conflict");
  });
});

describe("providers", () => {
  it("reuses the seeker home's counts for 10 seconds, then counts again (decision 0038)", async () => {
    const start = Date.now() + 1e9; // clear of any count another test left
    const before = await recentAvailableProviderCounts(db, start);
    await provider({ providerCategories: ["assembly"] });
    expect(await recentAvailableProviderCounts(db, start + PROVIDER_COUNTS_MAX_AGE_MS - 1)).toEqual(before);
    const after = await recentAvailableProviderCounts(db, start + PROVIDER_COUNTS_MAX_AGE_MS);
    expect((after.assembly ?? 0) - (before.assembly ?? 0)).toBe(1);
  });

  it("counts and lists online providers per category, never offline ones or seekers", async () => {
    const before = await countAvailableProvidersByCategory(db);
    const online = await provider({ providerCategories: ["cleaning", "moving"], averageRating: "4.90" });
    await provider({ providerCategories: ["cleaning"], isProviderOnline: false });
    await user({ providerCategories: ["cleaning"], isProviderOnline: true });
    const after = await countAvailableProvidersByCategory(db);
    expect((after.cleaning ?? 0) - (before.cleaning ?? 0)).toBe(1);
    expect((after.moving ?? 0) - (before.moving ?? 0)).toBe(1);
    const listed = await listAvailableProviders(db, "cleaning");
    expect(listed.map((p) => p.id)).toContain(online.id);
    expect(Object.keys(listed[0]).sort()).toEqual([...PROVIDER_CARD].sort());
  });

  it("lets only providers go online", async () => {
    const seeker = await user();
    expect((await refusal(setProviderOnline(db, seeker, true))).kind).toBe("forbidden");
    expect((await setProviderOnline(db, seeker, false)).isProviderOnline).toBe(false);
    const me = await provider({ isProviderOnline: false });
    expect((await setProviderOnline(db, me, true)).isProviderOnline).toBe(true);
  });

  it("sums today's and all completed earnings with two decimals", async () => {
    const seeker = await user();
    const me = await provider();
    const now = new Date("2026-11-22T15:00:00Z");
    const complete = async (price: string, completedAt: Date | null, status: t.Booking["status"] = "completed") => {
      const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
      await db
        .insert(t.bookings)
        .values({ jobId: job.id, seekerId: seeker.id, providerId: me.id, agreedPrice: price, paymentMethod: "card", status, completedAt });
    };
    await complete("100.50", new Date("2026-11-22T14:00:00Z"));
    await complete("20.25", new Date("2026-11-22T04:59:00Z")); // 23:59 the day before in New York
    await complete("10.00", new Date("2026-11-22T05:01:00Z")); // 00:01 today in New York
    await complete("0.75", new Date("2026-11-23T05:00:00Z")); // midnight tomorrow in New York: not today's
    await complete("999.00", null, "in_progress");
    // Another provider's earnings today are theirs alone.
    const other = await provider();
    const otherJob = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
    await db.insert(t.bookings).values({
      jobId: otherJob.id,
      seekerId: seeker.id,
      providerId: other.id,
      agreedPrice: "7.00",
      paymentMethod: "card",
      status: "completed",
      completedAt: new Date("2026-11-22T14:00:00Z"),
    });
    const stats = await getProviderStats(db, me, "America/New_York", now);
    expect(stats.todayEarnings).toBe("110.50");
    expect(stats.totalEarnings).toBe("131.50");
    const fresh = await getProviderStats(db, await provider(), "America/New_York", now);
    expect(fresh).toMatchObject({ todayEarnings: "0.00", totalEarnings: "0.00" });

    // The total is kept as bookings complete (migration 0021): a booking completed later counts, one taken out of
    // completed no longer does.
    await db
      .update(t.bookings)
      .set({ status: "completed", completedAt: new Date("2026-11-22T14:30:00Z") })
      .where(and(eq(t.bookings.providerId, me.id), eq(t.bookings.status, "in_progress")));
    expect(await getProviderStats(db, me, "America/New_York", now)).toMatchObject({ todayEarnings: "1109.50", totalEarnings: "1130.50" });
    await db.delete(t.bookings).where(and(eq(t.bookings.providerId, me.id), eq(t.bookings.agreedPrice, "100.50")));
    expect(await getProviderStats(db, me, "America/New_York", now)).toMatchObject({ todayEarnings: "1009.00", totalEarnings: "1030.00" });
  });

  it("finds midnight in the market's time zone", () => {
    expect(startOfDayIn("America/New_York", new Date("2026-11-22T15:00:00Z")).toISOString()).toBe("2026-11-22T05:00:00.000Z");
    expect(startOfDayIn("America/New_York", new Date("2026-07-01T03:00:00Z")).toISOString()).toBe("2026-06-30T04:00:00.000Z");
    expect(startOfDayIn("UTC", new Date("2026-11-22T15:00:00Z")).toISOString()).toBe("2026-11-22T00:00:00.000Z");
  });

  it("finds midnight on the days the clocks change, and tomorrow's from today's eve", () => {
    // New York springs forward at 2 am on 8 March 2026 (midnight is still EST) and falls back at 2 am on 1 November
    // (midnight is still EDT): the offset that counts is midnight's, not the afternoon's.
    expect(startOfDayIn("America/New_York", new Date("2026-03-08T15:00:00Z")).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDayIn("America/New_York", new Date("2026-11-01T15:00:00Z")).toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(startOfDayIn("America/New_York", new Date("2026-03-07T15:00:00Z"), 1).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDayIn("America/New_York", new Date("2026-10-31T15:00:00Z"), 1).toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(startOfDayIn("UTC", new Date("2026-12-31T15:00:00Z"), 1).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});
