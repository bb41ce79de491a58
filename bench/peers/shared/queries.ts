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
  j.created_at as "createdAt", j.updated_at as "updatedAt"`;
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
    (select count(*)::int from messages where receiver_id = ${userId} and is_read = false) as messages
    from notifications where user_id = ${userId} and is_read = false`;
  return row;
}

let providerCounts: { at: number; counts: Promise<Record<string, number>> } | undefined;
/** Online providers per category, reused for ten seconds as the app reuses them (decision 0038). */
function onlineProvidersByCategory(): Promise<Record<string, number>> {
  if (providerCounts && Date.now() - providerCounts.at < 10_000) return providerCounts.counts;
  const counts = sql`select unnest(provider_categories) as category, count(*)::int as n from users
    where is_provider_online and current_role = 'provider' group by 1`.then((rows) => Object.fromEntries(rows.map((r) => [r.category, r.n])));
  providerCounts = { at: Date.now(), counts };
  return counts;
}

/** The seeker home's data: badges, provider counts, the four newest jobs, the hearts. */
export async function seekerHome(user: SessionUser) {
  const [counts, providers, jobs, favorites] = await Promise.all([
    unreadCounts(user.id),
    onlineProvidersByCategory(),
    sql<JobRow[]>`select ${JOB_COLUMNS}, ${SEEKER_COLUMNS} from jobs j join users u on u.id = j.seeker_id
      where j.seeker_id = ${user.id} order by j.created_at desc, j.id desc limit 4`,
    sql`select id, target_type as "targetType", target_id as "targetId", role, created_at as "createdAt" from favorites
      where user_id = ${user.id} order by created_at desc`,
  ]);
  return { counts, providers, jobs: jobs.map((row) => jobWithSeeker(row, true)), favorites };
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
        const pair = sql`j.status = 'posted' and j.is_urgent = ${urgent} and j.category_id = ${category} and j.seeker_id <> ${user.id}`;
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
           (select count(*)::int from messages u where u.booking_id = c.id and u.receiver_id = ${user.id} and u.is_read = false) as "unread"
    from (
      select b.id, b.job_id, b.status, b.seeker_id, b.provider_id, b.created_at, last.content as last_content, last.created_at as last_at
      from bookings b
      left join lateral (
        select m.content, m.created_at from messages m where m.booking_id = b.id order by m.created_at desc, m.id desc limit 1
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
    const [booking] = await tx`select b.id, b.seeker_id, b.provider_id, b.status, j.title from bookings b join jobs j on j.id = b.job_id
      where b.id = ${input.bookingId as string} and (b.seeker_id = ${user.id} or b.provider_id = ${user.id}) for share of b`;
    if (!booking) throw new HttpError(404, "Booking not found");
    if (booking.status === "cancelled") throw new HttpError(409, "This booking was cancelled: messages are closed");
    const other = booking.seeker_id === user.id ? booking.provider_id : booking.seeker_id;
    if (input.receiverId !== other) throw new HttpError(400, "receiverId must be the other party of the booking");
    const [message] = await tx`insert into messages (booking_id, sender_id, receiver_id, content) values (${booking.id}, ${user.id}, ${other}, ${content})
      returning id, booking_id as "bookingId", sender_id as "senderId", receiver_id as "receiverId", content, is_read as "isRead", created_at as "createdAt"`;
    const [sender] = await tx`select first_name, last_name from users where id = ${user.id}`;
    const name = [sender.first_name, sender.last_name].filter(Boolean).join(" ");
    const preview = content.length > 80 ? `${content.slice(0, 79)}…` : content;
    // The receiver's devices come with the notification, as the app's insert answers them (for their push jobs).
    const [notification] = await tx`insert into notifications (user_id, type, title, message, related_id) values (${other}, 'message', ${`New message from ${name}`}, ${`"${booking.title}": ${preview}`}, ${booking.id})
      returning id, (select coalesce(array_agg(p.id), '{}') from push_subscriptions p where p.user_id = notifications.user_id) as devices`;
    await queueMessageAlert(tx, notification.id, booking.id, other);
    return { message, other: other as string };
  });
  // The live events leave after the commit, in one statement that does not wait for the WAL flush (the app's
  // decision 0058).
  await sql`select set_config('synchronous_commit', 'off', true),
    pg_notify('nearhand_events', ${JSON.stringify({ type: "notification", userIds: [other], data: {} })}),
    pg_notify('nearhand_events', ${JSON.stringify({ type: "message", userIds: [other, user.id], data: { bookingId: message.bookingId, messageId: message.id } })})`;
  return message;
}
