// Copies of objects with only some of their fields. Pure.

/** A copy of `from` with only `keys`: what a loader sends of a row, since React Router puts loader data in the payload. */
export function pick<T extends object, const K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}
