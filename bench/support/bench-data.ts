// Finds the seeded rows the server benchmarks act on, and removes what they
// add (this run's sessions, messages, notifications) so reruns start from the same data.
import type { Sql } from "./postgres-admin.ts";
import { BENCH_PROVIDER_EMAIL, BENCH_SEEKER_EMAIL } from "./scale.ts";
import { SID_PREFIX } from "./sessions.ts";

/** Messages the benchmarks send start with this; seeded ones never do. */
export const BENCH_MESSAGE_PREFIX = "bench:";

export interface BenchTargets {
  seekerId: string;
  providerId: string;
  /** A posted job in New York (the provider may accept it). */
  postedJobId: string;
  /** A completed booking of the provider with reviews. */
  completedBookingId: string;
  /** An accepted booking between the benchmark provider and seeker: where messages go. */
  threadBookingId: string;
}

export async function findTargets(sql: Sql): Promise<BenchTargets> {
  const people = await sql<
    Array<{ id: string; email: string }>
  >`select id, email from users where email in (${BENCH_SEEKER_EMAIL}, ${BENCH_PROVIDER_EMAIL})`;
  const seekerId = people.find((p) => p.email === BENCH_SEEKER_EMAIL)?.id;
  const providerId = people.find((p) => p.email === BENCH_PROVIDER_EMAIL)?.id;
  if (!seekerId || !providerId) throw new Error("the benchmark users are missing: run npm run bench:seed");
  const [job] =
    await sql`select id from jobs where status = 'posted' and address = 'New York, NY' and seeker_id <> ${providerId} order by created_at desc limit 1`;
  const [completed] = await sql`
    select b.id from bookings b
    where b.provider_id = ${providerId} and b.status = 'completed' and exists (select 1 from reviews r where r.booking_id = b.id)
    order by b.completed_at desc limit 1`;
  const [thread] = await sql`select id from bookings where provider_id = ${providerId} and seeker_id = ${seekerId} and status = 'accepted' limit 1`;
  if (!job || !completed || !thread) throw new Error("the seeded data lacks a posted job, completed booking or shared thread: reseed");
  return { seekerId, providerId, postedJobId: job.id, completedBookingId: completed.id, threadBookingId: thread.id };
}

export async function removeBenchRows(sql: Sql): Promise<void> {
  await sql`delete from sessions where sid like ${SID_PREFIX + "%"}`;
  await removeBenchMessages(sql);
}

/**
 * Deletes the messages the benchmarks posted (and their notifications), then vacuums both tables: their dead rows
 * stayed in the indexes until autovacuum came by, and the reads that follow (the conversations list) walked them.
 * Measured (session 23): the conversations' PostgreSQL time per request went from 3 to 5 ms within half an hour of
 * A/B runs that only deleted.
 */
export async function removeBenchMessages(sql: Sql): Promise<void> {
  await sql`delete from messages where content like ${BENCH_MESSAGE_PREFIX + "%"}`;
  await sql`delete from notifications where type = 'message' and message like ${'%": ' + BENCH_MESSAGE_PREFIX + "%"}`;
  await sql`vacuum (analyze) messages, notifications`;
}
