import "server-only";

/**
 * The columns of `columns` (a table's, or a selection of them) as the subquery that selected them carries them
 * (drizzle names each for the subquery), to select again in the same shape from the subquery.
 */
export function columnsOf<Columns extends object, Subquery extends Record<keyof Columns, unknown>>(
  columns: Columns,
  subquery: Subquery,
): { [Key in keyof Columns]: Subquery[Key] } {
  return Object.fromEntries(Object.keys(columns).map((key) => [key, subquery[key as keyof Columns]])) as { [Key in keyof Columns]: Subquery[Key] };
}
