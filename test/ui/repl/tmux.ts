// Drives a program in a real pseudo-terminal through tmux (new-session, send-keys, capture-pane)
// for the REPL end-to-end tests. Each session uses its own tmux server socket.
import { execFileSync, spawnSync } from "node:child_process";

export const hasTmux = spawnSync("tmux", ["-V"], { stdio: "ignore" }).status === 0;

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export type TmuxSession = {
  screen(): string;
  /** Literal text. */
  type(text: string): void;
  /** tmux key names: Enter, Escape, C-c, C-d, Up … */
  keys(...names: string[]): void;
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
  const tmux = (...args: string[]) => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
  // `env -i` gives the program exactly the test's environment (no CI variable: Ink would not redraw).
  const envArgs = Object.entries(options.env).map(([key, value]) => quote(`${key}=${value}`));
  const shell = `env -i ${envArgs.join(" ")} ${options.command.map(quote).join(" ")}; sleep 30`;
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
  const session: TmuxSession = {
    screen: () => tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", "repl"),
    type: (text) => {
      tmux("send-keys", "-t", "repl", "-l", text);
    },
    keys: (...names) => {
      tmux("send-keys", "-t", "repl", ...names);
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
