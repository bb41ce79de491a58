import "server-only";

// The embedded S3 emulator (fauxqs) for development and tests: loopback only, never in production,
// reached by browsers through the app's /_storage proxy (storage-proxy.server.ts), which checks signatures.
import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import { CreateBucketCommand, HeadBucketCommand, S3Client } from "@aws-sdk/client-s3";

import type { Config } from "~/infra/config.server";
import { log } from "~/infra/logger.server";
import { S3_CHECKSUMS, type Storage } from "~/infra/storage.server";

const LOOPBACK = "127.0.0.1";

type EmbeddedSettings = Extract<Config["storage"], { mode: "embedded" }>;

/** Starts the emulator with its data under `dataDir`/s3 and a bucket ready. */
export async function startStorageEmulator(settings: EmbeddedSettings, dataDir: string): Promise<Storage> {
  if (Reflect.get(process.env, "NODE_ENV") === "production") {
    throw new Error("The embedded storage emulator refuses to run when NODE_ENV=production. Set S3_ENDPOINT and its credentials.");
  }
  const { startFauxqs } = await import("fauxqs");
  const emulator = await onLoopback(() => startFauxqs({ port: 0, logger: false, s3StorageDir: path.resolve(dataDir, "s3") }));
  if (new URL(emulator.address).hostname !== LOOPBACK) {
    await emulator.stop();
    throw new Error(`The embedded storage emulator listened on ${emulator.address}, not on loopback; it was stopped.`);
  }
  log().debug({ url: emulator.address }, "storage emulator listening (loopback only, reached through /_storage)");
  // The emulator checks no signature: the /_storage proxy checks the app's, made with a
  // secret of this process alone (one written in the source would let anyone sign).
  const credentials = { accessKeyId: "nearhand-dev", secretAccessKey: randomBytes(32).toString("hex") };
  const common = { region: settings.region, credentials, forcePathStyle: true, ...S3_CHECKSUMS };
  const client = new S3Client({ ...common, endpoint: emulator.address });
  await ensureBucket(client, settings.bucket);
  return {
    bucket: settings.bucket,
    client,
    signer: new S3Client({ ...common, endpoint: settings.publicUrl }),
    emulatorUrl: emulator.address,
    stop: () => emulator.stop(),
  };
}

/**
 * fauxqs 2.4 listens on 0.0.0.0 whatever its options say (its `host` only names
 * queue URLs): while it starts, a listen on every interface goes to loopback.
 */
async function onLoopback<T>(start: () => Promise<T>): Promise<T> {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
    const [options] = args;
    if (typeof options === "object" && options !== null && (options as net.ListenOptions).host === "0.0.0.0") {
      args[0] = { ...options, host: LOOPBACK };
    }
    return Reflect.apply(listen, this, args) as net.Server;
  } as typeof listen;
  try {
    return await start();
  } finally {
    net.Server.prototype.listen = listen;
  }
}

async function ensureBucket(client: S3Client, bucket: string) {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}
