// Runs one shell command for the Bash tool: stdin from /dev/null, stderr merged into stdout (so they
// interleave in write order) and kept bounded (head and tail), and the final working directory
// reported on fd 3 by an EXIT trap. The process mechanics (own process group, TERM→KILL of the group
// on timeout or abort, grandchildren holding pipes) are util/process-group.ts, shared with hooks.
import { StringDecoder } from "node:string_decoder";
import { runProcessGroup } from "../util/process-group.js";
import { BoundedText } from "../util/truncate.js";

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
  /** Each piece of stdout/stderr as it arrives (live display). */
  onOutput?: (text: string) => void;
};

export type ShellRunResult =
  | {
      ending: "exited" | "timeout" | "aborted";
      output: string;
      outputTruncated: boolean;
      exitCode: number | null;
      exitSignal: NodeJS.Signals | null;
      /** Working directory at the end of the command (undefined when the shell died before reporting). */
      finalCwd?: string;
    }
  | { ending: "spawn_failed"; error: string };

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

/** A sink decoding UTF-8 across chunk boundaries into `append`. */
function textSink(append: (text: string) => void): (chunk: Buffer) => void {
  const decoder = new StringDecoder("utf8");
  return (chunk) => append(decoder.write(chunk));
}

export async function runShellCommand(options: ShellRunOptions): Promise<ShellRunResult> {
  const output = new BoundedText(options.keepChars, options.keepChars);
  let cwdReport = "";
  const run = await runProcessGroup({
    file: options.shellPath,
    args: ["-c", buildScript(options.command, options.exports)],
    cwd: options.cwd,
    env: options.env,
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
  });
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
