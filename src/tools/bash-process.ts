// Runs one shell command for the Bash tool: stdin from /dev/null, stderr merged into stdout (so they
// interleave in write order) and kept bounded (head and tail), and the final working directory
// reported on fd 3 by an EXIT trap. It starts through the process launcher (environment filter and,
// when the containment names one, the sandbox), which is finished once the group has ended. The
// process mechanics (own process group, TERM→KILL of the group on timeout or abort, grandchildren
// holding pipes) are util/process-group.ts, shared with hooks.
import { StringDecoder } from "node:string_decoder";
import type { Containment, Launch, ProcessLauncher } from "../contracts/index.js";
import { BoundedText, runProcessGroup } from "../util/index.js";

/** How long to wait for the pipes to drain after the shell exited (background jobs may hold them). */
const DRAIN_GRACE_MS = 150;

export type ShellRunOptions = {
  shellPath: string;
  command: string;
  cwd: string;
  /** Variables added to the environment (SessionStart's CLAUDE_ENV_FILE exports); they pass the
   *  environment filter like the rest. */
  exports: Record<string, string>;
  /** The child environment before the filter. */
  env: Readonly<Record<string, string | undefined>>;
  launcher: ProcessLauncher;
  containment: Containment;
  timeoutMs: number;
  signal: AbortSignal;
  /** Characters kept from the head and from the tail of the output. */
  keepChars: number;
  /** Each piece of stdout/stderr as it arrives (live display). */
  onOutput?: (text: string) => void;
  /** The shell started as the leader of process group `pid`. */
  onSpawn?: (pid: number) => void;
};

type ShellRunResult =
  | {
      ending: "exited" | "timeout" | "aborted";
      output: string;
      outputTruncated: boolean;
      exitCode: number | null;
      exitSignal: NodeJS.Signals | null;
      /** Working directory at the end of the command (undefined when the shell died before reporting). */
      finalCwd?: string;
    }
  | { ending: "spawn_failed"; error: string }
  /** The launcher could not give the containment the call was allowed with. */
  | { ending: "refused"; reason: string };

function buildScript(command: string): string {
  return `exec 2>&1\ntrap 'pwd -P >&3' EXIT\n${command}\n`;
}

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A sink decoding UTF-8 across chunk boundaries into `append`. */
function textSink(append: (text: string) => void): (chunk: Buffer) => void {
  const decoder = new StringDecoder("utf8");
  return (chunk) => append(decoder.write(chunk));
}

/** A started command (its end is `done`), or why it could not start. */
type ShellStart = { kind: "started"; done: Promise<ShellRunResult> } | { kind: "refused"; reason: string };

export async function runShellCommand(options: ShellRunOptions): Promise<ShellRunResult> {
  const start = startShellCommand(options);
  return start.kind === "refused" ? { ending: "refused", reason: start.reason } : start.done;
}

/** Starts the command; the launcher's verdict is known at once (background commands report it). */
export function startShellCommand(options: ShellRunOptions): ShellStart {
  const exports = Object.entries(options.exports).filter(([name]) => VARIABLE_NAME.test(name));
  const launch = options.launcher.prepare(
    {
      file: options.shellPath,
      args: ["-c", buildScript(options.command)],
      cwd: options.cwd,
      env: { ...options.env, ...Object.fromEntries(exports) },
      outputPipes: 1,
    },
    options.containment,
  );
  if (launch.kind === "refused") return { kind: "refused", reason: launch.reason };
  return { kind: "started", done: runLaunched(launch, options) };
}

async function runLaunched(
  launch: Extract<Launch, { kind: "ready" }>,
  options: ShellRunOptions,
): Promise<ShellRunResult> {
  const output = new BoundedText(options.keepChars, options.keepChars);
  let cwdReport = "";
  const run = await runProcessGroup({
    file: launch.file,
    args: launch.args,
    cwd: launch.cwd,
    env: launch.env,
    inputPipes: launch.inputPipes,
    stdout: textSink((text) => {
      output.append(text);
      options.onOutput?.(text);
    }),
    stderr: textSink((text) => {
      output.append(text);
      options.onOutput?.(text);
    }),
    extraPipes: [
      textSink((text) => {
        cwdReport += text;
      }),
    ],
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    pipeGraceMs: DRAIN_GRACE_MS,
    onSpawn: options.onSpawn,
  });
  launch.finish();
  if (run.ending === "spawn_failed")
    return { ending: "spawn_failed", error: run.spawnError ?? "spawn failed" };
  const finalCwd = cwdReport.trim().split("\n").pop();
  return {
    ending: run.ending,
    output: output.toString(),
    outputTruncated: output.truncated,
    exitCode: run.exitCode,
    exitSignal: run.exitSignal,
    finalCwd: finalCwd === "" ? undefined : finalCwd,
  };
}
