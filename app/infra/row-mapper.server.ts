import "server-only";

import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

/** A selected value as drizzle's prepared query lists it: where it goes in the row object, and what decodes it. */
interface SelectedField {
  path: string[];
  field: unknown;
}

/** The parts of drizzle 0.45's prepared select this relies on (tests/integration/row-mapper.test.ts checks them). */
interface PreparedSelect {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

type Decode = (value: unknown) => unknown;
type Read = (row: unknown[]) => unknown;

/**
 * Gives a prepared query a row mapper worked out once from its selection. drizzle's own mapper walks every column of
 * every row afresh (an `is()` check up the class chain, the path, the join's table name): 3.6% of the provider
 * dashboard's CPU for its 60 rows (issue 36). The objects made are the same, nulled left joins included; a selection
 * nested deeper than one object keeps drizzle's mapper.
 */
export function withRowMapper<Query>(query: Query): Query {
  const prepared = query as PreparedSelect;
  const { fields } = prepared;
  if (!fields || prepared.customResultMapper || fields.some(({ path }) => path.length > 2)) return query;
  const readRow = rowReader(fields, prepared.joinsNotNullableMap);
  prepared.customResultMapper = (rows) => rows.map(readRow);
  return query;
}

function rowReader(fields: SelectedField[], joinsNotNullableMap: Record<string, boolean> | undefined): Read {
  const entries: Array<{ key: string; read: Read }> = [];
  for (let start = 0; start < fields.length;) {
    const [key, member] = fields[start].path;
    if (member === undefined) {
      entries.push({ key, read: columnReader(fields[start].field, start) });
      start++;
      continue;
    }
    let end = start;
    while (end < fields.length && fields[end].path.length === 2 && fields[end].path[0] === key) end++;
    entries.push({ key, read: objectReader(fields, start, end, joinsNotNullableMap) });
    start = end;
  }
  return (row) => {
    const result: Record<string, unknown> = {};
    for (const { key, read } of entries) result[key] = read(row);
    return result;
  };
}

/**
 * One nested object of the selection (fields start..end). As drizzle does, a left-joined table's object is null
 * when its first column is null and all its columns come from that table.
 */
function objectReader(fields: SelectedField[], start: number, end: number, joinsNotNullableMap: Record<string, boolean> | undefined): Read {
  const selected = fields.slice(start, end);
  const members = selected.map(({ path, field }, offset) => ({ key: path[1], read: columnReader(field, start + offset) }));
  const columns = selected.filter(({ field }) => is(field, Column));
  const tables = new Set(columns.map(({ field }) => getTableName((field as Column).table)));
  const [table] = tables;
  const nullable = joinsNotNullableMap !== undefined && tables.size === 1 && !joinsNotNullableMap[table];
  const firstColumnKey = columns[0]?.path[1];
  return (row) => {
    const object: Record<string, unknown> = {};
    for (const { key, read } of members) object[key] = read(row);
    return nullable && object[firstColumnKey] === null ? null : object;
  };
}

function columnReader(field: unknown, index: number): Read {
  const decode = decoderOf(field);
  if (decode === undefined) return (row) => row[index];
  return (row) => {
    const value = row[index];
    return value === null ? null : decode(value);
  };
}

/** What decodes a driver value: a column, or the decoder of an expression (`.mapWith`), internal to drizzle. */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The column's or expression's decoder; undefined where it returns the driver's value as it is. */
function decoderOf(field: unknown): Decode | undefined {
  const sqlOf = (expression: unknown) => expression as { decoder: Decoder };
  const decoder: Decoder = is(field, Column)
    ? field
    : is(field, SQL)
      ? sqlOf(field).decoder
      : is(field, Subquery)
        ? sqlOf(field._.sql).decoder
        : sqlOf((field as SQL.Aliased).sql).decoder;
  if (decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue) return undefined;
  return (value) => decoder.mapFromDriverValue(value);
}
