import "server-only";

import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * Where the identity provider's `picture` may point (decision 0059): the photo hosts of common providers (Google,
 * GitHub, Gravatar, which Auth0 uses, and Auth0's own). The embedded development provider asserts no picture.
 */
export const DEFAULT_PICTURE_HOSTS = [
  "lh3.googleusercontent.com",
  "lh4.googleusercontent.com",
  "lh5.googleusercontent.com",
  "lh6.googleusercontent.com",
  "avatars.githubusercontent.com",
  "gravatar.com",
  "www.gravatar.com",
  "secure.gravatar.com",
  "s.gravatar.com",
  "cdn.auth0.com",
] as const;
/** What signs sessions when SESSION_SECRET is unset: published here, so it signs nothing outside this machine. */
const DEVELOPMENT_SESSION_SECRET = "nearhand-development-session-secret";

const RANDOM_SECRET_MESSAGE = `must be a random value (e.g. \`openssl rand -base64 32\`), not the development default or a repeated pattern`;

/** A secret that is not the published default and not a short pattern repeated (at least 10 different characters). */
function looksRandom(secret: string): boolean {
  return secret !== DEVELOPMENT_SESSION_SECRET && new Set(secret).size >= 10;
}

/** What production must name, because the embedded stand-in would keep the service inside one instance. */
const REQUIRED_IN_PRODUCTION = {
  DATABASE_URL: "the embedded database keeps data on one instance's disk",
  S3_ENDPOINT: "the embedded storage emulator refuses to run in production",
  SMTP_URL: "the embedded development mail catcher refuses to run in production",
  OIDC_ISSUER: "the embedded development OpenID provider refuses to run in production",
} as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: optionalText,
    APP_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .trim()
      .transform((v) => (v === "" ? undefined : v))
      .pipe(
        z
          .string()
          .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
          .optional(),
      )
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    EVENTS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL (unset: live events go through PostgreSQL)")
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default(".data"),
    SESSION_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    OIDC_ISSUER: optionalText.pipe(z.url().optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_ISSUER_VERIFIES_EMAIL: booleanFlag,
    OIDC_PICTURE_HOSTS: z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(HOST_NAME, "must be host names separated by commas, e.g. lh3.googleusercontent.com")))
      .optional(),
    SEED_DEMO: booleanFlag,
    S3_ENDPOINT: optionalText.pipe(z.url().optional()),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_BUCKET: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a valid bucket name")
      .default("nearhand-uploads"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: booleanFlag,
    S3_PUBLIC_URL: optionalText.pipe(z.url().optional()),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: optionalText,
    MAIL_WORKER: booleanFlag,
    MAIL_WORKER_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    MAIL_WORKER_LOST_SECONDS: z.coerce.number().int().min(10).max(600).default(30),
    METRICS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email("must be email addresses separated by commas, e.g. ops@example.com,lead@example.com"))),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    APP_TIME_ZONE: z
      .string()
      .trim()
      .default("America/New_York")
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat("en-US", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, "must be an IANA time zone such as America/New_York"),
    RATE_LIMIT_MULTIPLIER: optionalText.pipe(z.coerce.number<string>({ error: "must be a number" }).positive("must be greater than 0").optional()),
    REQUEST_BODY_SECONDS: z.coerce.number().min(1).max(600).default(30),
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(128),
    TRUST_PROXY: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(true|false|\d{1,2})?$/, "must be true, false or the number of proxies in front of the app")
      .optional()
      .transform((v) => (v === undefined || v === "" || v === "false" ? 0 : v === "true" ? 1 : Number(v))),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === "production";
    if (production && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required when NODE_ENV=production" });
    }
    // Real mail carries links signed with the secret (unsubscribe): the development default is public.
    if (!production && env.SMTP_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when SMTP_URL is set (real emails carry links signed with it)",
      });
    }
    if ((production || env.SMTP_URL) && env.SESSION_SECRET && !looksRandom(env.SESSION_SECRET)) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: RANDOM_SECRET_MESSAGE });
    }
    if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
      for (const key of ["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when OIDC_ISSUER is set" });
      }
    }
    if (env.S3_ENDPOINT && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      for (const key of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when S3_ENDPOINT is set" });
      }
    }
    if (production) {
      for (const [key, why] of Object.entries(REQUIRED_IN_PRODUCTION) as [keyof typeof REQUIRED_IN_PRODUCTION, string][]) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `is required when NODE_ENV=production (${why})` });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Where the app's own server exposes the embedded storage emulator to browsers. */
export const STORAGE_PROXY_PATH = "/_storage";

export interface Config {
  env: Env["NODE_ENV"];
  production: boolean;
  port: number;
  host: string;
  appUrl: URL;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Where live events travel between instances: Redis pub/sub, or (undefined) PostgreSQL's LISTEN/NOTIFY. */
  eventsUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  oidc: {
    mode: "external" | "embedded";
    issuer: string;
    clientId: string;
    clientSecret: string;
    /**
     * OIDC_ISSUER_VERIFIES_EMAIL=true: every email the provider asserts counts as verified, whatever its
     * `email_verified` says (a directory whose addresses the organization assigns, which may send no such claim).
     * Otherwise only `email_verified: true` signs in (decision 0059).
     */
    issuerVerifiesEmail: boolean;
    /**
     * OIDC_PICTURE_HOSTS (host names separated by commas; empty: none): the hosts an https `picture` from the provider
     * may be on to become a new user's photo. Default: DEFAULT_PICTURE_HOSTS.
     */
    pictureHosts: readonly string[];
  };
  seedDemo: boolean;
  storage:
    | {
        mode: "external";
        endpoint: string;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
        /** Where browsers reach the storage, if not at the endpoint. */
        publicUrl: string;
      }
    | { mode: "embedded"; region: string; bucket: string; publicUrl: string };
  /** Outgoing email: a real SMTP server, or the embedded catcher shown at /dev/mail. */
  mail: { mode: "external"; url: string; from: string } | { mode: "embedded"; from: string };
  /** Whether this instance runs the background worker that sends queued email (MAIL_WORKER, default true). */
  mailWorker: boolean;
  /** The first retry of a failed email comes after this many seconds, each next one about twice as late (up to an hour). */
  mailRetrySeconds: number;
  /** How often an idle worker looks for due emails. */
  mailWorkerPollSeconds: number;
  /** A job whose worker stopped beating for this long (a crashed instance) is handed to another worker. */
  mailWorkerLostSeconds: number;
  /** The bearer token GET /metrics asks for; without one, /metrics is open outside production and absent in it. */
  metricsToken: string | null;
  /**
   * The operators (issue 34): ADMIN_EMAILS, lower-cased, applied at each sign-in. Outside production the demo's
   * operator, admin@nearhand.dev, when ADMIN_EMAILS is unset.
   */
  adminEmails: ReadonlySet<string>;
  /** The market's time zone: "today" for earnings, and the clock of requested times and calendar files. */
  timeZone: string;
  /** Scales every rate limit (decision 0021). */
  rateLimitMultiplier: number;
  /** How many reverse proxies in front of the app append to X-Forwarded-For (0: use the socket address). */
  trustedProxies: number;
  /** A request body must have arrived this long after its head, else 408 and the connection closes (decision 0064). */
  requestBodyMs: number;
  /**
   * Open connections one client address may hold; the next is refused (decision 0064). Null behind trusted proxies,
   * whose connections carry every client's requests.
   */
  maxConnectionsPerAddress: number | null;
}

export class ConfigError extends Error {}

/** The demo data's operator (db/seed-data.json), the default operator outside production. */
export const DEMO_OPERATOR_EMAIL = "admin@nearhand.dev";

/** Parses and validates the environment; the message names every bad variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  const appUrl = new URL(env.APP_URL ?? `http://localhost:${env.PORT}`);
  const sessionSecret = env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET;
  return {
    env: env.NODE_ENV,
    production,
    port: env.PORT,
    // Loopback outside production: the embedded services are for this machine only (both
    // "localhost" and "127.0.0.1" reach it; "localhost" may bind only ::1 on some systems).
    host: env.HOST ?? (production ? "0.0.0.0" : "127.0.0.1"),
    appUrl,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    eventsUrl: env.EVENTS_URL,
    dataDir: env.DATA_DIR,
    sessionSecret,
    oidc: {
      ...(env.OIDC_ISSUER
        ? {
            mode: "external" as const,
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID!,
            clientSecret: env.OIDC_CLIENT_SECRET!,
          }
        : {
            mode: "embedded" as const,
            issuer: new URL("/oidc", appUrl).href,
            clientId: "nearhand-dev",
            clientSecret: `${sessionSecret}-oidc-client`,
          }),
      issuerVerifiesEmail: env.OIDC_ISSUER_VERIFIES_EMAIL ?? false,
      pictureHosts: env.OIDC_PICTURE_HOSTS ?? DEFAULT_PICTURE_HOSTS,
    },
    seedDemo: env.SEED_DEMO ?? !production,
    storage: env.S3_ENDPOINT
      ? {
          mode: "external",
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
          publicUrl: env.S3_PUBLIC_URL ?? env.S3_ENDPOINT,
        }
      : {
          mode: "embedded",
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          publicUrl: new URL(STORAGE_PROXY_PATH, appUrl).href,
        },
    mail: env.SMTP_URL
      ? { mode: "external", url: env.SMTP_URL, from: env.MAIL_FROM ?? `Nearhand <no-reply@${appUrl.hostname}>` }
      : { mode: "embedded", from: env.MAIL_FROM ?? `Nearhand <no-reply@${appUrl.hostname}>` },
    mailWorker: env.MAIL_WORKER ?? true,
    mailRetrySeconds: env.MAIL_RETRY_SECONDS,
    mailWorkerPollSeconds: env.MAIL_WORKER_POLL_SECONDS,
    mailWorkerLostSeconds: env.MAIL_WORKER_LOST_SECONDS,
    metricsToken: env.METRICS_TOKEN ?? null,
    timeZone: env.APP_TIME_ZONE,
    adminEmails: new Set(source.ADMIN_EMAILS === undefined && !production ? [DEMO_OPERATOR_EMAIL] : env.ADMIN_EMAILS),
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER ?? 1,
    trustedProxies: env.TRUST_PROXY,
    requestBodyMs: env.REQUEST_BODY_SECONDS * 1000,
    maxConnectionsPerAddress: env.TRUST_PROXY > 0 ? null : env.MAX_CONNECTIONS_PER_ADDRESS,
  };
}

let current: Config | undefined;

/** The configuration read once at boot. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}
