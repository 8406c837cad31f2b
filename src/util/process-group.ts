// The one way reagent runs a child process it must be able to stop: hooks and the Bash tool both
// come here. The child leads its own process group; stdin is the given text (then closed; a child
// that does not read it is fine) or /dev/null; every output pipe goes to a sink that bounds it.
// The kill policy, for a timeout and an abort alike: SIGTERM to the whole group, SIGKILL to the
// group after a grace period. A background grandchild that keeps the pipes open does not keep the
// caller waiting: after the direct child exits, the pipes get a short grace and are then closed.
import { type ChildProcess, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { errorMessage } from "./errors.js";

/** Receives one output pipe's bytes as they arrive (the sink keeps memory bounded). */
type OutputSink = (chunk: Buffer) => void;

type ProcessGroupOptions = {
  file: string;
  args: readonly string[];
  cwd: string;
  /** The child's whole environment (absent: it inherits ours). */
  env?: Record<string, string | undefined>;
  /** Written to the child's stdin, which is then closed. Absent: stdin is /dev/null. */
  stdin?: string;
  stdout: OutputSink;
  stderr: OutputSink;
  /** Further output pipes, on fd 3, 4 … in order (the Bash tool reports its final folder on fd 3). */
  extraPipes?: OutputSink[];
  /** Input pipes after those (fd 3 + extraPipes.length, …): each gets its bytes, then is closed
   *  (the sandbox hands bwrap its seccomp program this way). */
  inputPipes?: Uint8Array[];
  timeoutMs: number;
  signal?: AbortSignal;
  /** Between SIGTERM and SIGKILL to the group (default 2 s). */
  killGraceMs?: number;
  /** How long the pipes may stay open after the direct child exited (default 200 ms). */
  pipeGraceMs?: number;
  /** The child started: the id of its process group (a background command's owner kills it at exit). */
  onSpawn?: (pid: number) => void;
};

type ProcessGroupEnding = "exited" | "timeout" | "aborted" | "spawn_failed";

type ProcessGroupResult = {
  /** `exited` also covers a child killed by a signal someone else sent (see `exitSignal`). */
  ending: ProcessGroupEnding;
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  /** Why the process could not be started (`spawn_failed`). */
  spawnError?: string;
  durationMs: number;
};

const KILL_GRACE_MS = 2000;
const PIPE_GRACE_MS = 200;

/** Sends `signal` to every process of the group led by `pid`; a group already gone is fine. */
export function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

function ended(stream: Readable | null | undefined): Promise<void> {
  if (!stream || stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once("end", resolve);
    stream.once("close", resolve);
    stream.once("error", () => resolve());
  });
}

export function runProcessGroup(options: ProcessGroupOptions): Promise<ProcessGroupResult> {
  const started = performance.now();
  if (options.signal?.aborted)
    return Promise.resolve({ ending: "aborted", exitCode: null, exitSignal: null, durationMs: 0 });
  return new Promise((resolve) => {
    const run = groupRun(options, started, resolve);
    let child: ChildProcess;
    try {
      child = spawnGroupLeader(options);
    } catch (error) {
      run.finish(errorMessage(error));
      return;
    }
    const pid = child.pid;
    if (pid !== undefined) options.onSpawn?.(pid);
    run.started(pid, connectPipes(child, options));
    child.once("error", (error) => run.failed(child.pid, error.message));
    if (child.stdin) {
      child.stdin.on("error", () => {
        // EPIPE: the child did not read its stdin. That is allowed.
      });
      child.stdin.end(options.stdin);
    }
    child.once("exit", (code, signal) => run.exited(code, signal));
    run.startTimeout(options.timeoutMs);
    options.signal?.addEventListener("abort", run.onAbort, { once: true });
  });
}

type GroupRun = {
  /** The child is running as the leader of group `pid`, its output pipes connected. */
  started(pid: number | undefined, pipes: Array<Readable | null | undefined>): void;
  /** Settles the run (once): timers cleared, pipes closed, the result handed over. */
  finish(spawnError?: string): void;
  /** The child could not run (an "error" before any exit). */
  failed(pid: number | undefined, message: string): void;
  /** The direct child exited: its pipes get their grace, then the run settles. */
  exited(code: number | null, signal: NodeJS.Signals | null): void;
  startTimeout(timeoutMs: number): void;
  onAbort(): void;
};

/** One run's state and its kill policy: how it is stopped (TERM, then KILL to the group) and settled. */
function groupRun(
  options: ProcessGroupOptions,
  startedAt: number,
  resolve: (result: ProcessGroupResult) => void,
): GroupRun {
  const killGraceMs = options.killGraceMs ?? KILL_GRACE_MS;
  const pipeGraceMs = options.pipeGraceMs ?? PIPE_GRACE_MS;
  const elapsed = () => Math.round((performance.now() - startedAt) * 10) / 10;
  let ending: ProcessGroupEnding = "exited";
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let settled = false;
  let pid: number | undefined;
  let pipes: Array<Readable | null | undefined> = [];
  const timers: NodeJS.Timeout[] = [];
  const finish = (spawnError?: string) => {
    if (settled) return;
    settled = true;
    for (const timer of timers) clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    for (const pipe of pipes) pipe?.destroy();
    resolve({
      ending: spawnError === undefined ? ending : "spawn_failed",
      exitCode: exit?.code ?? null,
      exitSignal: exit?.signal ?? null,
      ...(spawnError === undefined ? {} : { spawnError }),
      durationMs: elapsed(),
    });
  };
  const stop = (reason: "timeout" | "aborted") => {
    if (settled || exit || ending !== "exited") return;
    ending = reason;
    signalGroup(pid, "SIGTERM");
    // The KILL is sent even after we settled: stragglers that ignore TERM must not survive.
    setTimeout(() => signalGroup(pid, "SIGKILL"), killGraceMs).unref();
    // The direct child cannot outlive the KILL; settle anyway should its exit never be reported.
    timers.push(setTimeout(() => finish(), killGraceMs + pipeGraceMs + 1000));
  };
  const onAbort = () => stop("aborted");
  return {
    started(leader, connected) {
      pid = leader;
      pipes = connected;
    },
    finish,
    failed(leader, message) {
      if (exit) return;
      signalGroup(leader, "SIGKILL");
      finish(message);
    },
    exited(code, signal) {
      exit = { code, signal };
      timers.push(setTimeout(() => finish(), pipeGraceMs));
      void Promise.all(pipes.map(ended)).then(() => finish());
    },
    startTimeout(timeoutMs) {
      timers.push(setTimeout(() => stop("timeout"), timeoutMs));
    },
    onAbort,
  };
}

/** Starts the child as the leader of a new process group, with a pipe for each stream asked for. */
function spawnGroupLeader(options: ProcessGroupOptions): ChildProcess {
  return spawn(options.file, [...options.args], {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: [
      options.stdin === undefined ? "ignore" : "pipe",
      "pipe",
      "pipe",
      ...(options.extraPipes ?? []).map(() => "pipe" as const),
      ...(options.inputPipes ?? []).map(() => "pipe" as const),
    ],
  });
}

/** Hands each output pipe to its sink and writes each input pipe's bytes (then closes it); returns
 *  the output pipes (closed when the run settles). */
function connectPipes(child: ChildProcess, options: ProcessGroupOptions): Array<Readable | null | undefined> {
  const sinks = [options.stdout, options.stderr, ...(options.extraPipes ?? [])];
  const pipes = sinks.map((sink, index) => {
    const pipe = child.stdio[index + 1] as Readable | null | undefined;
    pipe?.on("data", (chunk: Buffer) => sink(chunk));
    return pipe;
  });
  const firstInput = 3 + (options.extraPipes ?? []).length;
  (options.inputPipes ?? []).forEach((bytes, index) => {
    const pipe = child.stdio[firstInput + index] as Writable | null | undefined;
    pipe?.on("error", () => {
      // The child closed it unread: allowed, as for stdin.
    });
    pipe?.end(bytes);
  });
  return pipes;
}
