// Runs one hook command as a child process: shell form through `/bin/sh -c`, exec form (args) with
// no shell; own process group; the JSON payload written to stdin then closed (EPIPE ignored);
// stdout/stderr captured up to a cap while the rest is drained; a timeout or abort kills the whole
// group and resolves at once, even when a background grandchild still holds the pipes open.
import { spawn } from "node:child_process";

export type CommandSpec = {
  command: string;
  args?: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  stdin: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bytes kept per stream (default 1 MiB); the rest is read and dropped. */
  captureLimit?: number;
  /** How long to wait for the pipes to close after the direct child exited (default 200 ms). */
  pipeGraceMs?: number;
};

export type CommandResult = {
  /** Exit code of the direct child; null when it was killed, timed out or never started. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  durationMs: number;
  /** Why the run failed before producing an exit code. */
  failure?: { kind: "timeout" | "spawn" | "signal" | "aborted"; message: string };
};

export const DEFAULT_CAPTURE_LIMIT = 1024 * 1024;

class Capture {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    if (this.size >= this.limit) {
      this.truncated = true;
      return;
    }
    const room = this.limit - this.size;
    if (chunk.length > room) {
      this.truncated = true;
      chunk = chunk.subarray(0, room);
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group is already gone.
  }
}

export function runCommand(spec: CommandSpec): Promise<CommandResult> {
  const started = performance.now();
  const limit = spec.captureLimit ?? DEFAULT_CAPTURE_LIMIT;
  const stdout = new Capture(limit);
  const stderr = new Capture(limit);
  return new Promise((resolve) => {
    let settled = false;
    let exitCode: number | null = null;
    let timer: NodeJS.Timeout | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    const file = spec.args ? spec.command : "/bin/sh";
    const argv = spec.args ? spec.args : ["-c", spec.command];
    let child: ReturnType<typeof spawn>;
    const finish = (failure?: CommandResult["failure"]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      spec.signal?.removeEventListener("abort", onAbort);
      child?.stdout?.destroy();
      child?.stderr?.destroy();
      child?.stdin?.destroy();
      const result: CommandResult = {
        exitCode: failure ? null : exitCode,
        stdout: stdout.text(),
        stderr: stderr.text(),
        stdoutTruncated: stdout.truncated,
        stderrTruncated: stderr.truncated,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      };
      if (failure) result.failure = failure;
      resolve(result);
    };
    const onAbort = () => {
      killGroup(child?.pid);
      finish({ kind: "aborted", message: "aborted" });
    };
    try {
      child = spawn(file, argv, {
        cwd: spec.cwd,
        env: spec.env,
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
      });
    } catch (error) {
      finish({ kind: "spawn", message: (error as Error).message });
      return;
    }
    child.on("error", (error) => {
      killGroup(child.pid);
      finish({ kind: "spawn", message: error.message });
    });
    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.stdin?.on("error", () => {
      // EPIPE: the hook did not read its stdin. That is allowed.
    });
    child.stdin?.end(spec.stdin);
    child.on("exit", (code, signal) => {
      exitCode = code;
      if (code === null && !settled) {
        // Killed by a signal we did not send (timeouts and aborts settle first).
        graceTimer = setTimeout(() => finish({ kind: "signal", message: `killed by ${signal}` }), 0);
        return;
      }
      // Pipes normally close right after exit; a background grandchild may keep them open.
      graceTimer = setTimeout(() => finish(), spec.pipeGraceMs ?? 200);
    });
    child.on("close", (code, signal) => {
      if (code === null && exitCode === null) {
        finish({ kind: "signal", message: `killed by ${signal}` });
        return;
      }
      finish();
    });
    timer = setTimeout(() => {
      killGroup(child.pid);
      finish({ kind: "timeout", message: `timed out after ${spec.timeoutMs} ms` });
    }, spec.timeoutMs);
    if (spec.signal?.aborted) onAbort();
    else spec.signal?.addEventListener("abort", onAbort, { once: true });
  });
}
