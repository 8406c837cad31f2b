// FileChanged hooks: watches the files their matchers name in the shell's current folder (re-aimed
// after each tool call, so it follows `cd`) and the absolute paths hooks asked for (`watchPaths`); a
// change, a new file or a removed one fires FileChanged once the file has been quiet for a moment, one
// event at a time. Variables the hooks write to CLAUDE_ENV_FILE apply to later Bash calls. Nothing
// starts without a FileChanged hook, and watching never keeps the process alive.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FileEvent, HookEngine } from "../hooks/index.js";
import type { ShellState } from "../tools/index.js";
import { createFileWatcher, errorMessage } from "../util/index.js";

/** `followFolder` re-aims the watched names when the shell's folder changed (cheap otherwise). */
type FileWatch = { followFolder(): void; close(): void };

const QUIET_MS = 500;

export function startFileWatch(options: {
  hooks: Pick<HookEngine, "has" | "watches" | "fileChanged">;
  shell: ShellState;
  baseEnv: Record<string, string | undefined>;
  quietMs?: number;
  onError?: (message: string) => void;
}): FileWatch | undefined {
  const { hooks, shell } = options;
  if (!hooks.has("FileChanged")) return undefined;
  const existed = new Map<string, boolean>();
  let queue = Promise.resolve();
  let folder = "";

  const fire = (path: string) => {
    const now = existsSync(path);
    const before = existed.get(path) ?? false;
    existed.set(path, now);
    if (!before && !now) return;
    const event: FileEvent = !before ? "add" : !now ? "unlink" : "change";
    queue = queue
      .then(async () => {
        const { env } = shell;
        const outcome = await hooks.fileChanged(path, event, (name) =>
          name in env ? env[name] : options.baseEnv[name],
        );
        Object.assign(env, outcome.envExports);
        for (const name of outcome.envUnset) delete env[name];
      })
      // The engine reports the hooks' own failures; one that kept them from running is said here and
      // never ends the session.
      .catch((error: unknown) =>
        options.onError?.(`FileChanged hooks could not run: ${errorMessage(error)}`),
      );
  };
  const files = createFileWatcher(fire, options.quietMs ?? QUIET_MS);

  /** Watches exactly the files the current names (in the shell's folder) and paths ask for. */
  const refresh = () => {
    folder = shell.cwd;
    const paths = [...hooks.watches.names().map((name) => join(folder, name)), ...hooks.watches.paths()];
    for (const path of paths) if (!existed.has(path)) existed.set(path, existsSync(path));
    files.set(paths);
  };

  refresh();
  const unsubscribe = hooks.watches.onChange(refresh);
  return {
    followFolder() {
      if (shell.cwd !== folder) refresh();
    },
    close() {
      unsubscribe();
      files.close();
    },
  };
}
