import { getTableColumns, sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

import { NOTIFICATION_TYPES } from "../app/lib/notifications.ts";
import { BOOKING_STATUSES, JOB_STATUSES, ROLES, USER_TYPES } from "../app/lib/statuses.ts";
import {
  JOB_HIDDEN_FOR,
  PAIR_MIN_COMPLETED,
  QUICK_COMPLETION_MINUTES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from "../app/lib/trust-safety.ts";

/** A quick completion's bound as a constant the planner can match against the partial index's predicate. */
export const QUICK_COMPLETED_WITHIN = sql.raw(`interval '${QUICK_COMPLETION_MINUTES} minutes'`);

/** A point of the `cube` extension: here a job's position on the unit sphere (x, y, z). */
const cube = customType<{ data: string; driverData: string }>({ dataType: () => "cube" });

/**
 * Latitude/longitude as a unit vector. The straight-line (chord) distance between two
 * such points orders them exactly as the great-circle distance does, and a GiST index
 * answers "nearest first" on it (decision 0026). Written by PostgreSQL from the
 * coordinates, so no writer can forget it.
 */
const unitSpherePointText = (latitude: string, longitude: string) =>
  `cube(array[cos(radians(${latitude})) * cos(radians(${longitude})), ` +
  `cos(radians(${latitude})) * sin(radians(${longitude})), sin(radians(${latitude}))])`;
const unitSpherePoint = (latitude: string, longitude: string) => sql.raw(unitSpherePointText(latitude, longitude));

/** The same point, or null while either coordinate is missing (a user need not have a location). */
const unitSpherePointOrNull = (latitude: string, longitude: string) =>
  sql.raw(`case when ${latitude} is null or ${longitude} is null then null else ${unitSpherePointText(latitude, longitude)} end`);

/**
 * A provider's full-text search document (decision 0072): name (weight A), categories (B), bio (C) and the comments
 * of their received reviews (D). Written by PostgreSQL (the triggers of migration 0010) whenever one of them changes,
 * in the writing transaction, so no writer can forget it.
 */
/** What the console's user lookup searches: email and name, lower-cased (the expression of its trigram index). */
export const USER_LOOKUP_TEXT = sql.raw(`lower(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`);

const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => "tsvector" });

export const userRole = pgEnum("user_role", ROLES);
export const userType = pgEnum("user_type", USER_TYPES);
export const jobStatus = pgEnum("job_status", JOB_STATUSES);
export const bookingStatus = pgEnum("booking_status", BOOKING_STATUSES);
export const paymentMethod = pgEnum("payment_method", ["card", "paypal", "cash"]);
export const paymentStatus = pgEnum("payment_status", ["pending", "paid", "refunded"]);
export const notificationType = pgEnum("notification_type", NOTIFICATION_TYPES);
export const favoriteTargetType = pgEnum("favorite_target_type", ["provider", "job"]);
export const reportTarget = pgEnum("report_target", REPORT_TARGETS);
export const reportReason = pgEnum("report_reason", REPORT_REASONS);
export const reportStatus = pgEnum("report_status", REPORT_STATUSES);
export const jobHiddenFor = pgEnum("job_hidden_for", JOB_HIDDEN_FOR);

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: varchar("email", { length: 320 }).notNull().unique(),
    firstName: varchar("first_name", { length: 100 }),
    lastName: varchar("last_name", { length: 100 }),
    profileImageUrl: text("profile_image_url"),
    currentRole: userRole("current_role").notNull().default("seeker"),
    userType: userType("user_type").notNull().default("individual"),
    phoneNumber: varchar("phone_number", { length: 40 }),
    bio: text("bio"),
    isProviderOnline: boolean("is_provider_online").notNull().default(false),
    providerCategories: text("provider_categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hourlyRate: numeric("hourly_rate", { precision: 10, scale: 2 }),
    latitude: numeric("latitude", { precision: 10, scale: 7 }),
    longitude: numeric("longitude", { precision: 10, scale: 7 }),
    address: text("address"),
    totalJobsCompleted: integer("total_jobs_completed").notNull().default(0),
    averageRating: numeric("average_rating", { precision: 3, scale: 2 }).notNull().default("0"),
    totalReviews: integer("total_reviews").notNull().default(0),
    /** Where the provider is, for the directory's distance filter and nearest-first order (decision 0072). */
    position: cube("position").generatedAlwaysAs(unitSpherePointOrNull("latitude", "longitude")),
    searchDocument: tsvector("search_document"),
    /** An operator (issue 34): set at each sign-in from ADMIN_EMAILS. */
    isOperator: boolean("is_operator").notNull().default(false),
    /** Suspended by an operator since then, until `suspendedUntil` (null: indefinitely), for `suspensionReason`. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    suspensionReason: text("suspension_reason"),
    ...timestamps,
  },
  (t) => [
    index("users_online_providers_idx")
      .using("gin", t.providerCategories)
      .where(sql`${t.isProviderOnline} = true`),
    index("users_location_idx").on(t.latitude, t.longitude),
    // The provider directory (decision 0072): its text (misspelt names through provider_name_words) and distances,
    // over those who offer a service.
    index("users_provider_search_idx")
      .using("gin", t.searchDocument)
      .where(sql`cardinality(${t.providerCategories}) > 0`),
    index("users_provider_position_idx")
      .using("gist", t.position)
      .where(sql`cardinality(${t.providerCategories}) > 0`),
    // Its orders without text: best rated, and lowest rate (no rate last), each ending in the id (the keyset).
    index("users_provider_rating_idx")
      .on(t.averageRating, t.totalReviews, t.id)
      .where(sql`cardinality(${t.providerCategories}) > 0`),
    index("users_provider_rate_idx")
      .on(sql`coalesce(${t.hourlyRate}, 1000000000::numeric)`, t.id)
      .where(sql`cardinality(${t.providerCategories}) > 0`),
    // The console's overview (issue 34): providers online now, counted from the index alone (decision 0083).
    index("users_online_now_idx")
      .on(t.id)
      .where(sql`${t.isProviderOnline} and ${t.currentRole} = 'provider' and ${t.suspendedAt} is null`),
    // The console's user lookup (issue 34): a part of an email or a name, of any user.
    index("users_lookup_trgm_idx").using("gin", sql`(${USER_LOOKUP_TEXT}) gin_trgm_ops`),
  ],
);

/**
 * Who signed in as each user at the identity provider (decision 0059): the issuer and its subject (`sub`). A subject
 * belongs to one user; a user has one subject per issuer, bound at their first verified sign-in with it.
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    issuer: text("issuer").notNull(),
    subject: varchar("subject", { length: 255 }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), unique("user_identities_user_issuer_unique").on(t.userId, t.issuer)],
);

export const sessions = pgTable(
  "sessions",
  {
    sid: varchar("sid", { length: 64 }).primaryKey(),
    sess: jsonb("sess").notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire)],
);

/**
 * Rate-limit counters shared by every instance: rate-limiter-flexible's
 * Drizzle store (decision 0021). `key` is "<limit>:<user or address>".
 * UNLOGGED (migration 0005, decision 0032): drizzle-kit does not model it.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

export const serviceCategories = pgTable("service_categories", {
  id: varchar("id", { length: 50 }).primaryKey(),
  name: varchar("name", { length: 100 }).notNull(),
  icon: varchar("icon", { length: 50 }).notNull().default("Sparkles"),
  description: text("description"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seekerId: uuid("seeker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: varchar("category_id", { length: 50 })
      .notNull()
      .references(() => serviceCategories.id),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url"),
    isUrgent: boolean("is_urgent").notNull().default(false),
    latitude: numeric("latitude", { precision: 10, scale: 7 }).notNull(),
    longitude: numeric("longitude", { precision: 10, scale: 7 }).notNull(),
    address: text("address").notNull(),
    /** True when the typed location could not be resolved and the default coordinates stand in. */
    locationApproximate: boolean("location_approximate").notNull().default(false),
    budget: numeric("budget", { precision: 10, scale: 2 }),
    status: jobStatus("status").notNull().default("posted"),
    /**
     * A direct request (issue 33 §2): the one provider this job was asked of. Such a job is seen by its seeker and
     * that provider only, never listed to others; null for a job posted to everyone.
     */
    requestedProviderId: uuid("requested_provider_id").references(() => users.id, { onDelete: "cascade" }),
    /** Hidden from everyone but operators (issue 34): by an operator, or while its seeker is suspended. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenFor: jobHiddenFor("hidden_for"),
    position: cube("position").notNull().generatedAlwaysAs(unitSpherePoint("latitude", "longitude")),
    ...timestamps,
  },
  (t) => [
    index("jobs_seeker_created_idx").on(t.seekerId, t.createdAt),
    // "Available Jobs Near You": nearest posted jobs of one category, urgent or not (btree_gist + cube).
    // Urgency is a partial-index predicate: PostgreSQL cannot use a boolean as a GiST key condition.
    index("jobs_posted_urgent_nearby_idx")
      .using("gist", t.categoryId, t.position)
      .where(sql`${t.status} = 'posted' and ${t.isUrgent}`),
    index("jobs_posted_regular_nearby_idx")
      .using("gist", t.categoryId, t.position)
      .where(sql`${t.status} = 'posted' and not ${t.isUrgent}`),
    index("jobs_posted_created_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'posted'`),
    // The console's overview (issue 34): jobs posted per day.
    index("jobs_created_idx").on(t.createdAt),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    seekerId: uuid("seeker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agreedPrice: numeric("agreed_price", { precision: 10, scale: 2 }).notNull(),
    paymentMethod: paymentMethod("payment_method").notNull(),
    paymentStatus: paymentStatus("payment_status").notNull().default("pending"),
    status: bookingStatus("status").notNull().default("pending"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    /** The end of the time window asked for; null: as soon as possible. */
    scheduledEndAt: timestamp("scheduled_end_at", { withTimezone: true }),
    /** When a pending request lapses unanswered; null for every other booking. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Who cancelled (declined) the booking; null with a cancelledAt: it expired. */
    cancelledBy: uuid("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancellationReason: text("cancellation_reason"),
    /** When the provider took the job or accepted the request; null while pending, and for a request never accepted. */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** When its job was posted (a job's posting time never changes): the console's minutes to accept, without the job. */
    jobPostedAt: timestamp("job_posted_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("bookings_provider_status_idx").on(t.providerId, t.status),
    index("bookings_seeker_status_idx").on(t.seekerId, t.status),
    index("bookings_job_idx").on(t.jobId),
    // The provider's Upcoming: accepted bookings by the time asked for.
    index("bookings_provider_scheduled_idx")
      .on(t.providerId, t.scheduledAt)
      .where(sql`${t.status} = 'accepted'`),
    // The provider's earnings today: their bookings completed since midnight (the total is kept in provider_earnings).
    index("bookings_provider_completed_idx")
      .on(t.providerId, t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    // The console (issue 34): bookings accepted and completed per day, and the signals over completed bookings.
    // The overview's bookings accepted per day, their value and minutes to accept, read from the index alone.
    index("bookings_accepted_idx")
      .on(t.acceptedAt, t.agreedPrice, t.jobPostedAt)
      .where(sql`${t.acceptedAt} is not null`),
    // The overview's completion rate: of the bookings accepted each day, the ones completed since.
    index("bookings_accepted_completed_idx")
      .on(t.acceptedAt)
      .where(sql`${t.status} = 'completed'`),
    // Completed bookings by completion time, with what the overview and the signals read of them (index-only).
    index("bookings_completed_idx")
      .on(t.completedAt, t.acceptedAt, t.seekerId, t.providerId, t.id)
      .where(sql`${t.status} = 'completed'`),
    // The quick-completions signal's own predicate (decision 0083): its newest flags are the index's first entries.
    index("bookings_quick_completed_idx")
      .on(t.completedAt, t.id)
      .where(sql`${t.status} = 'completed' and ${t.completedAt} - ${t.acceptedAt} < ${QUICK_COMPLETED_WITHIN}`),
    // One seeker and provider's completed bookings by completion time: the repeated-pairs signal recounts a pair here.
    index("bookings_pair_completed_idx")
      .on(t.seekerId, t.providerId, t.completedAt, t.id)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/**
 * The repeated-pairs signal's kept state (decision 0083): per seeker and provider who completed a booking together,
 * the completion times of their latest PAIR_MIN_COMPLETED completed bookings, newest first. Kept by a trigger on
 * bookings (migration 0020) in the completing transaction, so no writer can forget it; two completions of one pair at
 * once are settled by the upsert's row lock. The pair completed PAIR_MIN_COMPLETED bookings since any instant at or
 * before `repeatedSince` (null while fewer): the signal reads only those pairs and recounts each.
 */
export const completedPairs = pgTable(
  "completed_pairs",
  {
    seekerId: uuid("seeker_id").notNull(),
    providerId: uuid("provider_id").notNull(),
    latestCompletedAt: timestamp("latest_completed_at", { withTimezone: true }).array().notNull(),
    repeatedSince: timestamp("repeated_since", { withTimezone: true }).generatedAlwaysAs(sql.raw(`latest_completed_at[${PAIR_MIN_COMPLETED}]`)),
  },
  (t) => [
    primaryKey({ columns: [t.seekerId, t.providerId] }),
    index("completed_pairs_repeated_idx")
      .on(t.repeatedSince)
      .where(sql`${t.repeatedSince} is not null`),
  ],
);

/**
 * Every distinct word of providers' names (decision 0072), kept by a trigger on users (migration 0013): a misspelt
 * name's spellings are found here by trigrams (a GiST index, decision 0098), then searched as words.
 */
export const providerNameWords = pgTable("provider_name_words", { word: text("word").primaryKey() }, (t) => [
  index("provider_name_words_trgm_idx").using("gist", sql`${t.word} gist_trgm_ops`),
]);

/** A report of a job, user, message or review (issue 34): one open per reporter and target. */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: reportTarget("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    /** The user the reported content is by (the user reported, the job's seeker, the message's sender, the reviewer). */
    targetUserId: uuid("target_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: reportReason("reason").notNull(),
    note: text("note"),
    status: reportStatus("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("reports_open_per_reporter_target")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index("reports_open_target_idx")
      .on(t.targetType, t.targetId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index("reports_target_user_idx").on(t.targetUserId, t.createdAt),
    index("reports_reporter_idx").on(t.reporterId, t.createdAt),
  ],
);

/** A user who blocked another (issue 34): no messages either way, no jobs of one to the other. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_idx").on(t.blockedId)],
);

/**
 * A sign-in and where it came from (issue 34's signals: many reviewers of one provider signing in from one address).
 * The address is kept as a keyed hash (HMAC under the session secret) of its rate-limit identity (an IPv4 address,
 * an IPv6 /64): equal addresses compare equal, but the table alone gives no address back.
 */
export const signIns = pgTable(
  "sign_ins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addressHash: varchar("address_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_ins_user_created_idx").on(t.userId, t.createdAt), index("sign_ins_created_idx").on(t.createdAt)],
);

/**
 * Every operator action (issue 34): who, when, what, on which target, why. Append-only: migration 0012's trigger
 * refuses every UPDATE, DELETE and TRUNCATE, whoever runs it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id").references(() => users.id, { onDelete: "set null" }),
    action: varchar("action", { length: 40 }).notNull(),
    targetType: varchar("target_type", { length: 20 }).notNull(),
    targetId: uuid("target_id").notNull(),
    /** The user the action is about (the target's author, or the user acted on): a user's page lists their actions. */
    targetUserId: uuid("target_user_id"),
    reason: text("reason").notNull(),
    details: jsonb("details"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_operator_idx").on(t.operatorId, t.createdAt),
    index("audit_log_target_idx").on(t.targetId, t.createdAt),
    index("audit_log_target_user_idx").on(t.targetUserId, t.createdAt),
  ],
);

/**
 * A provider's private calendar feed (issue 33 §3): the feed's URL is signed over the user id and this version, so
 * revoking it (a new version, or the row removed) ends every URL given out before.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A provider who cancelled a booking they had accepted (decision 0062): one row per provider and job, so the
 * accepting query refuses that job to them for good, and the rows of the last 24 hours and 90 days are the
 * provider's daily allowance and public count.
 */
export const bookingWithdrawals = pgTable(
  "booking_withdrawals",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("booking_withdrawals_provider_job_unique").on(t.providerId, t.jobId),
    index("booking_withdrawals_provider_withdrawn_idx").on(t.providerId, t.withdrawnAt),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: uuid("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    /** Hidden by an operator: gone for everyone but operators (issue 34). */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A thread's messages newest first (`created_at desc, id desc`), its last one included, read in index order
    // with no sort (decision 0097).
    index("messages_booking_created_idx").on(t.bookingId, t.createdAt, t.id),
    // A receiver's unread messages, per booking for the conversations' counts (decision 0097).
    index("messages_receiver_unread_idx")
      .on(t.receiverId, t.bookingId)
      .where(sql`${t.isRead} = false`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    reviewerId: uuid("reviewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    revieweeId: uuid("reviewee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by an operator: gone for everyone but operators, and out of the reviewee's average and count. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** Left out of the reviewee's average and count by an operator (a flagged signal), still shown. */
    excludedAt: timestamp("excluded_at", { withTimezone: true }),
  },
  (t) => [
    unique("reviews_booking_reviewer_unique").on(t.bookingId, t.reviewerId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    index("reviews_reviewee_created_idx").on(t.revieweeId, t.createdAt),
    // The console's signals (issue 34): the reviews of the last 30 days.
    index("reviews_created_idx").on(t.createdAt),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: notificationType("type").notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    message: text("message").notNull(),
    relatedId: uuid("related_id"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_read_created_idx").on(t.userId, t.isRead, t.createdAt)],
);

export const favorites = pgTable(
  "favorites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: favoriteTargetType("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    role: userRole("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("favorites_user_target_role_unique").on(t.userId, t.targetType, t.targetId, t.role),
    index("favorites_target_idx").on(t.targetType, t.targetId),
  ],
);

/** Which alerts a user gets by email (decision 0050); no row means the defaults. */
export const emailPreferences = pgTable("email_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  urgentJobs: boolean("urgent_jobs").notNull().default(true),
  jobDigest: boolean("job_digest").notNull().default(false),
  bookings: boolean("bookings").notNull().default(true),
  messages: boolean("messages").notNull().default(true),
  reviews: boolean("reviews").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The console overview's settled days (issue 34), per time zone: figures of a day that ended (and whose every write
 * has committed) never change, so each is counted once from the rows and read from here after. The completion rate
 * changes as bookings complete later, so it is counted live (bookings_accepted_completed_idx).
 */
export const marketplaceDays = pgTable(
  "marketplace_days",
  {
    timeZone: text("time_zone").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    jobsPosted: integer("jobs_posted").notNull(),
    accepted: integer("accepted").notNull(),
    completed: integer("completed").notNull(),
    bookedValue: numeric("booked_value", { precision: 14, scale: 2 }).notNull(),
    medianMinutesToAccept: integer("median_minutes_to_accept"),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.day] })],
);

/**
 * The overview's completion rate (decision 0083): the completed bookings per quarter hour (UTC) of their acceptance.
 * Kept by a trigger on bookings (migration 0020) in the completing transaction (an upsert adding one: two at once
 * both count). A day in any zone whose offset is a whole number of quarter hours is a run of quarter hours, so a
 * day's "of those accepted, completed since" is the sum of at most 96 rows whatever the marketplace's size.
 */
export const ACCEPTED_COMPLETIONS_SLOT_MINUTES = 15;
export const acceptedCompletions = pgTable("accepted_completions", {
  acceptedIn: timestamp("accepted_in", { withTimezone: true }).primaryKey(),
  completed: integer("completed").notNull(),
});

/**
 * What the overview counts of a day, per quarter hour (UTC) of the row's own time (decision 0092): jobs posted (by
 * their posting), bookings accepted and their agreed prices (by their acceptance), bookings completed (by their
 * completion). Kept by triggers on jobs and bookings (migration 0022) in the writing transaction, so today's figures
 * are the sum of at most 96 quarter hours whatever the marketplace's size, as the completion rate's are. Each quarter
 * hour is split in up to 8 rows (`stripe`: the writing connection's process id modulo 8), so concurrent posts and
 * acceptances seldom wait on one row's lock; a reader sums them.
 */
export const marketplaceQuarters = pgTable(
  "marketplace_quarters",
  {
    quarter: timestamp("quarter", { withTimezone: true }).notNull(),
    stripe: smallint("stripe").notNull(),
    jobsPosted: integer("jobs_posted").notNull().default(0),
    accepted: integer("accepted").notNull().default(0),
    bookedValue: numeric("booked_value", { precision: 14, scale: 2 }).notNull().default("0"),
    completed: integer("completed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.quarter, t.stripe] })],
);

/**
 * Each provider's earnings from their completed bookings (spec §2's "Total Earnings"): kept by a trigger on bookings
 * (migration 0021) in the completing transaction (an upsert adding the price: two at once both count), so the
 * dashboard reads one row instead of summing every booking the provider ever completed.
 */
export const providerEarnings = pgTable("provider_earnings", {
  providerId: uuid("provider_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  total: numeric("total", { precision: 14, scale: 2 }).notNull(),
});

/**
 * Every alert email handed to the mail server, under the key of what caused it: a retried job finds its key
 * and sends nothing twice; the newest row of a scope (a conversation, the digest) is what throttling reads.
 */
export const emailDeliveries = pgTable(
  "email_deliveries",
  {
    key: varchar("key", { length: 200 }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: varchar("scope", { length: 100 }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_deliveries_user_scope_sent_idx").on(t.userId, t.scope, t.sentAt)],
);

/**
 * One browser's Web Push subscription (decision 0077). It belongs to the session it was made in: that session's
 * end (sign-out, suspension, expiry) deletes it. An endpoint is one device's; subscribing it again for another
 * user moves it.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: varchar("p256dh", { length: 200 }).notNull(),
    auth: varchar("auth", { length: 100 }).notNull(),
    userAgent: varchar("user_agent", { length: 500 }),
    sessionId: varchar("session_id", { length: 64 })
      .notNull()
      .references(() => sessions.sid, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    // The kinds this device is told of (decision 0077, per device since migration 0019): the digest is an email's format.
    urgentJobs: boolean("urgent_jobs").notNull().default(true),
    bookings: boolean("bookings").notNull().default(true),
    messages: boolean("messages").notNull().default(true),
    reviews: boolean("reviews").notNull().default(false),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId), index("push_subscriptions_session_idx").on(t.sessionId)],
);

/**
 * Every push a push service accepted, per notification and device: a retried job skips the device it reached,
 * and the newest row of a scope on a device (a conversation, a job's bookings) is what throttling reads.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    key: varchar("key", { length: 200 }).notNull(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    scope: varchar("scope", { length: 100 }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.subscriptionId] }),
    index("push_deliveries_subscription_scope_sent_idx").on(t.subscriptionId, t.scope, t.sentAt),
  ],
);

/** A user's columns without the directory's derived `position` and `searchDocument` (decision 0072): index keys, not data for clients. */
export const userColumns = (({ position: _position, searchDocument: _searchDocument, ...columns }) => columns)(getTableColumns(users));
export type User = Omit<typeof users.$inferSelect, "position" | "searchDocument">;
export type NewUser = typeof users.$inferInsert;
export type ServiceCategory = typeof serviceCategories.$inferSelect;
/** A job's columns without its derived `position`, which is an index key, not data for clients. */
export const jobColumns = (({ position: _position, ...columns }) => columns)(getTableColumns(jobs));
export type Job = Omit<typeof jobs.$inferSelect, "position">;
export type Booking = typeof bookings.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type Favorite = typeof favorites.$inferSelect;
export type EmailPreferences = typeof emailPreferences.$inferSelect;
export type PushSubscription = typeof pushSubscriptions.$inferSelect;
