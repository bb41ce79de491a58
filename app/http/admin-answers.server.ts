import "server-only";

import { createSelectSchema } from "drizzle-zod";
import { z } from "zod";

import { auditLog, bookings, jobs, reports, users } from "#db/schema.ts";
import { named, reviewAnswer, userAnswer } from "~/http/api-answers.server";

// The JSON answers of the console's API (/api/admin, issue 34), for operators only: the OpenAPI document's
// components, as api-answers.server.ts declares the rest.

const person = named(
  "ConsolePerson",
  "A user as the console names them: id, name and email.",
  createSelectSchema(users).pick({ id: true, firstName: true, lastName: true, email: true }),
);

export const healthAnswer = named(
  "MarketplaceHealth",
  "The marketplace's last 30 days, one entry per day in the market's time zone (oldest first), and the providers online now.",
  z.object({
    timeZone: z.string(),
    providersOnline: z.int(),
    days: z.array(
      z.object({
        day: z.string().describe("YYYY-MM-DD in the market's time zone"),
        jobsPosted: z.int(),
        accepted: z.int(),
        acceptedCompleted: z.int().describe("Of the bookings accepted that day, those completed since"),
        completed: z.int(),
        bookedValue: z.number().describe("The sum of the agreed prices of the bookings accepted that day"),
        medianMinutesToAccept: z.int().nullable(),
      }),
    ),
  }),
);

export const foundUserAnswer = named(
  "FoundUser",
  "A user the lookup found.",
  createSelectSchema(users).pick({
    id: true,
    email: true,
    firstName: true,
    lastName: true,
    isOperator: true,
    suspendedAt: true,
    suspendedUntil: true,
    createdAt: true,
  }),
);

const consoleReview = reviewAnswer.pick({
  id: true,
  bookingId: true,
  rating: true,
  comment: true,
  createdAt: true,
  hiddenAt: true,
  excludedAt: true,
});

export const userDossierAnswer = named(
  "UserDossier",
  "A user as the console shows them: the account, their jobs, bookings (either side), reviews given and received, reports by and about them, and the actions taken on them (each list the newest 50).",
  z.object({
    user: userAnswer,
    jobs: z.array(createSelectSchema(jobs).pick({ id: true, title: true, status: true, hiddenAt: true, hiddenFor: true, createdAt: true })),
    bookings: z.array(
      createSelectSchema(bookings)
        .pick({ id: true, status: true, agreedPrice: true, createdAt: true, completedAt: true })
        .extend({ side: z.enum(["seeker", "provider"]), jobTitle: z.string(), other: person }),
    ),
    reviewsGiven: z.array(consoleReview.extend({ other: person })),
    reviewsReceived: z.array(consoleReview.extend({ other: person })),
    reportsBy: z.array(consoleReport()),
    reportsAbout: z.array(consoleReport()),
    actions: z.array(auditEntry()),
  }),
);

function consoleReport() {
  return createSelectSchema(reports).pick({
    id: true,
    targetType: true,
    targetId: true,
    reporterId: true,
    targetUserId: true,
    reason: true,
    note: true,
    status: true,
    createdAt: true,
  });
}

function auditEntry() {
  return createSelectSchema(auditLog).extend({ details: z.record(z.string(), z.unknown()).nullable() });
}

export const auditPageAnswer = named(
  "AuditPage",
  "A page of the audit log, newest first (50 at most), and the cursor of the next, older page (null at the end).",
  z.object({
    entries: z.array(auditEntry().extend({ operator: person.nullable(), targetUser: person.nullable() })),
    next: z.string().nullable(),
  }),
);

const signalReview = consoleReview.extend({ reviewer: person, reviewee: person });
const flaggedBooking = createSelectSchema(bookings)
  .pick({ id: true, agreedPrice: true, createdAt: true, acceptedAt: true, completedAt: true })
  .extend({ jobTitle: z.string(), seeker: person, provider: person, reviews: z.array(signalReview) });

const signalAnswer = named(
  "Signal",
  "A flag of what looks like rating or earnings manipulation, with the bookings and reviews involved.",
  z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("repeated-pair"), seeker: person, provider: person, bookings: z.array(flaggedBooking) }),
    z.object({ kind: z.literal("quick-completion"), bookings: z.array(flaggedBooking) }),
    z.object({ kind: z.literal("shared-address"), revieweeId: z.uuid(), reviewerCount: z.int(), reviews: z.array(signalReview) }),
  ]),
);

/** The flags of the last 30 days (a list of Signal). */
export const signalsAnswer = z.array(signalAnswer);

export { reviewAnswer, userAnswer };
