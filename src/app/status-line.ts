// The `statusLine` setting's command, as Claude Code runs it: the status JSON on stdin
// (status-line-payload.ts), its first line of stdout (ANSI colours kept, `padding` spaces before it)
// shown in place of the REPL's built-in status line. Runs are asked for after turns and on changes,
// debounced (300 ms), one at a time (a request during a run runs again after it, with the newest
// state), each with a timeout after which its process group is killed (hooks/run-command.ts). A failed
// run — non-zero exit, timeout, no output — brings back the built-in line, with a notice the first time.
import type { Containment, ProcessLauncher } from "../contracts/index.js";
import { runCommand } from "../hooks/index.js";

const STATUS_LINE_DEBOUNCE_MS = 300;
const STATUS_LINE_TIMEOUT_MS = 5000;
const OUTPUT_LIMIT = 64 * 1024;

export type StatusLineFeed = {
  /** The command's latest line (padding applied); undefined: show the built-in status line. */
  text(): string | undefined;
  /** Asks for a run with the current state (debounced). */
  request(): void;
  /** The listener hears every change of `text()`. */
  subscribe(listener: () => void): () => void;
  /** Stops: no more runs; a running one is killed. */
  close(): void;
};

export type StatusLineSetup = {
  command: string;
  padding?: number;
  cwd: string;
  env: Record<string, string | undefined>;
  launcher: ProcessLauncher;
  containment: Containment;
  /** The JSON the command reads, built when a run starts. */
  payload: () => Record<string, unknown>;
  /** Said once, at the first failure. */
  notice: (message: string) => void;
  debounceMs?: number;
  timeoutMs?: number;
};

const firstLine = (text: string) => (text.split("\n")[0] ?? "").replace(/\r$/, "");

export function createStatusLine(setup: StatusLineSetup): StatusLineFeed {
  const debounceMs = setup.debounceMs ?? STATUS_LINE_DEBOUNCE_MS;
  const timeoutMs = setup.timeoutMs ?? STATUS_LINE_TIMEOUT_MS;
  const listeners = new Set<() => void>();
  let current: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: AbortController | undefined;
  let again = false;
  let closed = false;
  let noticed = false;

  const show = (next: string | undefined) => {
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  };
  const failed = (reason: string) => {
    show(undefined);
    if (noticed) return;
    noticed = true;
    setup.notice(`status line command ${reason}; showing the built-in status line (\`${setup.command}\`)`);
  };
  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), debounceMs);
  };
  const run = async () => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = new AbortController();
    const result = await runCommand({
      command: setup.command,
      cwd: setup.cwd,
      env: setup.env,
      stdin: JSON.stringify(setup.payload()),
      timeoutMs,
      signal: running.signal,
      captureLimit: OUTPUT_LIMIT,
      launcher: setup.launcher,
      containment: setup.containment,
    });
    running = undefined;
    if (closed) return;
    const line = firstLine(result.stdout);
    const stderr = firstLine(result.stderr.trim());
    const said = stderr ? ` (${stderr})` : "";
    if (result.failure) failed(`failed: ${result.failure.message}`);
    else if (result.exitCode !== 0) failed(`exited with code ${result.exitCode}${said}`);
    else if (line.trim() === "") failed(`printed nothing${said}`);
    else show(" ".repeat(setup.padding ?? 0) + line);
    if (again) {
      again = false;
      schedule();
    }
  };
  return {
    text: () => current,
    request: schedule,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      running?.abort();
    },
  };
}
