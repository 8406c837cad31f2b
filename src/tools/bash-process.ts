// Runs one shell command for the Bash tool: its own process group, stdin from /dev/null, stdout and
// stderr merged into one pipe (so they interleave in write order) and kept bounded, the final working
// directory reported on fd 3 by an EXIT trap, and the whole group killed (TERM, then KILL) on timeout
// or abort. Pure process mechanics; the tool decides what the model sees.
import { spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { BoundedText } from "../util/truncate.js";

export const KILL_GRACE_MS = 2000;
/** How long to wait for the pipes to drain after the shell exited (background jobs may hold them). */
const DRAIN_GRACE_MS = 150;

export type ShellRunOptions = {
  shellPath: string;
  command: string;
  cwd: string;
  /** Variables exported before the command runs (added to the inherited or given environment). */
  exports: Record<string, string>;
  /** Full child environment; when absent the child inherits ours. */
  env?: Record<string, string | undefined>;
  timeoutMs: number;
  signal: AbortSignal;
  /** Characters kept from the head and from the tail of the output. */
  keepChars: number;
};

export type ShellRunResult = {
  output: string;
  outputTruncated: boolean;
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  ending: "exited" | "timeout" | "aborted";
  /** Working directory at the end of the command (undefined when the shell died before reporting). */
  finalCwd?: string;
};

export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function buildScript(command: string, exports: Record<string, string>): string {
  const lines = ["exec 2>&1", "trap 'pwd -P >&3' EXIT"];
  for (const [name, value] of Object.entries(exports)) {
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) lines.push(`export ${name}=${shellQuote(value)}`);
  }
  lines.push(command);
  return `${lines.join("\n")}\n`;
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

function ended(stream: Readable | null): Promise<void> {
  if (!stream || stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once("end", resolve);
    stream.once("close", resolve);
    stream.once("error", () => resolve());
  });
}

export function runShellCommand(options: ShellRunOptions): Promise<ShellRunResult> {
  return new Promise((resolve, reject) => {
    const output = new BoundedText(options.keepChars, options.keepChars);
    let cwdReport = "";
    let ending: ShellRunResult["ending"] = "exited";
    const child = spawn(options.shellPath, ["-c", buildScript(options.command, options.exports)], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe", "pipe"],
    });
    const cwdPipe = child.stdio[3] as Readable | null;
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => output.append(chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => output.append(chunk));
    cwdPipe?.setEncoding("utf8").on("data", (chunk: string) => {
      cwdReport += chunk;
    });

    const stop = (reason: "timeout" | "aborted") => {
      if (ending !== "exited") return;
      ending = reason;
      killGroup(child.pid, "SIGTERM");
      setTimeout(() => killGroup(child.pid, "SIGKILL"), KILL_GRACE_MS).unref();
    };
    const timer = setTimeout(() => stop("timeout"), options.timeoutMs);
    const onAbort = () => stop("aborted");
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener("abort", onAbort, { once: true });

    child.once("error", (error) => {
      clearTimeout(timer);
      options.signal.removeEventListener("abort", onAbort);
      reject(error);
    });
    child.once("exit", (exitCode, exitSignal) => {
      clearTimeout(timer);
      options.signal.removeEventListener("abort", onAbort);
      const drained = Promise.all([ended(child.stdout), ended(child.stderr), ended(cwdPipe)]);
      const grace = new Promise((done) => setTimeout(done, DRAIN_GRACE_MS));
      void Promise.race([drained, grace]).then(() => {
        for (const stream of [child.stdout, child.stderr, cwdPipe]) stream?.destroy();
        const finalCwd = cwdReport.trim().split("\n").pop();
        resolve({
          output: output.toString(),
          outputTruncated: output.truncated,
          exitCode,
          exitSignal,
          ending,
          finalCwd: finalCwd === "" ? undefined : finalCwd,
        });
      });
    });
  });
}
