// drizzle-orm sends every statement it builds as an unnamed one (postgres.js `prepare: false`). For a statement
// with parameters postgres.js then asks PostgreSQL to describe it first: two round trips and three socket writes
// per statement, and a new plan every time. Named (prepared) statements are described and planned once per
// connection, then sent in one write (decision 0054). Their texts are drizzle's, which carry values as
// parameters, so they are few; a text beyond the first MAX_PREPARED_TEXTS distinct ones is sent unnamed, which
// bounds what each connection keeps here and in its PostgreSQL backend whatever a query builder produces.
import { overriding } from "./pool-usage.ts";

export const MAX_PREPARED_TEXTS = 1000;

interface PostgresJsSql {
  unsafe(query: string, params?: unknown[], options?: object): unknown;
  begin?(...args: unknown[]): Promise<unknown>;
  savepoint?(...args: unknown[]): Promise<unknown>;
}

/** The postgres.js client (or a transaction's) with drizzle's parameterized statements prepared. */
export function preparingStatements<T extends object>(client: T, texts = new Set<string>(), maxTexts = MAX_PREPARED_TEXTS): T {
  const sql = client as unknown as PostgresJsSql;
  const remembered = (query: string) => {
    if (texts.has(query)) return true;
    if (texts.size >= maxTexts) return false;
    texts.add(query);
    return true;
  };
  const inside =
    (start: (...args: unknown[]) => Promise<unknown>) =>
    (...args: unknown[]) => {
      const callback = args.at(-1) as (transactionSql: object) => unknown;
      return start(...args.slice(0, -1), (transactionSql: object) => callback(preparingStatements(transactionSql, texts, maxTexts)));
    };
  const overrides: Record<string, unknown> = {
    unsafe(query: string, params?: unknown[], options?: object) {
      const prepare = Boolean(params?.length) && remembered(query);
      return sql.unsafe(query, params, prepare ? { ...options, prepare } : options);
    },
  };
  if (sql.begin) overrides.begin = inside(sql.begin.bind(sql));
  if (sql.savepoint) overrides.savepoint = inside(sql.savepoint.bind(sql));
  return overriding(client, overrides);
}
