import { describe, expect, it } from "vitest";

import { DomainError } from "~/lib/errors";
import { listFavorites, removeFavorite } from "~/models/favorite.server";
import { addFavorite } from "~/operations/favorites.server";
import { cancelJobIn as cancelJob, postJobIn as createJob } from "~/operations/jobs.server";

import type { Database } from "../../db/client.ts";
import { modelTestDatabase } from "../support/model-database.ts";

let db: Database;
const { user } = modelTestDatabase((opened) => (db = opened));

describe("favorites", () => {
  it("adds idempotently, lists own only, removes idempotently", async () => {
    const me = await user();
    const other = await user();
    const provider = await user({ currentRole: "provider" });
    const fav = { targetType: "provider" as const, targetId: provider.id, role: "seeker" as const };
    const first = await addFavorite(db, me.id, fav);
    const second = await addFavorite(db, me.id, fav);
    expect(second.id).toBe(first.id);
    expect(await listFavorites(db, me.id)).toHaveLength(1);
    expect(await listFavorites(db, other.id)).toEqual([]);
    expect(await removeFavorite(db, me.id, fav)).toBe(true);
    expect(await removeFavorite(db, me.id, fav)).toBe(false);
    expect(await listFavorites(db, me.id)).toEqual([]);
  });

  it("refuses unknown targets with 404", async () => {
    const me = await user();
    const error = await addFavorite(db, me.id, { targetType: "job", targetId: "00000000-0000-4000-8000-000000000000", role: "seeker" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("not_found");
  });

  it("refuses, like the job's own page, a job that is no longer posted to anyone but its seeker, and stores nothing", async () => {
    const stranger = await user();
    const seeker = await user();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
    await cancelJob(db, seeker.id, job.id);
    const fav = { targetType: "job" as const, targetId: job.id, role: "provider" as const };
    const error = await addFavorite(db, stranger.id, fav).catch((e: unknown) => e);
    expect((error as DomainError).kind).toBe("not_found");
    expect(await listFavorites(db, stranger.id)).toEqual([]);
    expect((await addFavorite(db, seeker.id, { ...fav, role: "seeker" })).targetId).toBe(job.id);
  });

  it("keeps one row under concurrent adds and removes", async () => {
    const me = await user();
    const seeker = await user();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "t", description: "d" });
    const fav = { targetType: "job" as const, targetId: job.id, role: "provider" as const };
    await Promise.all(Array.from({ length: 20 }, () => addFavorite(db, me.id, fav)));
    expect(await listFavorites(db, me.id)).toHaveLength(1);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? addFavorite(db, me.id, fav) : removeFavorite(db, me.id, fav))));
    expect((await listFavorites(db, me.id)).length).toBeLessThanOrEqual(1);
  });
});
