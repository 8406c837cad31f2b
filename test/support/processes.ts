// Process checks for tests that kill process groups: whether a pid still runs (a zombie waiting for a
// reaper counts as gone: containers often have no init that reaps), and waiting for a condition
// instead of for a fixed time.
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Polls `condition` every 20 ms until it holds or `limitMs` passed; returns whether it held. */
export async function waitUntil(condition: () => boolean, limitMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

const children = new Set<ChildProcess>();
let hooked = false;

/** Kills `child` when the test process ends, however it ends (a failed assertion that never reached
 * the test's own cleanup, a timeout), so a hung reagent fails its test and never holds up the run. */
export function killAtExit(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  if (!hooked) {
    hooked = true;
    process.once("exit", () => {
      for (const left of children) left.kill("SIGKILL");
    });
  }
  return child;
}
