import "server-only";

import { fillPlaceholders, type Query, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

import type { Executor } from "#db/client.ts";
import { withRowMapper } from "~/infra/row-mapper.server";

/**
 * A query drizzle builds once per database and shape, then runs with its placeholders filled (drizzle's
 * `.prepare()`): building a query is a large share of a short request's CPU (issue 19). `build` gets the database
 * and the shape's key; the queries of a database go when it does. Its rows are mapped by a mapper worked out once
 * for its selection (row-mapper.server.ts).
 */
export function builtOnce<Query>(build: (db: Executor, key: string) => Query): (db: Executor, key?: string) => Query {
  const built = new WeakMap<Executor, Map<string, Query>>();
  return (db, key = "") => {
    let shapes = built.get(db);
    if (!shapes) built.set(db, (shapes = new Map()));
    let query = shapes.get(key);
    if (query === undefined) shapes.set(key, (query = withRowMapper(build(db, key))));
    return query;
  };
}

/** What a query of builtOnce is (drizzle's prepared query), as far as running it elsewhere needs. */
interface PreparedQuery {
  execute(placeholders?: Record<string, unknown>): Promise<unknown>;
}

/**
 * The same for a query that also runs inside a transaction (the statements of sending a message, issue 36 §3):
 * built once per database and shape, and run on the connection of the executor it is given — the database, or
 * a transaction of it. drizzle binds a prepared query to the connection it was built on, and a transaction is a
 * new executor each time, so builtOnce would build it again for each. Two things of drizzle 0.45 it relies on
 * (tests/integration/built-once.test.ts checks both on PGlite and PostgreSQL): a transaction shares its database's
 * dialect, and a prepared query runs on its `client` alone.
 */
export function builtOnceAnywhere<Query extends PreparedQuery>(build: (db: Executor, key: string) => Query): (db: Executor, key?: string) => Query {
  const built = new WeakMap<object, Map<string, Query>>();
  return (db, key = "") => {
    const dialect = (db as unknown as { dialect: object }).dialect;
    let shapes = built.get(dialect);
    if (!shapes) built.set(dialect, (shapes = new Map()));
    let query = shapes.get(key);
    if (query === undefined) shapes.set(key, (query = withRowMapper(build(db, key))));
    const client = clientOf(db);
    if ((query as unknown as { client: unknown }).client === client) return query;
    return Object.assign(Object.create(Object.getPrototypeOf(query) as object) as Query, query, { client });
  };
}

function clientOf(db: Executor): unknown {
  return (db._.session as unknown as { client: unknown }).client;
}

/**
 * Runs a statement whose text is fixed (its values are parameters) on the executor given, the database or a
 * transaction: `db.execute(sql`…`)` walks and joins its template again on every call. The driver prepares it as it
 * does drizzle's statements (db/prepared-statements.ts).
 */
export function runStatement(db: Executor, text: string, params: unknown[]): Promise<unknown> {
  return db._.session.prepareQuery({ sql: text, params }, undefined, undefined, false).execute();
}

/**
 * A statement written as drizzle SQL (`sql`…``, with sql.placeholder for its values), built once for any database
 * and run with runStatement: what builtOnce is for a query builder's query, for a statement `db.execute` ran.
 */
export function statementOnce(build: () => SQL): (db: Executor, values: Record<string, unknown>) => Promise<unknown> {
  let query: Query | undefined;
  return (db, values) => {
    query ??= new PgDialect().sqlToQuery(build());
    return runStatement(db, query.sql, fillPlaceholders(query.params, values));
  };
}
