// What FileChanged hooks watch: the literal file names of their matchers (in the shell's current
// folder) and the absolute paths SessionStart, CwdChanged and FileChanged hooks returned as
// `watchPaths`. The watcher itself (cli/file-watch.ts) subscribes to changes of this list.
import { isAbsolute } from "node:path";
import { fileNamesOf } from "./matcher.js";

export type FileEvent = "change" | "add" | "unlink";

export type WatchList = {
  /** File names to watch in the current folder (from FileChanged matchers; "all" adds none). */
  names(): string[];
  /** Absolute paths the hooks asked to watch. */
  paths(): string[];
  add(paths: readonly string[]): void;
  /** Called whenever paths were added. */
  onChange(listener: () => void): () => void;
};

export function createWatchList(matchers: () => string[]): WatchList {
  const paths = new Set<string>();
  const listeners = new Set<() => void>();
  return {
    names: () => [
      ...new Set(
        matchers().flatMap((matcher) => {
          const names = fileNamesOf(matcher);
          return names === "all" ? [] : names;
        }),
      ),
    ],
    paths: () => [...paths],
    add(added) {
      const before = paths.size;
      for (const path of added) if (isAbsolute(path)) paths.add(path);
      if (paths.size !== before) for (const listener of listeners) listener();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
