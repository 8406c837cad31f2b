// The Glob tool: finds files by glob pattern (ripgrep lists, picomatch matches; the pure-JS walk
// without ripgrep: glob-files.ts), respecting .gitignore files and skipping .git, newest modification
// first, capped with a note; paths relative to the working directory. The pattern's leading folder is
// the crawl root the permission gate checks (like `path`). Only the files it may show are stat-ed.
import { promises as fs, statSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { z } from "zod";
import { absolutePath, isNotFound } from "../util/index.js";
import { fsFailure } from "./fs-failure.js";
import { globFiles, type Names } from "./glob-files.js";
import { displayPath, placeName, realPathForAccess, resolveToolPath, touchedPaths } from "./paths.js";
import { withoutDenied } from "./read-deny-filter.js";
import { defineTool, fail, ok, type ToolContext, type ToolResult } from "./tool.js";

const GLOB_RESULT_CAP = 100;

const schema = z.object({
  pattern: z.string().min(1).describe('Glob pattern, e.g. "**/*.ts" or "src/**/test-*.js"'),
  path: z
    .string()
    .optional()
    .describe("Folder to search (default: the working directory; omit rather than null)"),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as globSchema };

type GlobInput = z.infer<typeof schema>;

const description = `Finds files by name with a glob pattern ("**/*.ts", "src/**/*.{js,jsx}").
- Returns matching file paths, most recently modified first, at most ${GLOB_RESULT_CAP}.
- Respects .gitignore and skips .git; hidden files are included.
- To search file contents use Grep.`;

/**
 * Splits a pattern into the folder to crawl (its leading part without wildcards, resolved against the
 * search folder the way the kernel will: `../x/**` and `/etc/*` crawl outside it) and the glob below
 * that folder. null when `..` comes after a wildcard, where no folder can be named before the crawl.
 */
export function crawlRoot(
  pattern: string,
  searchRoot: string,
  homeDir: string,
): { root: string; pattern: string } | null {
  const scan = picomatch.scan(pattern);
  if (!scan.isGlob) {
    return {
      root: absolutePath(path.dirname(pattern), { cwd: searchRoot, homeDir }),
      pattern: path.basename(pattern),
    };
  }
  // Any segment holding `..` beside wildcards (`..?(/)`, `{a/..,b}`, `**/../x`) could climb out of
  // the crawl root in the glob library, so no folder can be named before the crawl.
  if (scan.glob.split("/").some((segment) => segment.includes(".."))) return null;
  const root = scan.base === "" ? searchRoot : absolutePath(scan.base, { cwd: searchRoot, homeDir });
  return { root, pattern: scan.glob };
}

/** The real folders a Glob call lists: the crawl root (the pattern's base inside `path`). */
async function globPaths(input: GlobInput, context: ToolContext): Promise<string[]> {
  const searched = await touchedPaths(input.path, context);
  const resolved = resolveToolPath(input.path ?? ".", context);
  if (!resolved.ok) return searched;
  const crawl = crawlRoot(input.pattern, resolved.path, context.homeDir);
  if (crawl === null) return searched;
  return [realPathForAccess(crawl.root)];
}

type Stamped = { file: string; mtimeMs: number };

const byTimeThenPath = (a: Stamped, b: Stamped) =>
  b.mtimeMs - a.mtimeMs || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);

/** The `cap` newest of the files, newest first, equal times by path. Of a run ripgrep listed newest
 *  first only the first `cap` need a stat, and those tied with the last of them (ripgrep orders ties
 *  any way): the newest of all are among those of each run. Loose files are stat-ed whole, yielding
 *  to the event loop between batches. A stat of a cached inode is a few microseconds synchronously,
 *  a promise per file costs far more. */
async function newest(
  found: { runs: Names[]; loose: Names },
  prefix: string,
  cap: number,
  signal: AbortSignal,
): Promise<Stamped[]> {
  const stamped: Stamped[] = [];
  const stamp = async (files: Names, sorted: boolean) => {
    const start = stamped.length;
    for (const name of files) {
      if (stamped.length % STAT_BATCH === STAT_BATCH - 1)
        await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) return;
      const file = prefix + name;
      const entry = { file, mtimeMs: mtimeOf(file) };
      const last = stamped.length - start >= cap ? stamped[start + cap - 1] : undefined;
      if (sorted && last !== undefined && entry.mtimeMs < last.mtimeMs) return;
      stamped.push(entry);
    }
  };
  for (const run of found.runs) await stamp(run, true);
  await stamp(found.loose, false);
  return stamped.sort(byTimeThenPath).slice(0, cap);
}

const STAT_BATCH = 2000;

function mtimeOf(file: string): number {
  try {
    return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  } catch {
    return 0;
  }
}

type GlobToolOptions = {
  /** The rg binary (resolved once, on first use), or undefined for the pure-JS walk. */
  ripgrep: () => Promise<string | undefined>;
};

async function executeGlob(
  input: GlobInput,
  context: ToolContext,
  options: GlobToolOptions,
): Promise<ToolResult> {
  const started = Date.now();
  const resolved = resolveToolPath(input.path ?? ".", context);
  if (!resolved.ok) return fail("invalid_path", `Invalid path: ${resolved.message}`);
  const shownRoot = displayPath(resolved.path, context.cwd);
  try {
    const stat = await fs.stat(resolved.path);
    if (!stat.isDirectory()) {
      return fail("invalid_path", `${shownRoot} is a file, not a folder; pass its folder as path.`);
    }
  } catch (error) {
    if (isNotFound(error)) return fail("file_not_found", `Folder not found: ${shownRoot}.`);
    const failure = fsFailure(error, shownRoot, "searching");
    if (failure) return failure;
    throw error;
  }
  const search = crawlRoot(input.pattern, resolved.path, context.homeDir);
  if (search === null) {
    return fail(
      "invalid_pattern",
      `The pattern ${input.pattern} has ".." after a wildcard; put the folder first (e.g. "../other/**/*.ts") or pass it as path.`,
    );
  }
  const found = await globFiles({
    ...search,
    searched: resolved.path,
    ripgrep: await options.ripgrep(),
    signal: context.signal,
  });
  if (context.signal.aborted) return fail("aborted", "Glob was cancelled.");
  if (!found.ok) return fail("search_failed", `Glob failed: ${found.message}`);
  const { prefix } = found;
  // Every file listed lies below the crawl root: ripgrep and the walk follow no links.
  const allowed = (files: Names): Names =>
    withoutDenied(files, (file: string) => prefix + file, context, search.root);
  const runs = found.runs.map(allowed);
  const loose = allowed(found.loose);
  const top = await newest({ runs, loose }, prefix, GLOB_RESULT_CAP, context.signal);
  if (context.signal.aborted) return fail("aborted", "Glob was cancelled.");
  const shown = top.map((entry) => displayPath(entry.file, context.cwd));
  const count = runs.reduce((sum, run) => sum + run.length, loose.length);
  const truncated = count > GLOB_RESULT_CAP;
  const data = { filenames: shown, numFiles: count, truncated, durationMs: Date.now() - started };
  if (count === 0) return ok(`No files match ${input.pattern} in ${placeName(shownRoot)}.`, data);
  let text = shown.join("\n");
  if (truncated) {
    text += `\n\n[Showing the ${GLOB_RESULT_CAP} most recently modified of ${count} matching files (${count - GLOB_RESULT_CAP} more). Use a more specific pattern or path.]`;
  }
  return ok(text, data);
}

export function createGlobTool(options: GlobToolOptions) {
  return defineTool<GlobInput>({
    name: "Glob",
    description,
    schema,
    pathFields: ["path"],
    isReadOnly: () => true,
    paths: globPaths,
    summary: (input) => (input.path ? `${input.pattern} in ${input.path}` : input.pattern),
    execute: (input, context) => executeGlob(input, context, options),
  });
}
