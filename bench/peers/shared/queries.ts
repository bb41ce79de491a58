// What the peers ask PostgreSQL, written as a postgres.js developer would write it: the same queries as the
// app's (the same tables, indexes and plans), mapped into the same JSON. Pure helpers that are not framework
// work (distances, a stranger's view of a location) are the app's own, so the answers are byte-identical.
import { CATEGORY_IDS } from "../../../app/lib/categories.ts";
import { chordForMiles, DEFAULT_LOCATION, distanceMiles, NEARBY_RADIUS_MILES, unitSphereCube } from "../../../app/lib/geo.ts";
import { approximateArea, approximateCoordinate } from "../../../app/models/job-location.server.ts";
import { sql } from "./db.ts";
import { queueMessageAlert } from "./queue.ts";
import type { SessionUser } from "./session.ts";

const JOB_COLUMNS = sql`j.id, j.seeker_id as "seekerId", j.category_id as "categoryId", j.title, j.description, j.image_url as "imageUrl",
  j.is_urgent as "isUrgent", j.latitude, j.longitude, j.address, j.location_approximate as "locationApproximate", j.budget, j.status,
  j.requested_provider_id as "requestedProviderId", j.hidden_at as "hiddenAt", j.hidden_for as "hiddenFor", j.created_at as "createdAt", j.updated_at as "updatedAt"`;
const SEEKER_COLUMNS = sql`u.id as "sId", u.first_name as "sFirstName", u.last_name as "sLastName", u.profile_image_url as "sImage", u.average_rating as "sRating"`;

type JobRow = Record<string, unknown> & { latitude: string; longitude: string; address: string; locationApproximate: boolean };

function jobWithSeeker(row: JobRow, exactLocation: boolean) {
  const { sId, sFirstName, sLastName, sImage, sRating, ...job } = row;
  const seeker = { id: sId, firstName: sFirstName, lastName: sLastName, profileImageUrl: sImage, averageRating: sRating };
  if (exactLocation) return { ...job, exactLocation, seeker };
  const latitude = Number(job.latitude);
  const longitude = Number(job.longitude);
  return {
    ...job,
    address: approximateArea({ address: job.address, latitude, longitude, locationApproximate: job.locationApproximate }),
    latitude: approximateCoordinate(latitude).toFixed(7),
    longitude: approximateCoordinate(longitude).toFixed(7),
    exactLocation,
    seeker,
  };
}

/** The header's badges: unread notifications and unread messages. */
export async function unreadCounts(userId: string) {
  const [row] = await sql`select count(*)::int as notifications,
    (select count(*)::int from messages where receiver_id = ${userId} and is_read = false and hidden_at is null) as messages
    from notifications where user_id = ${userId} and is_read = false`;
  return row;
}

let providerCounts: { at: number; counts: Promise<Record<string, number>> } | undefined;
/** Online providers per category, reused for ten seconds as the app reuses them (decision 0038). */
function onlineProvidersByCategory(): Promise<Record<string, number>> {
  if (providerCounts && Date.now() - providerCounts.at < 10_000) return providerCounts.counts;
  const counts = sql`select unnest(provider_categories) as category, count(*)::int as n from users
    where users.is_provider_online = true and users.current_role = 'provider' group by 1`.then((rows) => Object.fromEntries(rows.map((r) => [r.category, r.n])));
  providerCounts = { at: Date.now(), counts };
  return counts;
}

export type SeekerHomeJob = ReturnType<typeof jobWithSeeker> & {
  id: string;
  title: string;
  description: string;
  isUrgent: boolean;
  status: "posted" | "matched" | "in_progress" | "completed" | "cancelled";
  budget: string | null;
  requestedProviderId: string | null;
  createdAt: Date;
  seeker: { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null; averageRating: string };
};
export interface SeekerHomeBooking {
  id: string;
  status: string;
  scheduledAt: Date | null;
  scheduledEndAt: Date | null;
  expiresAt: Date | null;
  job: Record<string, unknown> & { title: string };
  provider: { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null; averageRating: string };
}
export interface SeekerHomeData {
  counts: { notifications: number; messages: number };
  providers: Record<string, number>;
  jobs: SeekerHomeJob[];
  bookings: SeekerHomeBooking[];
  /** The hearts: each saved job's role (the current role's favorite wins), and the role a new one is saved with. */
  savedJobs: Map<string, string>;
  role: string;
}

/** How many of the seeker's newest jobs, and of their requests and bookings, the home shows (the app's). */
const RECENT_REQUESTS = 4;
const YOUR_BOOKINGS = 5;
/** Every column of a booking (the app selects them all), named "b.<key>" beside the job's columns. */
const BOOKING_COLUMNS = sql`b.id as "b.id", b.job_id as "b.jobId", b.seeker_id as "b.seekerId", b.provider_id as "b.providerId", b.agreed_price as "b.agreedPrice", b.payment_method as "b.paymentMethod", b.payment_status as "b.paymentStatus", b.status as "b.status", b.scheduled_at as "b.scheduledAt", b.scheduled_end_at as "b.scheduledEndAt", b.expires_at as "b.expiresAt", b.cancelled_by as "b.cancelledBy", b.cancelled_at as "b.cancelledAt", b.cancellation_reason as "b.cancellationReason", b.accepted_at as "b.acceptedAt", b.job_posted_at as "b.jobPostedAt", b.started_at as "b.startedAt", b.completed_at as "b.completedAt", b.created_at as "b.createdAt", b.updated_at as "b.updatedAt"`;

/**
 * The seeker home's data, as the app's statements read it: badges, provider counts, the four newest jobs (a hidden
 * one left out), the open requests and active bookings, and the favorites for the hearts.
 */
export async function seekerHome(user: SessionUser): Promise<SeekerHomeData> {
  const [counts, providers, jobs, bookings, favorites] = await Promise.all([
    unreadCounts(user.id),
    onlineProvidersByCategory(),
    sql<JobRow[]>`select ${JOB_COLUMNS}, ${SEEKER_COLUMNS} from jobs j join users u on u.id = j.seeker_id
      where j.seeker_id = ${user.id} and j.hidden_at is null order by j.created_at desc, j.id desc limit ${RECENT_REQUESTS}`,
    sql`select ${BOOKING_COLUMNS}, ${JOB_COLUMNS}, ${SEEKER_COLUMNS} from bookings b join jobs j on j.id = b.job_id join users u on u.id = b.provider_id
      where b.seeker_id = ${user.id} and ((b.status = 'pending' and b.expires_at > now()) or b.status in ('accepted', 'in_progress'))
      order by b.scheduled_at asc limit ${YOUR_BOOKINGS}`,
    sql`select id, user_id as "userId", target_type as "targetType", target_id as "targetId", role, created_at as "createdAt" from favorites
      where user_id = ${user.id} order by created_at desc`,
  ]);
  const savedJobs = new Map<string, string>();
  for (const favorite of favorites) {
    if (favorite.targetType !== "job") continue;
    if (!savedJobs.has(favorite.targetId) || favorite.role === user.currentRole) savedJobs.set(favorite.targetId, favorite.role);
  }
  return {
    counts: counts as SeekerHomeData["counts"],
    providers,
    jobs: jobs.map((row) => jobWithSeeker(row, true) as SeekerHomeJob),
    bookings: bookings.map((row) => bookingWithJob(row)),
    savedJobs,
    role: user.currentRole,
  };
}

/** A booking row with its job (as its seeker sees it) and provider. */
function bookingWithJob(row: Record<string, unknown>): SeekerHomeBooking {
  const { sId, sFirstName, sLastName, sImage, sRating, ...rest } = row;
  const booking: Record<string, unknown> = {};
  const job: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key.startsWith("b.")) booking[key.slice(2)] = value;
    else job[key] = value;
  }
  const provider = { id: sId, firstName: sFirstName, lastName: sLastName, profileImageUrl: sImage, averageRating: sRating };
  return { ...booking, job: { ...job, exactLocation: true }, provider } as unknown as SeekerHomeBooking;
}

/** GET /api/jobs/available: the app's groups (mine and urgent, mine, others urgent, others), nearest first. */
export async function availableJobs(user: SessionUser, limit = 50) {
  if (user.currentRole !== "provider" || !user.isProviderOnline) return [];
  const point =
    user.latitude == null || user.longitude == null
      ? { latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude }
      : { latitude: Number(user.latitude), longitude: Number(user.longitude) };
  const center = unitSphereCube(point);
  const maxChord = chordForMiles(NEARBY_RADIUS_MILES);
  const mine = user.providerCategories.length ? CATEGORY_IDS.filter((c) => user.providerCategories.includes(c)) : [...CATEGORY_IDS];
  const others = CATEGORY_IDS.filter((c) => !mine.includes(c));
  const found: object[] = [];
  for (const [categories, inMyCategories] of [[mine, true], [others, false]] as const) {
    for (const urgent of [true, false]) {
      if (found.length === limit || categories.length === 0) continue;
      const wanted = limit - found.length;
      const branches = categories.map((category) => {
        // As the app's: never a request to one provider, a hidden job, a job the provider withdrew from (decision
        // 0062) or one of a seeker blocked either way (issue 34). Urgency literal, as the partial indexes need it.
        const pair = sql`j.status = 'posted' and j.requested_provider_id is null and j.hidden_at is null and ${urgent ? sql`j.is_urgent` : sql`not j.is_urgent`}
          and j.category_id = ${category} and j.seeker_id <> ${user.id}
          and not exists (select 1 from booking_withdrawals w where w.job_id = j.id and w.provider_id = ${user.id})
          and not exists (select 1 from blocks k where (k.blocker_id = j.seeker_id and k.blocked_id = ${user.id}) or (k.blocker_id = ${user.id} and k.blocked_id = j.seeker_id))`;
        return sql`(select j.id from jobs j where ${pair}
          and j.position <@ cube_enlarge(${center}::cube, coalesce((select (j.position <-> ${center}::cube) from jobs j
            where ${pair} and j.position <@ cube_enlarge(${center}::cube, ${maxChord}, 3)
            order by (j.position <-> ${center}::cube) offset ${wanted - 1} limit 1), ${maxChord}), 3)
          and (j.position <-> ${center}::cube) <= ${maxChord}
          order by (j.position <-> ${center}::cube), j.created_at desc limit ${wanted})`;
      });
      const union = branches.reduce((all, branch) => sql`${all} union all ${branch}`);
      const rows = await sql<JobRow[]>`select ${JOB_COLUMNS}, ${SEEKER_COLUMNS} from jobs j join users u on u.id = j.seeker_id
        where j.id in (${union}) order by (j.position <-> ${center}::cube) asc, j.created_at desc limit ${wanted}`;
      for (const row of rows) {
        const job = jobWithSeeker(row, false);
        const distance = distanceMiles(point, { latitude: Number(job.latitude), longitude: Number(job.longitude) });
        found.push({ ...job, distanceMiles: distance, inMyCategories });
      }
    }
  }
  return found;
}

/** GET /api/messages/conversations: the newest hundred, each with its other party, last message and unread count. */
export async function conversations(user: SessionUser) {
  const rows = await sql`
    select c.id as "bookingId", j.title as "jobTitle", c.status as "bookingStatus",
           o.id as "otherId", o.first_name as "otherFirstName", o.last_name as "otherLastName", o.profile_image_url as "otherImage",
           c.last_content as "lastContent", c.last_at as "lastAt",
           (select count(*)::int from messages u where u.booking_id = c.id and u.receiver_id = ${user.id} and u.is_read = false and u.hidden_at is null) as "unread"
    from (
      select b.id, b.job_id, b.status, b.seeker_id, b.provider_id, b.created_at, last.content as last_content, last.created_at as last_at
      from bookings b
      left join lateral (
        select m.content, m.created_at from messages m where m.booking_id = b.id and m.hidden_at is null order by m.created_at desc, m.id desc limit 1
      ) last on true
      where (b.seeker_id = ${user.id} or b.provider_id = ${user.id})
        and (last.created_at is not null or b.status in ('accepted', 'in_progress'))
      order by coalesce(last.created_at, b.created_at) desc
      limit 100
    ) c
    join jobs j on j.id = c.job_id
    join users o on o.id = case when c.seeker_id = ${user.id} then c.provider_id else c.seeker_id end
    order by coalesce(c.last_at, c.created_at) desc`;
  return rows.map((r) => ({
    bookingId: r.bookingId,
    jobTitle: r.jobTitle,
    bookingStatus: r.bookingStatus,
    otherUser: { id: r.otherId, firstName: r.otherFirstName, lastName: r.otherLastName, profileImageUrl: r.otherImage },
    lastMessage: r.lastContent == null ? null : { content: r.lastContent, createdAt: r.lastAt },
    unreadCount: r.unread,
  }));
}

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MESSAGES_PER_MINUTE = 30 * Number(process.env.RATE_LIMIT_MULTIPLIER ?? 1);

/**
 * POST /api/messages: the messages limit, then the message, the receiver's notification, its alert email queued
 * (pg-boss, as the app's outbox does) and two live events in one transaction.
 */
export async function sendMessage(user: SessionUser, body: unknown) {
  const input = body as { bookingId?: unknown; content?: unknown; receiverId?: unknown } | null;
  if (typeof input?.bookingId !== "string" || !UUID.test(input.bookingId)) throw new HttpError(400, "bookingId must be a booking id");
  if (typeof input.receiverId !== "string" || !UUID.test(input.receiverId)) throw new HttpError(400, "receiverId must be a user id");
  const content = typeof input.content === "string" ? input.content.trim() : "";
  if (!content || content.length > 2000) throw new HttpError(400, "content must be 1 to 2000 characters");
  const [limit] = await sql`insert into rate_limits (key, points, expire) values (${`messages:user:${user.id}`}, 1, now() + interval '60 seconds')
    on conflict (key) do update set points = case when rate_limits.expire <= now() then 1 else rate_limits.points + 1 end,
      expire = case when rate_limits.expire <= now() then now() + interval '60 seconds' else rate_limits.expire end
    returning points`;
  if (limit.points > MESSAGES_PER_MINUTE) throw new HttpError(429, "Too many requests");
  const { message, other } = await sql.begin(async (tx) => {
    // The app's one statement: the booking (share-locked) with its job's title, the other party, the sender's name
    // and whether either party blocked the other.
    const [booking] = await tx`select b.id, b.status, j.title, case when b.seeker_id = ${user.id} then b.provider_id else b.seeker_id end as other,
        s.first_name, s.last_name,
        exists (select 1 from blocks k where (k.blocker_id = ${user.id} and k.blocked_id = case when b.seeker_id = ${user.id} then b.provider_id else b.seeker_id end)
          or (k.blocker_id = case when b.seeker_id = ${user.id} then b.provider_id else b.seeker_id end and k.blocked_id = ${user.id})) as blocked
      from bookings b join jobs j on j.id = b.job_id join users s on s.id = ${user.id}
      where b.id = ${input.bookingId as string} and (b.seeker_id = ${user.id} or b.provider_id = ${user.id}) for share of b`;
    if (!booking) throw new HttpError(404, "Booking not found");
    if (booking.status === "cancelled") throw new HttpError(409, "This booking was cancelled: messages are closed");
    const other = booking.other;
    if (input.receiverId !== other) throw new HttpError(400, "receiverId must be the other party of the booking");
    if (booking.blocked) throw new HttpError(409, "You can't message this person");
    const [message] = await tx`insert into messages (booking_id, sender_id, receiver_id, content) values (${booking.id}, ${user.id}, ${other}, ${content})
      returning id, booking_id as "bookingId", sender_id as "senderId", receiver_id as "receiverId", content, is_read as "isRead", hidden_at as "hiddenAt", created_at as "createdAt"`;
    const name = [booking.first_name, booking.last_name].filter(Boolean).join(" ");
    const preview = content.length > 80 ? `${content.slice(0, 79)}…` : content;
    // The receiver's devices come with the notification, as the app's insert answers them (for their push jobs).
    const [notification] = await tx`insert into notifications (user_id, type, title, message, related_id) values (${other}, 'message', ${`New message from ${name}`}, ${`"${booking.title}": ${preview}`}, ${booking.id})
      returning id, (select coalesce(array_agg(p.id), '{}') from push_subscriptions p where p.user_id = notifications.user_id) as devices`;
    await queueMessageAlert(tx, notification.id, booking.id, other);
    return { message, other: other as string };
  });
  // The live events leave after the commit, in one statement that does not wait for the WAL flush (the app's
  // decision 0058).
  const sentAt = Date.now();
  await sql`select set_config('synchronous_commit', 'off', true),
    pg_notify('nearhand_events', ${JSON.stringify({ type: "notification", userIds: [other], data: {}, sentAt })}),
    pg_notify('nearhand_events', ${JSON.stringify({ type: "message", userIds: [other, user.id], data: { bookingId: message.bookingId, messageId: message.id }, sentAt })})`;
  return message;
}
