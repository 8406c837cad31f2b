// FileChanged hooks: watches the files their matchers name in the shell's current folder (it follows
// `cd`) and the absolute paths hooks asked for (`watchPaths`); a change, a new file or a removed one
// fires FileChanged once the file has been quiet for a moment, one event at a time. Variables the hooks
// write to CLAUDE_ENV_FILE apply to later Bash calls. Nothing starts without a FileChanged hook, and
// watching never keeps the process alive.
import { existsSync, type FSWatcher, watch } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { HookEngine } from "../hooks/index.js";
import type { FileEvent } from "../hooks/watch-list.js";
import type { ShellState } from "../tools/tool.js";
import { errorMessage } from "../util/errors.js";

export type FileWatch = { close(): void };

const QUIET_MS = 500;
const FOLDER_CHECK_MS = 1000;

export function startFileWatch(options: {
  hooks: Pick<HookEngine, "has" | "watches" | "fileChanged">;
  shell: ShellState;
  baseEnv: Record<string, string | undefined>;
  quietMs?: number;
  onError?: (message: string) => void;
}): FileWatch | undefined {
  const { hooks, shell } = options;
  if (!hooks.has("FileChanged")) return undefined;
  const quietMs = options.quietMs ?? QUIET_MS;
  const watchers = new Map<string, { watcher: FSWatcher; names: Set<string> }>();
  const existed = new Map<string, boolean>();
  const timers = new Map<string, NodeJS.Timeout>();
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

  const changed = (path: string) => {
    clearTimeout(timers.get(path));
    const timer = setTimeout(() => {
      timers.delete(path);
      fire(path);
    }, quietMs);
    timer.unref();
    timers.set(path, timer);
  };

  /** Watches exactly the folders the current names and paths need. */
  const refresh = () => {
    folder = shell.cwd;
    const wanted = new Map<string, Set<string>>();
    const want = (dir: string, name: string) => wanted.set(dir, (wanted.get(dir) ?? new Set()).add(name));
    for (const name of hooks.watches.names()) want(folder, name);
    for (const path of hooks.watches.paths()) want(dirname(path), basename(path));
    for (const [dir, entry] of watchers)
      if (!wanted.has(dir)) {
        entry.watcher.close();
        watchers.delete(dir);
      }
    for (const [dir, names] of wanted) {
      for (const name of names) {
        const path = join(dir, name);
        if (!existed.has(path)) existed.set(path, existsSync(path));
      }
      const current = watchers.get(dir);
      if (current) {
        current.names = names;
        continue;
      }
      try {
        const entry = { names, watcher: watch(dir, { persistent: false }) };
        entry.watcher.on("change", (_type, name) => {
          const file = typeof name === "string" ? name : name?.toString();
          if (file && entry.names.has(file)) changed(join(dir, file));
        });
        entry.watcher.on("error", () => {
          entry.watcher.close();
          watchers.delete(dir);
        });
        watchers.set(dir, entry);
      } catch {
        // A folder that does not exist (yet) is simply not watched.
      }
    }
  };

  refresh();
  const unsubscribe = hooks.watches.onChange(refresh);
  const folderCheck = setInterval(() => {
    if (shell.cwd !== folder) refresh();
  }, FOLDER_CHECK_MS);
  folderCheck.unref();
  return {
    close() {
      unsubscribe();
      clearInterval(folderCheck);
      for (const timer of timers.values()) clearTimeout(timer);
      for (const { watcher } of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
