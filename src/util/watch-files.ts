// Watches a set of files by watching their folders (a file that does not exist yet is seen when it
// appears; a folder that does not exist yet is looked for again every few seconds): `set` replaces
// the set, each path is reported once it has been quiet for `quietMs`. Watchers and timers never keep
// the process alive.
import { existsSync, type FSWatcher, watch } from "node:fs";
import { basename, dirname, join } from "node:path";

export type FileWatcher = { set(paths: readonly string[]): void; close(): void };

const RETRY_MS = 2000;

export function createFileWatcher(onQuiet: (path: string) => void, quietMs: number): FileWatcher {
  const folders = new Map<string, { watcher: FSWatcher; names: Set<string> }>();
  const timers = new Map<string, NodeJS.Timeout>();
  let current: readonly string[] = [];
  /** Folders that could not be watched: files already in them when they appear count as changed. */
  const missing = new Set<string>();
  let retry: NodeJS.Timeout | undefined;
  const changed = (path: string) => {
    clearTimeout(timers.get(path));
    const timer = setTimeout(() => {
      timers.delete(path);
      onQuiet(path);
    }, quietMs);
    timer.unref();
    timers.set(path, timer);
  };
  const watcher: FileWatcher = {
    set(paths) {
      current = paths;
      let retrying = false;
      const wanted = new Map<string, Set<string>>();
      for (const path of paths)
        wanted.set(dirname(path), (wanted.get(dirname(path)) ?? new Set()).add(basename(path)));
      for (const [dir, entry] of folders)
        if (!wanted.has(dir)) {
          entry.watcher.close();
          folders.delete(dir);
        }
      for (const [dir, names] of wanted) {
        const current = folders.get(dir);
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
            folders.delete(dir);
          });
          folders.set(dir, entry);
          if (missing.delete(dir))
            for (const name of names) if (existsSync(join(dir, name))) changed(join(dir, name));
        } catch {
          // A folder that does not exist (yet): looked for again shortly.
          missing.add(dir);
          retrying = true;
        }
      }
      clearTimeout(retry);
      retry = retrying ? setTimeout(() => watcher.set(current), RETRY_MS) : undefined;
      retry?.unref();
    },
    close() {
      clearTimeout(retry);
      for (const timer of timers.values()) clearTimeout(timer);
      for (const { watcher } of folders.values()) watcher.close();
      folders.clear();
    },
  };
  return watcher;
}
