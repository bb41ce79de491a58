// Seeds the categories (always) and realistic demo data (once, on an empty database).
import { count, sql } from "drizzle-orm";

import { CATEGORIES, CATEGORY_IDS, type CategoryId } from "../app/lib/categories.ts";
import { distanceMiles, formatMiles, NEARBY_RADIUS_MILES } from "../app/lib/geo.ts";
import type { Database } from "./client.ts";
import * as t from "./schema.ts";
import seedData from "./seed-data.json" with { type: "json" };

/** What the booking model notifies a seeker with when their booking starts or completes (decision 0042). */
const BOOKING_PROGRESS_TYPE = "booking_accepted";

type NewNotification = typeof t.notifications.$inferInsert;

const name = (user: { firstName: string | null; lastName: string | null }) => [user.firstName, user.lastName].filter(Boolean).join(" ");

export async function seedCategories(db: Database): Promise<void> {
  await db
    .insert(t.serviceCategories)
    .values([...CATEGORIES])
    .onConflictDoNothing();
}

/** Seeds the demo data when the database has no users yet; returns whether it did. */
export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  const [{ users }] = await db.select({ users: count() }).from(t.users);
  if (users > 0) return false;
  await seedDemo(db);
  return true;
}

// The demo's places, job ideas per category and review comments: data, kept in seed-data.json.
const { places: PLACES, jobIdeas, reviewComments: REVIEW_COMMENTS } = seedData;
/** The two demo accounts the README and the development sign-in name. */
const DEMO_SEEKER: t.NewUser = seedData.demoAccounts.seeker;
const DEMO_PROVIDER = seedData.demoAccounts.provider as t.NewUser;
/** The demo's operator (issue 34): an operator by ADMIN_EMAILS' default outside production, set again at sign-in. */
const DEMO_OPERATOR: t.NewUser = seedData.demoAccounts.operator;
const JOB_IDEAS: Record<CategoryId, Array<{ title: string; description: string }>> = jobIdeas;

export async function seedDemo(db: Database): Promise<void> {
  // Loaded here, not with the module: every server start seeds the categories, few seed the demo.
  const { Faker, en } = await import("@faker-js/faker");
  const faker = new Faker({ locale: [en] });
  faker.seed(20261122);
  const now = Date.now();
  const jitter = (value: number) => (value + faker.number.float({ min: -0.02, max: 0.02 })).toFixed(7);
  const place = () => faker.helpers.arrayElement(PLACES);
  /** A made-up person with an email at `domain`, and where in the demo's area they are (drawn when asked, keeping the seed's order). */
  const person = (domain: string) => {
    const p = place();
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const email = faker.internet.email({ firstName, lastName, provider: domain }).toLowerCase();
    return { name: { email, firstName, lastName }, locate: () => ({ address: p.address, latitude: jitter(p.lat), longitude: jitter(p.lng) }) };
  };

  await db.transaction(async (tx) => {
    const seekerRows: t.NewUser[] = [DEMO_SEEKER];
    for (let i = 0; i < 10; i++) {
      const { name, locate } = person("example.com");
      seekerRows.push({ ...name, ...locate(), userType: i % 4 === 0 ? "business" : "individual" });
    }
    const providerRows: t.NewUser[] = [DEMO_PROVIDER];
    for (let i = 0; i < 14; i++) {
      const { name, locate } = person("example.net");
      providerRows.push({
        ...name,
        currentRole: "provider",
        userType: i % 5 === 0 ? "business" : "individual",
        isProviderOnline: i % 3 !== 0,
        // Nobody offers "other" in the demo, so its empty "no providers" state is visible too.
        providerCategories: faker.helpers.arrayElements(
          CATEGORY_IDS.filter((c) => c !== "other"),
          { min: 1, max: 3 },
        ),
        hourlyRate: faker.number.int({ min: 25, max: 95 }).toFixed(2),
        ...locate(),
        bio: faker.helpers.arrayElement([
          "Fast, careful and insured.",
          "Weekend and evening slots available.",
          "Small business serving the five boroughs.",
        ]),
        profileImageUrl: null,
      });
    }
    const seekers = await tx.insert(t.users).values(seekerRows).returning();
    const providers = await tx.insert(t.users).values(providerRows).returning();
    await tx.insert(t.users).values(DEMO_OPERATOR);

    const statuses = ["posted", "posted", "posted", "matched", "in_progress", "completed", "completed", "cancelled"] as const;
    for (let i = 0; i < 32; i++) {
      const seeker = seekers[i % seekers.length];
      const categoryId = CATEGORY_IDS[i % CATEGORY_IDS.length];
      const status = statuses[i % statuses.length];
      const p = place();
      // A booked job's whole timeline (accepted 30 min later, started an hour after, completed three hours after
      // that) lies in the past: it was posted at least five hours ago.
      const minutesAgo = status === "posted" || status === "cancelled" ? { min: 1, max: 20 * 24 * 60 } : { min: 5 * 60, max: 20 * 24 * 60 };
      const createdAt = new Date(now - faker.number.int(minutesAgo) * 60_000);
      const idea = faker.helpers.arrayElement(JOB_IDEAS[categoryId]);
      const budget = i % 5 === 4 ? null : faker.number.int({ min: 40, max: 600 }).toFixed(2);
      const [job] = await tx
        .insert(t.jobs)
        .values({
          seekerId: seeker.id,
          categoryId,
          title: idea.title,
          description: idea.description,
          isUrgent: i % 4 === 0,
          latitude: jitter(p.lat),
          longitude: jitter(p.lng),
          address: p.address,
          budget,
          status,
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      if (status === "posted" || status === "cancelled") continue;

      const provider = providers.find((u) => u.providerCategories.includes(categoryId) && u.id !== seeker.id) ?? providers[0];
      const acceptedAt = new Date(createdAt.getTime() + 30 * 60_000);
      const startedAt = status === "matched" ? null : new Date(acceptedAt.getTime() + 60 * 60_000);
      const completedAt = status === "completed" ? new Date(acceptedAt.getTime() + 3 * 60 * 60_000) : null;
      const [booking] = await tx
        .insert(t.bookings)
        .values({
          jobId: job.id,
          seekerId: seeker.id,
          providerId: provider.id,
          agreedPrice: budget ?? "0",
          paymentMethod: "card",
          paymentStatus: "pending",
          status: status === "matched" ? "accepted" : status,
          scheduledAt: acceptedAt,
          acceptedAt,
          jobPostedAt: createdAt,
          startedAt,
          completedAt,
          createdAt: acceptedAt,
          updatedAt: completedAt ?? startedAt ?? acceptedAt,
        })
        .returning();

      const lines = [
        [provider, seeker, "Hi! I can be there within the hour."],
        [seeker, provider, "Perfect, the buzzer is 4B."],
        [provider, seeker, "On my way."],
      ] as const;
      await tx.insert(t.messages).values(
        lines.map(([from, to, content], n) => ({
          bookingId: booking.id,
          senderId: from.id,
          receiverId: to.id,
          content,
          isRead: status === "completed",
          createdAt: new Date(acceptedAt.getTime() + (n + 1) * 60_000),
        })),
      );
      // The notifications the app would have sent for this history, as the models word them.
      const done = status === "completed";
      const notices: NewNotification[] = [
        {
          userId: seeker.id,
          type: "booking_accepted",
          title: "Job accepted",
          message: `${name(provider)} accepted "${job.title}"`,
          relatedId: booking.id,
          isRead: status !== "matched",
          createdAt: acceptedAt,
        },
        ...lines.map(([from, to, content], n) => ({
          userId: to.id,
          type: "message" as const,
          title: `New message from ${name(from)}`,
          message: `"${job.title}": ${content}`,
          relatedId: booking.id,
          isRead: done,
          createdAt: new Date(acceptedAt.getTime() + (n + 1) * 60_000),
        })),
      ];
      if (startedAt) {
        notices.push({
          userId: seeker.id,
          type: BOOKING_PROGRESS_TYPE,
          title: "Job started",
          message: `${name(provider)} started work on "${job.title}"`,
          relatedId: booking.id,
          isRead: done,
          createdAt: startedAt,
        });
      }
      if (completedAt) {
        notices.push({
          userId: seeker.id,
          type: BOOKING_PROGRESS_TYPE,
          title: "Job completed",
          message: `${name(provider)} completed "${job.title}"`,
          relatedId: booking.id,
          isRead: true,
          createdAt: completedAt,
        });
        const reviews = [
          {
            bookingId: booking.id,
            reviewerId: seeker.id,
            revieweeId: provider.id,
            rating: faker.number.int({ min: 3, max: 5 }),
            comment: faker.helpers.arrayElement(REVIEW_COMMENTS),
            createdAt: completedAt,
          },
          {
            bookingId: booking.id,
            reviewerId: provider.id,
            revieweeId: seeker.id,
            rating: faker.number.int({ min: 4, max: 5 }),
            comment: null,
            createdAt: completedAt,
          },
        ];
        await tx.insert(t.reviews).values(reviews);
        for (const review of reviews) {
          const reviewer = review.reviewerId === seeker.id ? seeker : provider;
          notices.push({
            userId: review.revieweeId,
            type: "review",
            title: "New review",
            message: `${name(reviewer)} rated you ${review.rating} of 5 for "${job.title}"`,
            relatedId: booking.id,
            isRead: false,
            createdAt: completedAt,
          });
        }
      }
      await tx.insert(t.notifications).values(notices);
    }

    // Posted jobs were announced to the online providers near them who offer the category.
    const posted = await tx
      .select()
      .from(t.jobs)
      .where(sql`${t.jobs.status} = 'posted'`);
    const announcements: NewNotification[] = [];
    for (const job of posted) {
      const at = { latitude: Number(job.latitude), longitude: Number(job.longitude) };
      for (const provider of providers) {
        if (!provider.isProviderOnline || !provider.providerCategories.includes(job.categoryId)) continue;
        const miles = distanceMiles(at, { latitude: Number(provider.latitude), longitude: Number(provider.longitude) });
        if (miles > NEARBY_RADIUS_MILES) continue;
        announcements.push({
          userId: provider.id,
          type: "job_posted",
          title: job.isUrgent ? "Urgent job near you" : "New job near you",
          message: `"${job.title}" · ${job.address} · ${formatMiles(miles)} away`,
          relatedId: job.id,
          isRead: false,
          createdAt: job.createdAt,
        });
      }
    }
    if (announcements.length) await tx.insert(t.notifications).values(announcements);

    // Aggregates follow from the rows, exactly as the domain keeps them.
    await tx.execute(sql`
      update ${t.users} u set
        total_reviews = r.n,
        average_rating = round(r.avg, 2)
      from (select reviewee_id, count(*)::int as n, avg(rating) as avg from ${t.reviews} group by reviewee_id) r
      where u.id = r.reviewee_id`);
    await tx.execute(sql`
      update ${t.users} u set total_jobs_completed = b.n
      from (select provider_id, count(*)::int as n from ${t.bookings} where status = 'completed' group by provider_id) b
      where u.id = b.provider_id`);
  });
}
