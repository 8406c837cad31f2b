// Opens the built CLI's interactive mode in tmux against the wire-level fake model server, in a
// temp workspace with a temp HOME; every resource is released by the returned cleanup list.

import { hasTmux, startTmux, type TmuxSession } from "../ui/repl/tmux.js";
import { BIN, cleanEnv } from "./cli.js";
import type { RoutedScript } from "./fake-model-routes.js";
import { type FakeModelServer, startFakeModelServer } from "./fake-model-server.js";
import { createWorkspace } from "./workspace.js";

export const skipWithoutTmux = hasTmux
  ? false
  : "tmux is not installed (apt-get install -y tmux) — REPL end-to-end tests skipped";

export type PtyRepl = { tmux: TmuxSession; dir: string; home: string; server: FakeModelServer };

export async function openRepl(
  cleanups: Array<() => unknown>,
  script: RoutedScript,
  options: {
    files?: Record<string, string>;
    args?: string[];
    columns?: number;
    rows?: number;
    env?: Record<string, string>;
    /** Run in an earlier run's workspace and HOME (e.g. to continue its session). */
    reuse?: { dir: string; home: string };
  } = {},
): Promise<PtyRepl> {
  const server = await startFakeModelServer(script);
  const space = options.reuse
    ? { dir: options.reuse.dir, cleanup: () => {} }
    : createWorkspace(options.files ?? {});
  const env = cleanEnv({
    ...(options.reuse ? { HOME: options.reuse.home } : {}),
    ANTHROPIC_API_KEY: "x",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    TERM: "xterm-256color",
    ...options.env,
    ...(options.reuse ? { HOME: options.reuse.home } : {}),
  });
  const tmux = startTmux({
    command: [process.execPath, BIN, ...(options.args ?? [])],
    cwd: space.dir,
    env,
    columns: options.columns,
    rows: options.rows,
  });
  cleanups.push(
    () => server.close(),
    () => space.cleanup(),
    () => tmux.kill(),
  );
  const first = await tmux.waitFor(
    (screen) => screen.includes("Type a message") || screen.includes("Trust it?"),
    "the prompt",
  );
  // A folder whose own configuration runs hooks or servers asks first (folder trust): the test's
  // configuration is its own, so it is trusted.
  if (!first.includes("Type a message")) {
    tmux.type("y");
    tmux.keys("Enter");
    await tmux.waitFor((screen) => screen.includes("Type a message"), "the prompt after trusting");
  }
  return { tmux, dir: space.dir, home: env.HOME, server };
}

export async function sendLine(tmux: TmuxSession, text: string): Promise<void> {
  tmux.type(text);
  await new Promise((resolve) => setTimeout(resolve, 150));
  tmux.keys("Enter");
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
