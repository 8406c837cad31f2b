// Drives a program in a real pseudo-terminal through tmux (new-session, send-keys, capture-pane)
// for the REPL end-to-end tests. Each session uses its own tmux server socket. Every byte the
// program writes is also logged (pipe-pane, attached before the program starts) so tests can
// assert on what was written, not only on the resulting screen.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { neededProgram } from "../../support/programs.js";
import { tempFolder } from "../../support/temp-folder.js";

export const hasTmux = neededProgram("tmux", "-V");

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export type TmuxSession = {
  /** The visible screen plus up to 200 lines of scrollback. */
  screen(): string;
  /** The visible screen only. */
  visible(): string;
  /** The whole scrollback history and screen. */
  history(): string;
  /** Every byte the program wrote so far. */
  bytes(): Buffer;
  /** Literal text. */
  type(text: string): void;
  /** tmux key names: Enter, Escape, C-c, C-d, Up … */
  keys(...names: string[]): void;
  /** Pastes text as a terminal does (bracketed when the program turned bracketed paste on). */
  paste(text: string): void;
  resize(columns: number, rows: number): void;
  waitFor(predicate: (screen: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  kill(): void;
};

let counter = 0;

export function startTmux(options: {
  command: string[];
  cwd: string;
  env: Record<string, string>;
  columns?: number;
  rows?: number;
}): TmuxSession {
  const socket = `reagent-test-${process.pid}-${++counter}`;
  const folder = tempFolder("tmux");
  const log = join(folder, "output.log");
  const go = join(folder, "go");
  writeFileSync(log, "");
  const tmux = (...args: string[]) => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
  // `env -i` gives the program exactly the test's environment (no CI variable: Ink would not redraw).
  // The program waits for `go` so that the byte log is attached before its first write.
  const envArgs = Object.entries(options.env).map(([key, value]) => quote(`${key}=${value}`));
  const wait = `while [ ! -e ${quote(go)} ]; do sleep 0.02; done`;
  const shell = `${wait}; env -i ${envArgs.join(" ")} ${options.command.map(quote).join(" ")}; sleep 30`;
  tmux(
    "-f",
    "/dev/null",
    "new-session",
    "-d",
    "-s",
    "repl",
    "-x",
    String(options.columns ?? 80),
    "-y",
    String(options.rows ?? 24),
    "-c",
    options.cwd,
    shell,
  );
  tmux("set-option", "-t", "repl", "history-limit", "5000");
  tmux("pipe-pane", "-t", "repl", "-o", `cat >> ${quote(log)}`);
  writeFileSync(go, "");
  const session: TmuxSession = {
    screen: () => tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", "repl"),
    visible: () => tmux("capture-pane", "-p", "-J", "-t", "repl"),
    history: () => tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "repl"),
    bytes: () => readFileSync(log),
    type: (text) => {
      tmux("send-keys", "-t", "repl", "-l", text);
    },
    keys: (...names) => {
      tmux("send-keys", "-t", "repl", ...names);
    },
    paste: (text) => {
      tmux("set-buffer", "-b", "paste", "--", text);
      tmux("paste-buffer", "-p", "-d", "-b", "paste", "-t", "repl");
    },
    resize: (columns, rows) => {
      tmux("resize-window", "-t", "repl", "-x", String(columns), "-y", String(rows));
    },
    async waitFor(predicate, what, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let last = "";
      while (Date.now() < deadline) {
        last = session.screen();
        if (predicate(last)) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return last;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`timed out waiting for ${what}; screen:\n${last}`);
    },
    kill: () => {
      spawnSync("tmux", ["-L", socket, "kill-server"], { stdio: "ignore" });
    },
  };
  return session;
}
