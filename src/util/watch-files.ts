// Watches a set of files by watching their folders: a file that does not exist yet is seen when it
// appears, and for a folder that does not exist yet its nearest existing parent is watched until it
// appears (then files already in it count as changed). `set` replaces the set; each path is reported
// once it has been quiet for `quietMs`. Watchers and timers never keep the process alive.
import { existsSync, type FSWatcher, watch } from "node:fs";
import { basename, dirname, join } from "node:path";

export type FileWatcher = { set(paths: readonly string[]): void; close(): void };

/** A folder watcher, or undefined when the folder cannot be watched (it does not exist). */
function watchFolder(dir: string, onChange: (name: string) => void): FSWatcher | undefined {
  try {
    const watcher = watch(dir, { persistent: false });
    watcher.on("change", (_type, name) => {
      const file = typeof name === "string" ? name : name?.toString();
      if (file) onChange(file);
    });
    watcher.on("error", () => watcher.close());
    return watcher;
  } catch {
    return undefined;
  }
}

/** The nearest folder above `dir` that exists. */
function existingParent(dir: string): string {
  let parent = dirname(dir);
  while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
  return parent;
}

export function createFileWatcher(onQuiet: (path: string) => void, quietMs: number): FileWatcher {
  const folders = new Map<string, { watcher: FSWatcher; names: Set<string> }>();
  /** Parents watched for a missing folder to appear: any change there sets the paths again. */
  const lookouts = new Map<string, FSWatcher>();
  /** Folders that did not exist when asked for: files already in them when they appear are new. */
  const missing = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  let current: readonly string[] = [];
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
      const wanted = new Map<string, Set<string>>();
      for (const path of paths)
        wanted.set(dirname(path), (wanted.get(dirname(path)) ?? new Set()).add(basename(path)));
      for (const [dir, entry] of folders)
        if (!wanted.has(dir)) {
          entry.watcher.close();
          folders.delete(dir);
        }
      const lookFrom = new Set<string>();
      for (const [dir, names] of wanted) {
        const existing = folders.get(dir);
        if (existing) {
          existing.names = names;
          continue;
        }
        const entry = { names, watcher: undefined as FSWatcher | undefined };
        entry.watcher = watchFolder(dir, (name) => {
          if (entry.names.has(name)) changed(join(dir, name));
        });
        if (!entry.watcher) {
          missing.add(dir);
          lookFrom.add(existingParent(dir));
          continue;
        }
        folders.set(dir, entry as { watcher: FSWatcher; names: Set<string> });
        if (missing.delete(dir))
          for (const name of names) if (existsSync(join(dir, name))) changed(join(dir, name));
      }
      for (const [dir, lookout] of lookouts)
        if (!lookFrom.has(dir)) {
          lookout.close();
          lookouts.delete(dir);
        }
      for (const dir of lookFrom) {
        if (lookouts.has(dir)) continue;
        const lookout = watchFolder(dir, () => watcher.set(current));
        if (lookout) lookouts.set(dir, lookout);
      }
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      for (const { watcher: folder } of folders.values()) folder.close();
      for (const lookout of lookouts.values()) lookout.close();
      folders.clear();
      lookouts.clear();
    },
  };
  return watcher;
}
