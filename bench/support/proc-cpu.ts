// CPU time from /proc (Linux): a process with its descendants, and PostgreSQL's processes, so a run's CPU per
// request counts what serving cost on this machine, whichever process spent it.
import { readdirSync, readFileSync } from "node:fs";

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

function allStats(): Stat[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is Stat => stat !== null);
}

export interface CpuSnapshot {
  /** Ticks by pid of the process tree under `root`. */
  tree: Map<number, number>;
  /** Ticks by pid of processes named postgres. */
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
  return { tree: byPid((s) => inTree.has(s.pid)), postgres: byPid((s) => s.comm === "postgres" || s.comm.startsWith("postgres:")) };
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
