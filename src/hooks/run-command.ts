// Runs one hook command: shell form through `/bin/sh -c`, exec form (args) with no shell, started
// through the process launcher (environment filter; the sandbox for a folder's hooks when it is on).
// The process mechanics (own process group, the JSON payload on stdin, TERM→KILL of the group on
// timeout or abort, grandchildren holding the pipes) are util/process-group.ts, shared with the Bash
// tool; this adds the hooks' output capture (up to a cap per stream, the rest drained) and failure kinds.
import type { Containment, ProcessLauncher } from "../contracts/index.js";
import { ByteCapture, runProcessGroup } from "../util/index.js";

type CommandSpec = {
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
  launcher: ProcessLauncher;
  containment: Containment;
};

/** `callback`: an SDK hook callback's caller answered with an error (or not at all). */
type CommandFailure = {
  kind: "timeout" | "spawn" | "signal" | "aborted" | "callback" | "http" | "prompt";
  message: string;
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
  failure?: CommandFailure;
};

const DEFAULT_CAPTURE_LIMIT = 1024 * 1024;

/** A result for a hook that is no process (http, prompt): no output unless given, timed from `started`
 *  (a `performance.now()` value). */
export function resultSince(started: number, fields: Partial<CommandResult>): CommandResult {
  return {
    exitCode: null,
    stdout: "",
    stderr: "",
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs: performance.now() - started,
    ...fields,
  };
}

export async function runCommand(spec: CommandSpec): Promise<CommandResult> {
  const limit = spec.captureLimit ?? DEFAULT_CAPTURE_LIMIT;
  const stdout = new ByteCapture(limit);
  const stderr = new ByteCapture(limit);
  const started = performance.now();
  const launch = spec.launcher.prepare(
    {
      file: spec.args ? spec.command : "/bin/sh",
      args: spec.args ? spec.args : ["-c", spec.command],
      cwd: spec.cwd,
      env: spec.env,
    },
    spec.containment,
  );
  if (launch.kind === "refused")
    return resultSince(started, {
      failure: { kind: "spawn", message: `the sandbox refused to start it: ${launch.reason}` },
    });
  const run = await runProcessGroup({
    file: launch.file,
    args: launch.args,
    cwd: launch.cwd,
    env: launch.env,
    inputPipes: launch.inputPipes,
    stdin: spec.stdin,
    stdout: (chunk) => stdout.push(chunk),
    stderr: (chunk) => stderr.push(chunk),
    timeoutMs: spec.timeoutMs,
    signal: spec.signal,
    pipeGraceMs: spec.pipeGraceMs,
  });
  launch.finish();
  let failure: CommandFailure | undefined;
  if (run.ending === "timeout")
    failure = { kind: "timeout", message: `timed out after ${spec.timeoutMs} ms` };
  else if (run.ending === "aborted") failure = { kind: "aborted", message: "aborted" };
  else if (run.ending === "spawn_failed")
    failure = { kind: "spawn", message: run.spawnError ?? "spawn failed" };
  else if (run.exitCode === null) failure = { kind: "signal", message: `killed by ${run.exitSignal}` };
  return {
    exitCode: failure ? null : run.exitCode,
    stdout: stdout.text(),
    stderr: stderr.text(),
    stdoutTruncated: stdout.truncated,
    stderrTruncated: stderr.truncated,
    durationMs: run.durationMs,
    ...(failure ? { failure } : {}),
  };
}
