// A local push service (RFC 8030) for tests: an HTTP server on loopback that takes what the app sends to a
// subscription's endpoint as a browser's push service would. It checks the VAPID authorization (RFC 8292: an
// ES256 JWT signed by the key in `k`, for this origin, expiring within 24 hours, with a subject) with jose,
// decrypts the aes128gcm body (RFC 8188/8291) with http_ece as the browser would with its subscription's private
// key, records what arrived, and answers what the test told it to for that endpoint (201 by default).
import { createECDH, randomBytes, randomUUID, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";
import { importJWK, jwtVerify } from "jose";

/** A browser's subscription as `PushSubscription.toJSON()` gives it, with its private side kept by the test. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface Arrival {
  endpoint: string;
  /** What the service answered. */
  status: number;
  ttl: string | null;
  urgency: string | null;
  topic: string | null;
  /** The VAPID public key (`k`) the request was signed with. */
  vapidKey: string;
  /** The JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  /** The decrypted body, parsed as JSON. */
  payload: { title: string; body: string; url: string; tag: string };
  receivedAt: Date;
}

export interface PushService {
  url: string;
  /** A new subscription on this service: an endpoint and the keys a browser would make (ECDH P-256, 16-byte auth). */
  subscribe(): TestSubscription;
  /** Every request that passed the checks, oldest first (optionally of one endpoint). */
  arrivals(endpoint?: string): Arrival[];
  /** The requests refused for a bad authorization or body, with the reason. */
  refusals(): string[];
  /** From now on, answer `status` (and `Retry-After` when given) to this endpoint. */
  answer(endpoint: string, status: number, retryAfter?: string): void;
  stop(): Promise<void>;
}

interface Receiver {
  ecdh: ECDH;
  auth: string;
  status: number;
  retryAfter?: string;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` for `origin`; returns the key and claims, or throws why not. */
async function verifyVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match;
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 public key");
  const publicKey = await importJWK(
    { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") },
    "ES256",
  );
  const { payload } = await jwtVerify(token, publicKey, { algorithms: ["ES256"], audience: origin });
  if (typeof payload.exp !== "number" || payload.exp > Date.now() / 1000 + 24 * 60 * 60) throw new Error("exp is more than 24 hours away");
  if (typeof payload.sub !== "string" || !payload.sub) throw new Error("no sub");
  return { key, claims: payload as Arrival["claims"] };
}

export async function startPushService(): Promise<PushService> {
  const receivers = new Map<string, Receiver>();
  const arrivals: Arrival[] = [];
  const refusals: string[] = [];
  let url = "";

  const server = createServer(async (request, response) => {
    const endpoint = `${url}${request.url}`;
    const receiver = receivers.get(endpoint);
    try {
      if (request.method !== "POST") throw new Error(`method ${request.method}`);
      if (!receiver) {
        response.writeHead(404).end();
        return;
      }
      const body = await readBody(request);
      const { key, claims } = await verifyVapid(request.headers.authorization, url);
      if (request.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${request.headers["content-encoding"]}`);
      const plain = decrypt(body, { version: "aes128gcm", privateKey: receiver.ecdh, authSecret: receiver.auth });
      arrivals.push({
        endpoint,
        status: receiver.status,
        ttl: request.headers.ttl?.toString() ?? null,
        urgency: request.headers.urgency?.toString() ?? null,
        topic: request.headers.topic?.toString() ?? null,
        vapidKey: key,
        claims,
        payload: JSON.parse(plain.toString("utf8")),
        receivedAt: new Date(),
      });
      response.writeHead(receiver.status, receiver.retryAfter ? { "Retry-After": receiver.retryAfter } : {}).end();
    } catch (error) {
      refusals.push(`${endpoint}: ${(error as Error).message}`);
      response.writeHead(403).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      const endpoint = `${url}/push/${randomUUID()}`;
      receivers.set(endpoint, { ecdh, auth, status: 201 });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } };
    },
    arrivals: (endpoint) => arrivals.filter((a) => !endpoint || a.endpoint === endpoint),
    refusals: () => [...refusals],
    answer(endpoint, status, retryAfter) {
      const receiver = receivers.get(endpoint);
      if (!receiver) throw new Error(`no subscription ${endpoint}`);
      Object.assign(receiver, { status, retryAfter });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
