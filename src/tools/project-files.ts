// The project's files for `@` completion in the prompt: the same gitignore-aware walk as Glob (never
// entering ignored folders such as node_modules), as paths relative to the root with `/` separators,
// plus every folder that holds one (with a trailing `/`), sorted; files a Read deny rule hides are
// left out. Asynchronous, so typing is never blocked while a big tree is walked; capped.
import path from "node:path";
import { walkFiles } from "./glob-walk.js";

/** At most this many files are indexed (a monorepo's worth); the rest is not offered. */
const PROJECT_FILES_CAP = 200_000;

export async function listProjectFiles(
  root: string,
  options: { hidden?: (absolutePath: string) => boolean; signal?: AbortSignal } = {},
): Promise<string[]> {
  const files = await walkFiles({ root, patterns: ["**/*"], signal: options.signal });
  const relative: string[] = [];
  const folders = new Set<string>();
  for (const absolute of files.slice(0, PROJECT_FILES_CAP)) {
    if (options.hidden?.(absolute)) continue;
    const name = path.relative(root, absolute).split(path.sep).join("/");
    relative.push(name);
    for (let slash = name.indexOf("/"); slash !== -1; slash = name.indexOf("/", slash + 1))
      folders.add(name.slice(0, slash + 1));
  }
  return [...folders, ...relative].sort();
}
