// The test server's database fingerprint (db/snapshot.ts). On PostgreSQL it is
// read directly from the server's database; PGlite lives inside the server
// process, so there the server computes it at the path the tests' server hooks add (server-hooks.ts).
import http from "node:http";

import { openDatabase, type DatabaseHandle } from "../../db/client.ts";
import { snapshotDatabase, type DatabaseSnapshot } from "../../db/snapshot.ts";
import type { AppServer } from "./app-server.ts";
import { SNAPSHOT_PATH } from "./server-hooks.ts";

export type { DatabaseSnapshot };

export interface SnapshotReader {
  take(): Promise<DatabaseSnapshot>;
  close(): Promise<void>;
}

export async function snapshotReader(app: AppServer): Promise<SnapshotReader> {
  let handle: DatabaseHandle | undefined;
  if (app.databaseUrl) handle = await openDatabase({ databaseUrl: app.databaseUrl, poolSize: 1 });
  return {
    async take() {
      if (handle) return snapshotDatabase(handle.db);
      return JSON.parse(await getText(`${app.url}${SNAPSHOT_PATH}`)) as DatabaseSnapshot;
    },
    async close() {
      await handle?.close();
    },
  };
}

/** A GET on its own connection: the snapshot must not share sockets with the traffic under test. */
function getText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          response.statusCode === 200 ? resolve(text) : reject(new Error(`snapshot answered ${response.statusCode}: ${text}`)),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}
