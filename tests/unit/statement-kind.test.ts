// The kind a statement is counted and traced under (db/pool-usage.ts): its first keyword, or for a `with`
// statement the first one after its queries, however deeply they nest.
import { describe, expect, it } from "vitest";

import { kindOf } from "../../db/pool-usage.ts";

describe("a statement's kind", () => {
  it.each([
    ["select 1", "select"],
    ["  INSERT into jobs (title) values ($1)", "insert"],
    ['update "users" set "is_provider_online" = $1', "update"],
    ["delete from sessions where sid = $1", "delete"],
    ["with t as (select 1) select * from t", "select"],
    ["with x as (select count(*) from (select id from jobs where id in ($1, $2)) j) delete from y", "delete"],
    ["WITH a AS (SELECT 1), b AS (SELECT (2)) INSERT INTO z SELECT * FROM a, b", "insert"],
    ["begin", "other"],
    ["select pg_notify($1, $2)", "select"],
    ["", "other"],
  ])("%s → %s", (statement, kind) => {
    expect(kindOf(statement)).toBe(kind);
  });
});
