// The Glob tool: finds files by glob pattern (tinyglobby), respecting .gitignore files and skipping
// .git, newest modification first, capped with a note; paths relative to the working directory.
import { promises as fs } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { z } from "zod";
import { isNotFound } from "../util/errno.js";
import { fsFailure } from "./fs-failure.js";
import { walkFiles } from "./glob-walk.js";
import { displayPath, placeName, resolveToolPath, touchedPaths } from "./paths.js";
import { hideDenied } from "./read-deny-filter.js";
import { defineTool, fail, ok, type ToolContext, type ToolResult } from "./tool.js";

export const GLOB_RESULT_CAP = 100;

const schema = z.object({
  pattern: z.string().min(1).describe('Glob pattern, e.g. "**/*.ts" or "src/**/test-*.js"'),
  path: z
    .string()
    .optional()
    .describe("Folder to search in (default: the working directory); omit it rather than passing null"),
});

type GlobInput = z.infer<typeof schema>;

const description = `Finds files by name with a glob pattern ("**/*.ts", "src/**/*.{js,jsx}"). Fast on any project size.
- Returns matching file paths, most recently modified first, at most ${GLOB_RESULT_CAP}.
- Respects .gitignore and skips .git; hidden files are included.
- To search file contents use Grep; for open-ended exploration over several rounds, combine Glob and Grep.`;

/** Splits an absolute pattern into the folder to crawl and the glob relative to it. */
function rootAndPattern(pattern: string, searchRoot: string): { root: string; pattern: string } {
  if (!path.isAbsolute(pattern)) return { root: searchRoot, pattern };
  const scan = picomatch.scan(pattern);
  if (scan.glob === "") return { root: path.dirname(pattern), pattern: path.basename(pattern) };
  return { root: scan.base === "" ? "/" : scan.base, pattern: scan.glob };
}

async function executeGlob(input: GlobInput, context: ToolContext): Promise<ToolResult> {
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
  const search = rootAndPattern(input.pattern, resolved.path);
  const found = await walkFiles({ root: search.root, patterns: [search.pattern], signal: context.signal });
  const { kept: files, note } = hideDenied(found, (file) => file, context);
  if (context.signal.aborted) return fail("aborted", "Glob was cancelled.");
  const stamped = await Promise.all(
    files.map(async (file) => ({
      file,
      mtimeMs: await fs.stat(file).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    })),
  );
  stamped.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const shown = stamped.slice(0, GLOB_RESULT_CAP).map((entry) => displayPath(entry.file, context.cwd));
  const truncated = stamped.length > GLOB_RESULT_CAP;
  const data = { filenames: shown, numFiles: stamped.length, truncated, durationMs: Date.now() - started };
  if (stamped.length === 0)
    return ok(`No files match ${input.pattern} in ${placeName(shownRoot)}.${note}`, data);
  let text = shown.join("\n") + note;
  if (truncated) {
    text += `\n\n[Showing the ${GLOB_RESULT_CAP} most recently modified of ${stamped.length} matching files (${stamped.length - GLOB_RESULT_CAP} more). Use a more specific pattern or path.]`;
  }
  return ok(text, data);
}

export const globTool = defineTool<GlobInput>({
  name: "Glob",
  description,
  schema,
  pathFields: ["path"],
  isReadOnly: () => true,
  paths: (input, context) => touchedPaths(input.path, context),
  summary: (input) => (input.path ? `${input.pattern} in ${input.path}` : input.pattern),
  execute: executeGlob,
});
