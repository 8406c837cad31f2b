// The session's background commands (Bash with `run_in_background`): each runs in its own process
// group (and its own sandbox, in the containment its call was allowed with) with no turn waiting for
// it; its output goes to a file with a size cap (a note says where it was cut) and a bounded head and
// tail in memory for TaskOutput. TaskStop stops one (the whole group); close() stops all at exit.
// Who is told about an ending (the model's news, the REPL) is the owner's callback.
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { BoundedText, ensureFolderSync, signalGroup } from "../util/index.js";
import { type ShellRunOptions, startShellCommand } from "./bash-process.js";

type ShellTaskStatus = "running" | "completed" | "failed" | "killed";

export type ShellTaskView = {
  id: string;
  command: string;
  description: string;
  status: ShellTaskStatus;
  /** The output so far (head and tail when long; said where it was cut). */
  output: string;
  exitCode: number | null;
  /** The file the whole output goes to (up to the cap). */
  outputFile: string;
  /** The file reached its cap: later output is only in the tail above. */
  fileTruncated: boolean;
  startedAt: number;
  endedAt?: number;
  /** Why it ended other than by exiting (timeout, could not start). */
  note?: string;
  /** The Bash call that started it (SDK hosts join task frames to it). */
  toolUseId?: string;
};

type ShellStartRequest = Omit<ShellRunOptions, "signal" | "keepChars" | "onOutput" | "onSpawn"> & {
  description?: string;
  toolUseId?: string;
};

type BackgroundShellsOptions = {
  /** Where output files go (created on first use). */
  outputDir: string;
  /** Bytes an output file keeps (default 8 MiB). */
  fileCapBytes?: number;
  /** Characters kept in memory from the head and from the tail (default 15,000 each). */
  keepChars?: number;
  /** A command started or ended (`stopped`: TaskStop or close() ended it, nobody needs telling). */
  onChange?: (view: ShellTaskView, change: "started" | "ended", stopped: boolean) => void;
};

type Entry = {
  view: ShellTaskView;
  text: BoundedText;
  controller: AbortController;
  done: Promise<void>;
  stopped: boolean;
  pid?: number;
};

const DEFAULT_FILE_CAP_BYTES = 8 * 1024 * 1024;

export class BackgroundShells {
  private readonly entries = new Map<string, Entry>();
  private counter = 0;

  constructor(private readonly options: BackgroundShellsOptions) {}

  /** Starts a command; its id, or why it could not start. */
  start(
    request: ShellStartRequest,
  ): { kind: "started"; view: ShellTaskView } | { kind: "refused"; reason: string } {
    const id = `bash_${++this.counter}`;
    const outputFile = join(this.options.outputDir, `${id}.output`);
    ensureFolderSync(this.options.outputDir, 0o700);
    const file = openSync(outputFile, "a", 0o600);
    const cap = this.options.fileCapBytes ?? DEFAULT_FILE_CAP_BYTES;
    const keep = this.options.keepChars ?? 15_000;
    const text = new BoundedText(keep, keep);
    const controller = new AbortController();
    let written = 0;
    const view: ShellTaskView = {
      id,
      command: request.command,
      description: request.description ?? request.command,
      status: "running",
      output: "",
      exitCode: null,
      outputFile,
      fileTruncated: false,
      startedAt: Date.now(),
      ...(request.toolUseId ? { toolUseId: request.toolUseId } : {}),
    };
    const toFile = (chunk: string) => {
      if (view.fileTruncated) return;
      const bytes = Buffer.from(chunk);
      const room = cap - written;
      writeSync(file, bytes.subarray(0, Math.max(0, room)));
      written += Math.min(room, bytes.length);
      if (bytes.length > room) {
        view.fileTruncated = true;
        writeSync(file, `\n[reagent: output truncated at ${cap} bytes; later output is not in this file]\n`);
      }
    };
    const entry: Entry = { view, text, controller, done: Promise.resolve(), stopped: false };
    const { description: _description, toolUseId: _toolUseId, ...run } = request;
    const start = startShellCommand({
      ...run,
      signal: controller.signal,
      keepChars: 1,
      onSpawn: (pid) => {
        entry.pid = pid;
      },
      onOutput: (chunk) => {
        text.append(chunk);
        toFile(chunk);
      },
    });
    if (start.kind === "refused") {
      closeSync(file);
      return start;
    }
    entry.done = start.done.then((run) => {
      closeSync(file);
      view.endedAt = Date.now();
      view.output = text.toString();
      if (run.ending === "refused" || run.ending === "spawn_failed") {
        view.status = "failed";
        view.note = run.ending === "refused" ? `the sandbox refused it (${run.reason})` : run.error;
      } else {
        view.exitCode = run.exitCode;
        view.status =
          run.ending === "aborted"
            ? "killed"
            : run.ending === "timeout" || run.exitCode !== 0
              ? "failed"
              : "completed";
        if (run.ending === "timeout") view.note = `stopped after its timeout of ${request.timeoutMs} ms`;
        else if (run.exitSignal && run.ending === "exited") view.note = `killed by ${run.exitSignal}`;
      }
      this.options.onChange?.(view, "ended", entry.stopped);
    });
    this.entries.set(id, entry);
    this.options.onChange?.(view, "started", false);
    return { kind: "started", view };
  }

  /** A command's state now (its output read fresh). */
  get(id: string): ShellTaskView | undefined {
    const entry = this.entries.get(id.trim());
    if (!entry) return undefined;
    if (entry.view.status === "running") entry.view.output = entry.text.toString();
    return { ...entry.view };
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  list(): ShellTaskView[] {
    return this.ids().flatMap((id) => this.get(id) ?? []);
  }

  running(): number {
    return [...this.entries.values()].filter((entry) => entry.view.status === "running").length;
  }

  /** Resolves when the command ended, after `timeoutMs`, or when `signal` aborts. */
  async wait(id: string, timeoutMs: number, signal: AbortSignal): Promise<void> {
    const entry = this.entries.get(id.trim());
    if (!entry) return;
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => clearTimeout(timer);
    await Promise.race([
      entry.done,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        signal.addEventListener("abort", () => resolve(), { once: true });
      }),
    ]);
    onAbort();
  }

  /** Stops a running command (TERM to its group, KILL after a grace) and waits for it to end;
   *  false when it was not running. */
  async stop(id: string): Promise<boolean> {
    const entry = this.entries.get(id.trim());
    if (entry?.view.status !== "running") return false;
    entry.stopped = true;
    entry.controller.abort();
    await entry.done;
    return true;
  }

  /** At process exit, when nothing can be awaited: KILL to every running command's group. */
  killAll(): void {
    for (const entry of this.entries.values())
      if (entry.view.status === "running") signalGroup(entry.pid, "SIGKILL");
  }

  /** Stops every running command and waits for them to end (the session is closing). */
  async close(): Promise<void> {
    for (const entry of this.entries.values()) {
      if (entry.view.status !== "running") continue;
      entry.stopped = true;
      entry.controller.abort();
    }
    await Promise.all([...this.entries.values()].map((entry) => entry.done));
  }
}
