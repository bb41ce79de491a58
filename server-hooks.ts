// What a harness may add to server.ts (SERVER_HOOKS=<module>, its default export):
// the tests' database fingerprint route, the bench's per-request query count.
import type { IncomingMessage, ServerResponse } from "node:http";

import type { NodeServices } from "./app/http/node-services.server.ts";

export interface ServerHooks {
  /** Answers a request itself and returns true, or returns false to let the app answer. */
  route?(req: IncomingMessage, res: ServerResponse, services: NodeServices): boolean;
  /** Runs around the handling of every request (`handle` answers it). */
  wrap?(req: IncomingMessage, res: ServerResponse, handle: () => void): void;
}
