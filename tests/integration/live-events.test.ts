import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { EVENTS_CHANNEL, inTransaction, parseEvent, publishEvent, type LiveEvent } from "~/infra/events.server";
import { rootLogger } from "~/infra/logger.server";

import type { Database } from "../../db/client.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

let database: TestDatabase;
let db: Database;
const received: LiveEvent[] = [];
/** Every statement the app sent, in order. */
const statements: string[] = [];
let waiting: { id: string; resolve: () => void } | undefined;

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (query) => statements.push(query) });
  db = database.handle.db;
  await database.handle.listen(EVENTS_CHANNEL, (payload) => {
    const event = parseEvent(payload);
    if (!event) return;
    received.push(event);
    if (event.data.id === waiting?.id) waiting.resolve();
  });
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(() => {
  received.length = 0;
  statements.length = 0;
});

const event = (id: string): LiveEvent => ({ type: "notification", userIds: ["u1"], data: { id } });
const ids = () => received.map((e) => e.data.id);

/** Publishes a last event outside any transaction and waits for it: whatever was sent before has arrived by then. */
async function drain(): Promise<void> {
  const id = `marker-${Math.random()}`;
  const arrived = new Promise<void>((resolve) => (waiting = { id, resolve }));
  await publishEvent(db, event(id));
  await arrived;
  received.pop();
}

describe("live events of a transaction", () => {
  it("leave once it commits, in the order published", async () => {
    await inTransaction(db, async (tx) => {
      await publishEvent(tx, event("first"));
      await publishEvent(tx, event("second"));
    });
    await drain();
    expect(ids()).toEqual(["first", "second"]);
  });

  it("are sent after the transaction's last statement, by a statement whose commit does not wait for the WAL flush", async () => {
    await inTransaction(db, async (tx) => {
      await publishEvent(tx, event("queued"));
      await tx.execute(sql`select 'last statement of the transaction'`);
    });
    await drain();
    expect(ids()).toEqual(["queued"]);
    const last = statements.findIndex((s) => s.includes("last statement of the transaction"));
    const sending = statements.findIndex((s) => s.includes("pg_notify"));
    expect(sending).toBeGreaterThan(last);
    expect(statements[sending]).toContain("set_config('synchronous_commit', 'off', true)");
  });

  it("that cannot be sent are logged, and the committed transaction's answer stands", async () => {
    const warn = vi.spyOn(rootLogger, "warn").mockImplementation(() => undefined);
    // Over NOTIFY's 8000-byte payload limit.
    const tooLong: LiveEvent = { type: "notification", userIds: Array.from({ length: 150 }, (_, i) => `${i}`.padEnd(60, "x")), data: {} };
    await expect(inTransaction(db, (tx) => publishEvent(tx, tooLong).then(() => "written"))).resolves.toBe("written");
    await expect(publishEvent(db, tooLong)).resolves.toBeUndefined();
    expect(warn.mock.calls.filter(([, message]) => message === "live events not sent")).toHaveLength(2);
    warn.mockRestore();
  });

  it("never leave when it rolls back", async () => {
    await expect(
      inTransaction(db, async (tx) => {
        await publishEvent(tx, event("rolled back"));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await drain();
    expect(ids()).toEqual([]);
  });

  it("of a nested transaction join the enclosing one's, and a nested rollback drops only its own", async () => {
    await inTransaction(db, async (tx) => {
      await publishEvent(tx, event("outer"));
      await inTransaction(tx, (inner) => publishEvent(inner, event("inner")));
      await inTransaction(tx, async (inner) => {
        await publishEvent(inner, event("inner rolled back"));
        throw new Error("refused");
      }).catch(() => {});
      expect(ids()).toEqual([]);
    });
    await drain();
    expect(ids()).toEqual(["outer", "inner"]);
  });

  it("are refused in a transaction opened without inTransaction, which could not send them after commit", async () => {
    await expect(db.transaction((tx) => publishEvent(tx, event("bare")))).rejects.toThrow(/inTransaction/);
    await expect(db.transaction((tx) => inTransaction(tx, (inner) => publishEvent(inner, event("nested in bare"))))).rejects.toThrow(/inTransaction/);
    await drain();
    expect(ids()).toEqual([]);
  });

  it("without a transaction leave at once, each recipient once", async () => {
    await publishEvent(db, { type: "message", userIds: ["a", "b", "a"], data: { id: "direct" } });
    await drain();
    expect(received).toMatchObject([{ type: "message", userIds: ["a", "b"], data: { id: "direct" } }]);
  });
});
