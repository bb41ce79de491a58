// postgres.js 3.4.9 kills the whole process when a connection dies inside a
// transaction: the driver's own ROLLBACK is written to the dead connection, and
// the deferred write dereferences its null socket in a setImmediate callback,
// where no try/catch can reach it (porsager/postgres#1154, #1208; fixes proposed
// in #1168 and #1209, unreleased). A connection closed while a write was pending
// is also left unable to send anything again. A database restart or failover
// must cost the app 503s, not its life, so the server build bundles the driver
// with both teardown paths fixed. Remove this once a released driver has the fix:
// the build then fails here, because the patched lines have changed.
import type { Plugin } from "vite";

const CONNECTION_MODULE = /[\\/]node_modules[\\/]postgres[\\/]src[\\/]connection\.js$/;

const UNGUARDED_WRITE = "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n";
// No socket: the close path has settled the queries it knew about; settle the ones written since.
const GUARDED_WRITE = `  function nextWrite(fn) {
    if (!socket) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)
`;
const TEARDOWN_CLEAR = "\n    clearImmediate(nextWriteTimer)\n";
// Forget the cancelled write, or later writes never schedule a flush (and stale bytes would precede the next startup).
const TEARDOWN_RESET = "\n    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n";

/** The driver's connection module with the fix applied; throws when its source is not the one this fix was written for. */
export function patchPostgresConnection(source: string): string {
  const writes = source.split(UNGUARDED_WRITE).length - 1;
  const teardowns = source.split(TEARDOWN_CLEAR).length - 1;
  if (writes !== 1 || teardowns !== 2) {
    throw new Error(
      "postgres/src/connection.js is not the version scripts/postgres-driver-fix.ts patches (3.4.9). " +
        "If the new version guards nextWrite against a closed socket, remove the fix; otherwise port it.",
    );
  }
  return source.replace(UNGUARDED_WRITE, GUARDED_WRITE).replaceAll(TEARDOWN_CLEAR, TEARDOWN_RESET);
}

/** Bundles `postgres` into the server build (it would otherwise load unpatched from node_modules) and patches it. */
export function postgresDriverFix(): Plugin {
  return {
    name: "nearhand-postgres-driver-fix",
    configEnvironment(name) {
      if (name === "client") return;
      return { resolve: { noExternal: ["postgres"] } };
    },
    transform: {
      filter: { id: CONNECTION_MODULE },
      handler(code, id) {
        if (!CONNECTION_MODULE.test(id)) return;
        return { code: patchPostgresConnection(code), map: null };
      },
    },
  };
}
