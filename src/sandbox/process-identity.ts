// Which reagent run a placeholder record belongs to, and whether that run is still going: the pid
// plus the process's start time (Linux: field 22 of /proc/PID/stat), so a pid reused by another
// program after a crash does not keep a dead run's placeholders alive.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { errnoCode } from "../util/index.js";

export type ProcessIdentity = { pid: number; started: string };

/** Fields 3… of /proc/PID/stat (state first), or null where /proc cannot tell. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** The start time of `pid` in clock ticks since boot, or "" where /proc cannot tell. */
function processStart(pid: number): string {
  return statFields(pid)?.[19] ?? "";
}

export function currentProcess(): ProcessIdentity {
  return { pid: process.pid, started: processStart(process.pid) };
}

export function isRunning(identity: ProcessIdentity): boolean {
  try {
    process.kill(identity.pid, 0);
  } catch (error) {
    // EPERM: it runs, as someone else.
    if (errnoCode(error) !== "EPERM") return false;
  }
  const fields = statFields(identity.pid);
  // A zombie has ended; only its parent has not collected it yet.
  if (fields?.[0] === "Z") return false;
  return identity.started === "" || fields?.[19] === identity.started;
}

/** A record's file name: the run's identity, and a random part so two stores of one process
 *  (a test making several sandboxes) never share a record. */
export function recordName(identity: ProcessIdentity): string {
  return `${identity.pid}-${identity.started || "0"}-${randomBytes(4).toString("hex")}.log`;
}

/** The run a record file belongs to, read off its name; null for a name this code did not write. */
export function recordOwner(file: string): ProcessIdentity | null {
  const [, pid, started] = /^(\d+)-(\d+)-[0-9a-f]+\.log$/.exec(basename(file)) ?? [];
  if (pid === undefined || started === undefined) return null;
  return { pid: Number(pid), started: started === "0" ? "" : started };
}
