// Entry point of the interactive mode, imported lazily by the CLI so headless runs never load Ink
// or React. Loads history, renders the app on a wrapped terminal stream (terminal-output.ts: only
// changed lines are rewritten, clean resizes), runs SessionStart, starts loading the highlighter,
// and on exit ends the session through the host and prints how to resume it. Returns the exit code.
import { render } from "ink";
import { createElement } from "react";
import { errorMessage } from "../../util/index.js";
import { App } from "./app.js";
import { preloadHighlighter } from "./highlight.js";
import { loadHistory } from "./history.js";
import type { ReplHost } from "./host.js";
import { createStyle } from "./style.js";
import { TerminalOutput } from "./terminal-output.js";
import type { DialogTiming } from "./use-dialog.js";

export type { ReplHost } from "./host.js";

export const IDLE_NOTIFICATION_MS = 60_000;
/** Frames per second at most: a streaming answer is redrawn in batches, not per token. */
export const MAX_FPS = 15;

export type ReplOptions = {
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  /** Milliseconds of waiting for input before the idle_prompt notification (default 60 s). */
  idleMs?: number;
  /** Write every frame in full (component tests). */
  debug?: boolean;
  /** A prompt given on the command line (`reagent "fix the bug"`): sent first, after start-up. */
  initialPrompt?: string;
  /** How long a new permission dialog ignores keys (component tests use zeros). */
  dialogTiming?: DialogTiming;
  /** `--resume` without an id: open the session picker first; start-up runs once one is chosen. */
  resumePicker?: boolean;
};

/** Background writes (history) the exit waits for. */
function backgroundWrites() {
  const writes = new Set<Promise<unknown>>();
  const track = (write: Promise<unknown>) => {
    writes.add(write);
    void write.finally(() => writes.delete(write));
  };
  return { track, settled: () => Promise.allSettled([...writes]) };
}

/** A promise that resolves once start-up (SessionStart) has run, and the call that resolves it. */
function startSignal(): { started: () => void; after: Promise<void> } {
  let started: () => void = () => {};
  const after = new Promise<void>((resolve) => {
    started = resolve;
  });
  return { started, after };
}

/** Ctrl+G's editor gets the terminal: cooked input, the live area erased; all restored after. */
function handOverFor(input: NodeJS.ReadStream, terminal: TerminalOutput | undefined) {
  return <T>(work: () => T): T => {
    const raw = input.isRaw === true;
    if (raw) input.setRawMode(false);
    try {
      return terminal ? terminal.handOver(work) : work();
    } finally {
      if (raw) input.setRawMode(true);
    }
  };
}

/** Ink's render options; its defaults apply only to absent keys, so undefined streams must not be passed. */
function inkOptions(options: ReplOptions, stdout: NodeJS.WriteStream) {
  return {
    ...(options.stdin ? { stdin: options.stdin } : {}),
    stdout,
    ...(options.stderr ? { stderr: options.stderr } : {}),
    debug: options.debug ?? false,
    exitOnCtrlC: false,
    maxFps: MAX_FPS,
    patchConsole: false,
    kittyKeyboard: { mode: "auto" as const },
  };
}

export async function runRepl(host: ReplHost, options: ReplOptions = {}): Promise<number> {
  const history = await loadHistory(host.historyFile);
  const style = createStyle(host.noColor);
  const writes = backgroundWrites();
  const { started, after } = startSignal();
  const initialPrompt = options.initialPrompt ? { text: options.initialPrompt, after } : undefined;
  // The real terminal is wrapped (clean resizes, byte count); test streams are used as they are.
  const terminal = options.stdout ? undefined : new TerminalOutput(process.stdout);
  const stdout = options.stdout ?? (terminal as unknown as NodeJS.WriteStream);
  const input = options.stdin ?? process.stdin;
  // Start at the bottom of the screen (the shell's last lines scroll up into scrollback, as any output
  // would): the live area then always sits on the last rows, so narrowing the terminal can only push
  // finished transcript lines into scrollback, never part of the live area.
  if (terminal && process.stdout.isTTY)
    process.stdout.write("\n".repeat(Math.max(0, (process.stdout.rows ?? 24) - 1)));
  const instance = render(
    createElement(App, {
      host,
      style,
      history,
      track: writes.track,
      idleMs: options.idleMs ?? IDLE_NOTIFICATION_MS,
      initialPrompt,
      dialogTiming: options.dialogTiming,
      handOver: handOverFor(input, terminal),
      resumePicker: options.resumePicker ? { onStarted: () => started() } : undefined,
    }),
    inkOptions(options, stdout),
  );
  // However the process ends, the shell's next output goes under the live area, not over it
  // (registered after Ink's own exit handler, so Ink's last writes go out first).
  if (terminal && input.isTTY) terminal.bracketPastes();
  const park = () => terminal?.park();
  process.once("exit", park);
  let code = 0;
  try {
    // Let the app subscribe to the session before SessionStart hooks can report anything.
    await new Promise((resolve) => setImmediate(resolve));
    // With the session picker first, the app runs start-up once a session is chosen (or none).
    if (!options.resumePicker) {
      await host.start();
      started();
    }
    void preloadHighlighter();
    await instance.waitUntilExit();
  } catch (error) {
    instance.unmount();
    (options.stderr ?? process.stderr).write(`reagent: ${errorMessage(error)}\n`);
    code = 1;
  }
  terminal?.detach();
  process.off("exit", park);
  await writes.settled();
  if (code === 0 && host.session.messages.length > 0)
    (options.stdout ?? process.stdout).write(
      `\nResume this session with: reagent --resume ${host.sessionId}\n`,
    );
  await host.close();
  return code;
}
