// Seeds the categories (always) and realistic demo data (once, on an empty database).
import { Faker, en } from "@faker-js/faker";
import { count, sql } from "drizzle-orm";
import { CATEGORIES, CATEGORY_IDS, type CategoryId } from "./categories.ts";
import type { Database } from "./client.ts";
import * as t from "./schema.ts";

export async function seedCategories(db: Database): Promise<void> {
  await db.insert(t.serviceCategories).values([...CATEGORIES]).onConflictDoNothing();
}

/** Seeds the demo data when the database has no users yet; returns whether it did. */
export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  const [{ users }] = await db.select({ users: count() }).from(t.users);
  if (users > 0) return false;
  await seedDemo(db);
  return true;
}

const PLACES = [
  { address: "Manhattan, NY", lat: 40.7831, lng: -73.9712 },
  { address: "Brooklyn, NY", lat: 40.6782, lng: -73.9442 },
  { address: "Queens, NY", lat: 40.7282, lng: -73.7949 },
  { address: "Bronx, NY", lat: 40.8448, lng: -73.8648 },
  { address: "Staten Island, NY", lat: 40.5795, lng: -74.1502 },
  { address: "Long Island City, NY", lat: 40.7447, lng: -73.9485 },
  { address: "Jersey City, NJ", lat: 40.7178, lng: -74.0431 },
  { address: "Hoboken, NJ", lat: 40.744, lng: -74.0324 },
];

const JOB_IDEAS: Record<CategoryId, string[]> = {
  repair: ["Fix leaking kitchen sink", "Replace broken light switch", "Repair dishwasher that won't drain", "Patch a hole in the bathroom wall"],
  cleaning: ["Deep clean a two-bedroom apartment", "Paint the living room", "Move-out cleaning for studio", "Clean windows before a party"],
  moving: ["Help moving a couch up three floors", "Deliver a dresser across town", "Load a moving truck", "Haul old furniture to the curb"],
  construction: ["Build a small garden shed", "Install new baseboards", "Retile the bathroom floor", "Frame a closet"],
  assembly: ["Assemble an IKEA wardrobe", "Mount a 65-inch TV", "Put together a bunk bed", "Install a ceiling fan"],
  other: ["Wait for a package delivery", "Set up a home Wi-Fi network", "Help organise the garage", "Walk the dog for a week"],
};

const REVIEW_COMMENTS = [
  "Quick, friendly and did a great job.",
  "Showed up on time and left everything clean.",
  "Clear communication from start to finish.",
  "Would happily work together again.",
  "Good work, a little late but kept me posted.",
];

export async function seedDemo(db: Database): Promise<void> {
  const faker = new Faker({ locale: [en] });
  faker.seed(20261122);
  const now = Date.now();
  const jitter = (value: number) => (value + faker.number.float({ min: -0.02, max: 0.02 })).toFixed(7);
  const place = () => faker.helpers.arrayElement(PLACES);

  await db.transaction(async (tx) => {
    const seekerRows: t.NewUser[] = [
      { email: "seeker@nearhand.dev", firstName: "Sam", lastName: "Rivera", address: "Brooklyn, NY", latitude: "40.6782000", longitude: "-73.9442000", phoneNumber: "+1 718 555 0100", bio: "Brooklyn renter, always in a hurry." },
    ];
    for (let i = 0; i < 10; i++) {
      const p = place();
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      seekerRows.push({
        email: faker.internet.email({ firstName, lastName, provider: "example.com" }).toLowerCase(),
        firstName,
        lastName,
        address: p.address,
        latitude: jitter(p.lat),
        longitude: jitter(p.lng),
        userType: i % 4 === 0 ? "business" : "individual",
      });
    }
    const providerRows: t.NewUser[] = [
      { email: "provider@nearhand.dev", firstName: "Priya", lastName: "Patel", currentRole: "provider", isProviderOnline: true, providerCategories: ["repair", "assembly"], hourlyRate: "45.00", address: "Manhattan, NY", latitude: "40.7580000", longitude: "-73.9855000", phoneNumber: "+1 212 555 0199", bio: "Licensed handywoman, ten years of fixing things around NYC." },
    ];
    for (let i = 0; i < 14; i++) {
      const p = place();
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      providerRows.push({
        email: faker.internet.email({ firstName, lastName, provider: "example.net" }).toLowerCase(),
        firstName,
        lastName,
        currentRole: "provider",
        userType: i % 5 === 0 ? "business" : "individual",
        isProviderOnline: i % 3 !== 0,
        // Nobody offers "other" in the demo, so its empty "no providers" state is visible too.
        providerCategories: faker.helpers.arrayElements(CATEGORY_IDS.filter((c) => c !== "other"), { min: 1, max: 3 }),
        hourlyRate: faker.number.int({ min: 25, max: 95 }).toFixed(2),
        address: p.address,
        latitude: jitter(p.lat),
        longitude: jitter(p.lng),
        bio: faker.helpers.arrayElement(["Fast, careful and insured.", "Weekend and evening slots available.", "Small business serving the five boroughs."]),
        profileImageUrl: null,
      });
    }
    const seekers = await tx.insert(t.users).values(seekerRows).returning();
    const providers = await tx.insert(t.users).values(providerRows).returning();

    const statuses = ["posted", "posted", "posted", "matched", "in_progress", "completed", "completed", "cancelled"] as const;
    for (let i = 0; i < 32; i++) {
      const seeker = seekers[i % seekers.length];
      const categoryId = CATEGORY_IDS[i % CATEGORY_IDS.length];
      const status = statuses[i % statuses.length];
      const p = place();
      const createdAt = new Date(now - faker.number.int({ min: 1, max: 20 * 24 * 60 }) * 60_000);
      const budget = i % 5 === 4 ? null : faker.number.int({ min: 40, max: 600 }).toFixed(2);
      const [job] = await tx
        .insert(t.jobs)
        .values({
          seekerId: seeker.id,
          categoryId,
          title: faker.helpers.arrayElement(JOB_IDEAS[categoryId]),
          description: faker.lorem.sentences({ min: 2, max: 4 }),
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

      const provider =
        providers.find((u) => u.providerCategories.includes(categoryId) && u.id !== seeker.id) ?? providers[0];
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
      await tx.insert(t.notifications).values({
        userId: seeker.id,
        type: "booking_accepted",
        title: "Job accepted",
        message: `${provider.firstName} accepted "${job.title}"`,
        relatedId: booking.id,
        isRead: status !== "matched",
        createdAt: acceptedAt,
      });
      if (status === "completed") {
        await tx.insert(t.reviews).values([
          { bookingId: booking.id, reviewerId: seeker.id, revieweeId: provider.id, rating: faker.number.int({ min: 3, max: 5 }), comment: faker.helpers.arrayElement(REVIEW_COMMENTS), createdAt: completedAt! },
          { bookingId: booking.id, reviewerId: provider.id, revieweeId: seeker.id, rating: faker.number.int({ min: 4, max: 5 }), comment: null, createdAt: completedAt! },
        ]);
      }
    }

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

