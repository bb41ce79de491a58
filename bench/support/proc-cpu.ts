// CPU time from /proc (Linux): a process with its descendants, and the PostgreSQL processes that worked for it, so a
// run's CPU per request counts what serving cost on this machine, whichever process spent it.
//
// PostgreSQL's share is the backends connected from the process tree (matched by the client port in each backend's
// process title, "postgres: … 127.0.0.1(54321) idle") plus PostgreSQL's own background processes (WAL writer,
// checkpointer, autovacuum), which the writes cause. Other clients' backends are left out: the bench's own
// connection, and anything else running on the machine.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

interface Stat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, in ticks. */
  ticks: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // comm is in parentheses and may hold spaces: the fields after its closing parenthesis are positional.
    const close = text.lastIndexOf(")");
    const fields = text.slice(close + 2).split(" ");
    return { pid, ppid: Number(fields[1]), comm: text.slice(text.indexOf("(") + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // exited meanwhile
  }
}

/** A client backend's title ends in its client's address: "127.0.0.1(54321)" over TCP, "[local]" over a socket. */
const CLIENT_BACKEND = /(?:\((\d+)\)|\[local\])(?: |$)/;

function titleOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    return "";
  }
}

/** What `read` lists, or nothing when it throws (a process that exited meanwhile, a table this kernel lacks). */
function listOrNothing(read: () => string[]): string[] {
  try {
    return read();
  } catch {
    return [];
  }
}

/** Local ports of the TCP connections the given processes hold open. */
function localPorts(pids: Iterable<number>): Set<number> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    for (const fd of listOrNothing(() => readdirSync(`/proc/${pid}/fd`))) {
      try {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (socket) inodes.add(socket[1]!);
      } catch {
        // closed meanwhile
      }
    }
  }
  const ports = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of listOrNothing(() => readFileSync(table, "utf8").split("\n").slice(1))) {
      const fields = line.trim().split(/\s+/);
      if (fields.length > 9 && inodes.has(fields[9]!)) ports.add(parseInt(fields[1]!.split(":")[1]!, 16));
    }
  }
  return ports;
}

const PARALLEL_WORKER = /parallel worker for PID (\d+)/;

/** PostgreSQL's process, its background processes, or a client backend (or its parallel worker) connected from one of `ports`. */
function worksFor(stat: Stat, ports: Set<number>): boolean {
  if (stat.comm !== "postgres" && !stat.comm.startsWith("postgres:")) return false;
  const title = titleOf(stat.pid);
  const leader = PARALLEL_WORKER.exec(title);
  if (leader) return worksFor({ ...stat, pid: Number(leader[1]) }, ports);
  const client = CLIENT_BACKEND.exec(title);
  if (!client) return true;
  return client[1] !== undefined && ports.has(Number(client[1]));
}

function allStats(): Stat[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is Stat => stat !== null);
}

export interface CpuSnapshot {
  /** Ticks by pid of the process tree under `root`. */
  tree: Map<number, number>;
  /** Ticks by pid of the PostgreSQL processes working for the tree (see the top of this file). */
  postgres: Map<number, number>;
}

export function cpuSnapshot(root: number): CpuSnapshot {
  const stats = allStats();
  const children = new Map<number, number[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.pid]);
  const inTree = new Set<number>();
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    inTree.add(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  const byPid = (keep: (s: Stat) => boolean) => new Map(stats.filter(keep).map((s) => [s.pid, s.ticks]));
  const ports = localPorts(inTree);
  return { tree: byPid((s) => inTree.has(s.pid)), postgres: byPid((s) => worksFor(s, ports)) };
}

function spentMs(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU milliseconds spent between two snapshots: by the process tree, and by PostgreSQL. */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): { nodeMs: number; postgresMs: number } {
  return { nodeMs: spentMs(before.tree, after.tree), postgresMs: spentMs(before.postgres, after.postgres) };
}

/** The whole machine's CPU ticks from /proc/stat: all of them, and the hypervisor's steal (time it ran others). */
export interface MachineTicks {
  total: number;
  steal: number;
}

export function machineTicks(): MachineTicks {
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice"; guest time is already in user.
  const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: fields.reduce((sum, ticks) => sum + ticks, 0), steal: fields[7] ?? 0 };
}

/** The steal between two readings, as a percentage of all CPU time then. */
export function stealShare(before: MachineTicks, after: MachineTicks): number {
  const total = after.total - before.total;
  return total > 0 ? (100 * (after.steal - before.steal)) / total : 0;
}
