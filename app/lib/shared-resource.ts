/**
 * A process-wide resource opened on first use and shared by every caller; a failed open is forgotten, so the
 * next caller tries again (the database or storage may come back). `close` hands the open resource to `dispose`
 * and forgets it; `use` puts one in place (tests run the app's code against their own).
 */
export function sharedResource<T>(open: () => Promise<T>, dispose: (resource: T) => Promise<void>) {
  let current: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      current ??= open().catch((error: unknown) => {
        current = undefined;
        throw error;
      });
      return current;
    },
    use(resource: T): void {
      current = Promise.resolve(resource);
    },
    async close(): Promise<void> {
      const closing = current;
      current = undefined;
      if (closing) await dispose(await closing);
    },
  };
}
