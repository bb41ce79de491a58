// A request nobody answers lapses through the running app's background worker (pg-boss): the request's transaction
// queued a job due at its expiry; once due, the worker ends the request and its job and tells the seeker. The test
// brings the expiry forward in the database (the app's real clock would make it wait 30 minutes), on PostgreSQL so
// the test and the app share it.
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { createPostgresDatabase } from "../support/database.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

let app: AppServer | undefined;
let database: { url: string; drop(): Promise<void> } | undefined;
let sql: postgres.Sql | undefined;

afterAll(async () => {
  await app?.stop();
  await sql?.end();
  await database?.drop();
});

async function signedIn(app: AppServer, label: string) {
  const client = new HttpClient(app.url);
  await client.signIn(uniqueEmail(label), label, "Tester");
  const me = await (await client.request("/api/auth/user")).json();
  return Object.assign(client, { id: me.id as string });
}

describe("the request-expiry worker", () => {
  it("lapses a request once its time has come: cancelled by nobody, its job ended, the seeker told", async () => {
    database = await createPostgresDatabase();
    app = await startAppServer({ DATABASE_URL: database.url, MAIL_WORKER_POLL_SECONDS: "0.5" });
    sql = postgres(database.url, { max: 1, onnotice: () => {} });

    const provider = await signedIn(app, "asked");
    await provider.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" });
    await provider.postForm("/profile?edit=1", {
      firstName: "Asked",
      lastName: "Tester",
      phoneNumber: "",
      bio: "",
      address: "",
      hourlyRate: "",
      providerCategories: "repair",
    });
    const seeker = await signedIn(app, "waiting");
    const sent = await seeker.postJson("/api/bookings/requests", {
      providerId: provider.id,
      categoryId: "repair",
      title: "Fix the lock",
      description: "Stuck",
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const booking = await sent.json();

    // Not due yet: the worker leaves it be.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await (await seeker.request(`/api/bookings/${booking.id}`)).json()).status).toBe("pending");

    await sql`update bookings set expires_at = now() - interval '1 second' where id = ${booking.id}`;
    const moved = await sql`update pgboss.job set start_after = now() where name = 'request-expiry' and data->>'bookingId' = ${booking.id}`;
    expect(moved.count).toBe(1);

    const status = async () =>
      (await (await seeker.request(`/api/bookings/${booking.id}`)).json()) as { status: string; cancelledBy: string | null; job: { status: string } };
    await expect.poll(async () => (await status()).status, { timeout: 20_000, interval: 250 }).toBe("cancelled");
    expect(await status()).toMatchObject({ cancelledBy: null, job: { status: "cancelled" } });
    const notices = await (await seeker.request("/api/notifications")).json();
    expect(notices.find((n: { relatedId: string }) => n.relatedId === booking.id)).toMatchObject({
      type: "booking_cancelled",
      title: "Request expired",
    });
    expect((await provider.postJson(`/api/bookings/${booking.id}/status`, { status: "accepted" }, "PATCH")).status).toBe(409);
  });
});
