import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** False while server rendering and hydrating, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
