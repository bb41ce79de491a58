import "server-only";

import { createSelectSchema } from "drizzle-zod";
import { z } from "zod";

import { bookings, favorites, jobs, messages, notifications, reports, reviews, serviceCategories, users } from "#db/schema.ts";
import type { Booking, BookingDetail, BookingListItem } from "~/models/booking.server";
import type { Category } from "~/models/category.server";
import type { Favorite } from "~/models/favorite.server";
import type { Job, JobWithSeeker, NearbyJob } from "~/models/job.server";
import type { ConversationSummary, Message } from "~/models/message.server";
import type { Notification } from "~/models/notification.server";
import type { DirectoryProvider, ProviderSearchPage } from "~/models/provider-search.server";
import type { ProviderDetails, PublicProvider } from "~/models/provider.server";
import type { ReceivedReview, Review } from "~/models/review.server";
import type { User } from "~/models/user.server";

// The JSON answers of the /api routes as zod schemas, the source of the OpenAPI document's components
// (openapi.server.ts). Rows are the drizzle tables' own (drizzle-zod); each schema `satisfies` the type its
// operation returns, so tsc fails when that type gains or changes a field the schema lacks; the document's objects
// allow no other property, so the contract check of the tests (tests/support/openapi-contract.ts) fails on a field
// the schema does not declare. A Date here is its ISO string on the wire (JSON.stringify).

/** The named schemas of the document (components.schemas). */
export const answerSchemas = z.registry<{ id: string }>();

/** The schema, described, as the component `id`. */
export function named<S extends z.ZodType>(id: string, description: string, schema: S): S {
  const described = schema.describe(description);
  answerSchemas.add(described as z.ZodType, { id });
  return described;
}

/**
 * A time an operation hands over already as its JSON text (isoTimestamp): in the document, what a Date is on the wire
 * (openapi.server.ts writes each Date so), not zod's own date-time pattern.
 */
const isoDateTime = z.string().meta({ format: "date-time" });

export const userAnswer = named(
  "User",
  "The signed-in user's own record: every column of spec §3.",
  createSelectSchema(users).omit({ position: true, searchDocument: true }),
) satisfies z.ZodType<User>;

const userSummary = named(
  "UserSummary",
  "Another user's public name and photo (never email, phone or location).",
  userAnswer.pick({ id: true, firstName: true, lastName: true, profileImageUrl: true }),
);
const ratedUserSummary = named(
  "RatedUserSummary",
  "Another user's public name, photo and rating.",
  userSummary.extend({ averageRating: userAnswer.shape.averageRating }),
);

export const publicProviderAnswer = named(
  "PublicProvider",
  "A provider's public fields (spec §7): never email, phone or location.",
  userAnswer.pick({
    id: true,
    firstName: true,
    lastName: true,
    profileImageUrl: true,
    isProviderOnline: true,
    averageRating: true,
    totalReviews: true,
    totalJobsCompleted: true,
    hourlyRate: true,
  }),
) satisfies z.ZodType<PublicProvider>;

export const providerDetailsAnswer = named(
  "ProviderDetails",
  "One provider's public fields (spec §7 users/{id}), with how many bookings they cancelled after accepting in the last 90 days (decision 0062).",
  publicProviderAnswer.extend({ cancelledAfterAcceptingLast90Days: z.number().int().min(0) }),
) satisfies z.ZodType<ProviderDetails>;

export const directoryProviderAnswer = named(
  "DirectoryProvider",
  "A provider as the directory's card shows them (issue 33): the public fields with their categories and distance; never email, phone or address.",
  publicProviderAnswer.extend({
    providerCategories: userAnswer.shape.providerCategories,
    distanceMiles: z.number().nullable().describe("Miles from the caller's location; null when either has none"),
  }),
) satisfies z.ZodType<DirectoryProvider>;

export const providerSearchPageAnswer = named(
  "ProviderSearchPage",
  "One page of the provider directory (20 at most) and the cursor of the next.",
  z.object({
    providers: z.array(directoryProviderAnswer),
    next: z.string().nullable().describe("Pass as `after` for the next page; null on the last page"),
  }),
) satisfies z.ZodType<ProviderSearchPage>;

export const categoryAnswer = named(
  "Category",
  "A service category (spec §3).",
  createSelectSchema(serviceCategories).pick({ id: true, name: true, icon: true, description: true }),
) satisfies z.ZodType<Category>;

export const jobAnswer = named(
  "Job",
  "A job's columns (spec §3). `locationApproximate`: the typed location could not be resolved, the default coordinates stand in.",
  createSelectSchema(jobs).omit({ position: true }),
) satisfies z.ZodType<Job>;

/** Decision 0039: whether the job's exact address and coordinates are shown, or its area and rounded coordinates. */
const exactLocation = z
  .boolean()
  .describe("true: the exact address and coordinates; false: the job's area and coordinates rounded to about 1 km (decision 0039)");

export const jobWithSeekerAnswer = named(
  "JobWithSeeker",
  "A job as the caller may see it, with its seeker's public fields.",
  jobAnswer.extend({ seeker: ratedUserSummary, exactLocation }),
) satisfies z.ZodType<JobWithSeeker>;

export const nearbyJobAnswer = named(
  "NearbyJob",
  "A posted job near an online provider: its area only, the distance in miles, and whether it is in the provider's categories.",
  jobWithSeekerAnswer.extend({ distanceMiles: z.number().min(0), inMyCategories: z.boolean() }),
) satisfies z.ZodType<NearbyJob>;

export const bookingAnswer = named("Booking", "A booking's columns (spec §3).", createSelectSchema(bookings)) satisfies z.ZodType<Booking>;

const bookingJob = named("BookingJob", "A booking's job as one of its parties sees it.", jobAnswer.extend({ exactLocation }));

export const bookingWithJobAnswer = named(
  "BookingWithJob",
  "A booking with its job.",
  bookingAnswer.extend({ job: bookingJob }),
) satisfies z.ZodType<BookingListItem>;

const bookingParty = named(
  "BookingParty",
  "A party of a booking: public fields, and the phone number only while the booking is accepted or in progress (decision 0018).",
  ratedUserSummary.extend({ phoneNumber: userAnswer.shape.phoneNumber }),
);

export const bookingDetailAnswer = named(
  "BookingDetail",
  "A booking with its job, seeker and provider.",
  bookingAnswer.extend({ job: bookingJob, seeker: bookingParty, provider: bookingParty }),
) satisfies z.ZodType<BookingDetail>;

export const messageAnswer = named(
  "Message",
  "A message of a booking's thread (spec §3).",
  createSelectSchema(messages),
) satisfies z.ZodType<Message>;

export const conversationAnswer = named(
  "Conversation",
  "A conversation summary (spec §3): a booking with messages, or an active one without any yet.",
  z.object({
    bookingId: z.uuid(),
    jobTitle: z.string(),
    bookingStatus: bookingAnswer.shape.status,
    otherUser: userSummary,
    lastMessage: z.object({ content: messageAnswer.shape.content, createdAt: isoDateTime }).nullable(),
    unreadCount: z.int().min(0),
  }),
) satisfies z.ZodType<ConversationSummary>;

export const reviewAnswer = named("Review", "A review (spec §3).", createSelectSchema(reviews)) satisfies z.ZodType<Review>;

export const receivedReviewAnswer = named(
  "ReceivedReview",
  "A review the user received, with its reviewer's public fields.",
  reviewAnswer.extend({ reviewer: userSummary }),
) satisfies z.ZodType<ReceivedReview>;

export const notificationAnswer = named(
  "Notification",
  "A notification (spec §3).",
  createSelectSchema(notifications),
) satisfies z.ZodType<Notification>;

export const favoriteAnswer = named("Favorite", "A saved provider or job (spec §3).", createSelectSchema(favorites)) satisfies z.ZodType<Favorite>;

export const favoriteRemovedAnswer = named("FavoriteRemoved", "Whether a favorite was there to remove.", z.object({ removed: z.boolean() }));

export const reportAnswer = named(
  "Report",
  "A report as its reporter sees it: open until an operator reviews it.",
  createSelectSchema(reports).pick({ id: true, targetType: true, targetId: true, reason: true, note: true, status: true, createdAt: true }),
);

export const blockAnswer = named("Block", "The user now blocked by the caller.", z.object({ userId: z.uuid(), blocked: z.literal(true) }));

export const unblockAnswer = named("Unblock", "Whether the user was blocked.", z.object({ removed: z.boolean() }));

export const notificationsReadAnswer = named("NotificationsRead", "How many notifications were unread.", z.object({ updated: z.int().min(0) }));

export const uploadUrlAnswer = named(
  "UploadUrl",
  "Where to PUT the image's bytes. `imageUrl`, when the type and size were given: the image's URL once uploaded (decision 0044).",
  z.object({
    method: z.literal("PUT"),
    url: z.url(),
    imageUrl: z
      .string()
      .regex(/^\/images\//)
      .optional(),
  }),
);

export const openApiDocumentAnswer = named(
  "OpenApiDocument",
  "This document.",
  z.looseObject({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  }),
);

/** The §8 error body: the reason as plain text (the client shows "<status>: <text>"). */
export const errorText = named("ErrorText", "The reason, as plain text (spec §8).", z.string().min(1));

export const pushKeyAnswer = named(
  "PushKey",
  "The public VAPID key (RFC 8292) a browser subscribes with: `applicationServerKey` of `PushManager.subscribe`.",
  z.object({ publicKey: z.string() }),
);

export const pushDeviceAnswer = named(
  "PushDevice",
  "A device the caller turned push notifications on for (decision 0077). Its endpoint and keys are not shown.",
  z.object({
    id: z.uuid(),
    name: z.string().describe('The browser and system in words, e.g. "Chrome on Android".'),
    userAgent: z.string().nullable(),
    createdAt: z.date(),
    lastSuccessAt: z.date().nullable().describe("When a push service last took a message for it."),
    alerts: z
      .object({ urgentJobs: z.boolean(), bookings: z.boolean(), messages: z.boolean(), reviews: z.boolean() })
      .describe("The kinds this device is told of; each device has its own (PATCH /api/push-subscriptions/{id})."),
    current: z.boolean().describe("Whether it is the device of the session making this call."),
  }),
);

export const pushDeviceRemovedAnswer = named(
  "PushDeviceRemoved",
  "The device no longer receives push notifications.",
  z.object({ removed: z.literal(true) }),
);
