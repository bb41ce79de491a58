// The deployment files cannot be run here (no Docker engine, no Fly or Render account);
// this checks that what they say matches the app: command, port, health path, migrations, env vars.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

import { ConfigError, parseConfig } from "~/infra/config.server";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The container's own check is liveness (restart when the process is stuck)... */
const HEALTH_PATH = "/healthz";
/** ...while the platforms route traffic and gate deploys on readiness (database and live events). */
const READY_PATH = "/readyz";
const MIGRATE_COMMAND = "node db/cli/migrate.ts";

/** The variables a production process refuses to start without, as the app itself names them. */
function variablesRequiredInProduction(): string[] {
  try {
    parseConfig({ NODE_ENV: "production" });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const required = [...error.message.matchAll(/^\s+(\w+): is required/gm)].map((m) => m[1]!);
    // Each external service also needs its credentials.
    return [...required, "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
  }
  throw new Error("production configuration accepted an empty environment");
}

interface Stage {
  name: string;
  lines: string[];
}

function dockerStages(): Stage[] {
  const stages: Stage[] = [];
  const text = read("Dockerfile").replace(/\\\n\s*/g, " ");
  for (const line of text.split("\n").map((l) => l.trim())) {
    if (line === "" || line.startsWith("#")) continue;
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[1] ?? String(stages.length), lines: [] });
    else stages.at(-1)!.lines.push(line);
  }
  return stages;
}

function instruction(stage: Stage, name: string): string[] {
  return stage.lines.filter((l) => l.toUpperCase().startsWith(`${name} `)).map((l) => l.slice(name.length + 1).trim());
}

describe("Dockerfile", () => {
  const stages = dockerStages();
  const runtime = stages.at(-1)!;
  const env = Object.fromEntries(instruction(runtime, "ENV").flatMap((line) => [...line.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])));

  it("is multi-stage and builds in a stage of its own", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const build = stages.find((s) => s.name === "build")!;
    expect(instruction(build, "RUN")).toEqual(expect.arrayContaining(["npm run build"]));
  });

  it("installs with the dependency patches in place, so the build bundles the patched code (patches/README.md)", () => {
    const build = stages.find((s) => s.name === "build")!;
    const patches = build.lines.findIndex((l) => /^COPY patches\b/i.test(l));
    const install = build.lines.findIndex((l) => /^RUN npm ci\b/i.test(l));
    expect(patches).toBeGreaterThanOrEqual(0);
    expect(patches).toBeLessThan(install);
    expect(read("package.json")).toContain('"postinstall": "patch-package"');
  });

  it("runs as a non-root user with production dependencies only", () => {
    const user = instruction(runtime, "USER");
    expect(user).toHaveLength(1);
    expect(user[0]).not.toMatch(/^(root|0)(:|$)/);
    const modules = instruction(runtime, "COPY").find((c) => c.endsWith("./node_modules"))!;
    const source = stages.find((s) => modules.includes(`--from=${s.name} `))!;
    expect(instruction(source, "RUN").some((r) => /npm ci\b.*--omit=dev/.test(r))).toBe(true);
  });

  it("starts the server the way npm start does, on the port it exposes, in production", () => {
    // V8's background threads sized to the cores (decision 0056), wherever production starts.
    expect(JSON.parse(instruction(runtime, "CMD")[0]!)).toEqual(["node", "--v8-pool-size=0", "--import", "./telemetry.ts", "server.ts"]);
    expect(read("package.json")).toContain('"serve": "node scripts/check-node.mjs && node --v8-pool-size=0 --import ./telemetry.ts server.ts"');
    expect(read("package.json")).toContain('"start": "npm run build && node --v8-pool-size=0 --import ./telemetry.ts server.ts"');
    expect(env.NODE_ENV).toBe("production");
    expect(instruction(runtime, "EXPOSE")).toEqual([env.PORT]);
    expect(parseConfig({ PORT: env.PORT }).port).toBe(Number(env.PORT));
    expect(instruction(runtime, "HEALTHCHECK")[0]).toContain(HEALTH_PATH);
  });

  it("copies files that exist (or that the build stage makes)", () => {
    for (const copy of instruction(runtime, "COPY").filter((c) => !c.startsWith("--from"))) {
      const sources = copy.split(/\s+/).slice(0, -1);
      for (const source of sources) expect(existsSync(path.join(root, source)), source).toBe(true);
    }
    expect(existsSync(path.join(root, MIGRATE_COMMAND.split(" ")[1]!))).toBe(true);
  });
});

describe("the server answers the health path the platforms probe", () => {
  it("serves /healthz and /readyz in server.ts", () => {
    expect(read("server.ts")).toContain(`pathname === "${HEALTH_PATH}"`);
    expect(read("server.ts")).toContain(`pathname === "${READY_PATH}"`);
  });
});

describe("fly.toml", () => {
  const fly = parseToml(read("fly.toml")) as {
    build: { dockerfile: string };
    deploy: { release_command: string };
    env: Record<string, string>;
    http_service: {
      internal_port: number;
      concurrency: { type: string; soft_limit: number; hard_limit: number };
      checks: { path: string; method: string }[];
    };
  };

  it("builds the Dockerfile, runs migrations before release and probes /readyz on the app's port", () => {
    expect(fly.build.dockerfile).toBe("Dockerfile");
    expect(fly.deploy.release_command).toBe(MIGRATE_COMMAND);
    expect(fly.env.NODE_ENV).toBe("production");
    expect(fly.http_service.internal_port).toBe(Number(fly.env.PORT));
    expect(fly.http_service.checks.map((c) => [c.method, c.path])).toEqual([["GET", READY_PATH]]);
  });

  it("limits concurrency", () => {
    const { soft_limit, hard_limit } = fly.http_service.concurrency;
    expect(soft_limit).toBeGreaterThan(0);
    expect(hard_limit).toBeGreaterThanOrEqual(soft_limit);
  });

  it("sets only variables the README documents", () => {
    const table = read("README.md");
    for (const key of Object.keys(fly.env)) expect(table, key).toContain(`| \`${key}\` |`);
  });
});

describe("render.yaml", () => {
  const blueprint = parseYaml(read("render.yaml")) as {
    services: {
      type: string;
      runtime: string;
      dockerfilePath: string;
      healthCheckPath: string;
      preDeployCommand: string;
      envVars: { key: string; value?: string; fromDatabase?: { name: string; property: string } }[];
    }[];
    databases: { name: string }[];
  };
  const web = blueprint.services.find((s) => s.type === "web")!;
  const vars = new Map(web.envVars.map((v) => [v.key, v]));

  it("is a Docker web service probed on /readyz that migrates before deploying", () => {
    expect(web.runtime).toBe("docker");
    expect(existsSync(path.join(root, web.dockerfilePath))).toBe(true);
    expect(web.healthCheckPath).toBe(READY_PATH);
    expect(web.preDeployCommand).toBe(MIGRATE_COMMAND);
    expect(vars.get("NODE_ENV")?.value).toBe("production");
    expect(parseConfig({ PORT: vars.get("PORT")?.value }).port).toBe(3000);
  });

  it("takes DATABASE_URL from its managed PostgreSQL", () => {
    const database = vars.get("DATABASE_URL")?.fromDatabase;
    expect(database?.property).toBe("connectionString");
    expect(blueprint.databases.map((d) => d.name)).toContain(database?.name);
  });

  it("declares every variable production requires", () => {
    for (const key of variablesRequiredInProduction()) expect(vars.has(key), key).toBe(true);
  });
});

describe("README", () => {
  it("lists every variable production requires for the platforms' secrets", () => {
    const readme = read("README.md");
    const deploying = readme.slice(readme.indexOf("## Deploying"));
    expect(deploying.length).toBeGreaterThan(100);
    for (const key of variablesRequiredInProduction()) expect(deploying, key).toContain(`\`${key}\``);
  });
});
