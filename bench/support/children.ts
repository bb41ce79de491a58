// The servers a bench run starts (the app, its peers, the node:http baseline) are killed when the run's own process
// exits, however it exits: a run that crashed once left five of them listening, holding memory and ports under the
// next run.
import type { ChildProcess } from "node:child_process";

const running = new Set<ChildProcess>();

process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** `child`, killed with the bench's process if it is still running then. */
export function killedOnExit<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}
