import "server-only";

import type { Executor } from "#db/client.ts";

/**
 * A query drizzle builds once per database and shape, then runs with its placeholders filled (drizzle's
 * `.prepare()`): building a query is a large share of a short request's CPU (issue 19). `build` gets the database
 * and the shape's key; the queries of a database go when it does.
 */
export function builtOnce<Query>(build: (db: Executor, key: string) => Query): (db: Executor, key?: string) => Query {
  const built = new WeakMap<Executor, Map<string, Query>>();
  return (db, key = "") => {
    let shapes = built.get(db);
    if (!shapes) built.set(db, (shapes = new Map()));
    let query = shapes.get(key);
    if (query === undefined) shapes.set(key, (query = build(db, key)));
    return query;
  };
}
