// The Grep tool: regex search over file contents through a GrepBackend (ripgrep, or the pure-JS
// fallback when the rg binary is unavailable); modes files_with_matches, content and count.
import { promises as fs } from "node:fs";
import { z } from "zod";
import { isNotFound } from "../util/index.js";
import { fsFailure } from "./fs-failure.js";
import { DEFAULT_HEAD_LIMIT, formatGrep } from "./grep-format.js";
import { type GrepBackend, splitGlobs } from "./grep-query.js";
import { displayPath, placeName, resolveToolPath, touchedPaths } from "./paths.js";
import { hiddenFilesBelow, withoutDenied } from "./read-deny-filter.js";
import { defineTool, fail, ok, type ToolContext, type ToolResult } from "./tool.js";

const schema = z.object({
  pattern: z.string().min(1).describe("Regular expression (ripgrep syntax)"),
  path: z.string().optional().describe("File or folder (default: the working directory)"),
  glob: z.string().optional().describe('Only files matching this glob, e.g. "*.{ts,tsx}"'),
  type: z.string().optional().describe('Only files of this type, e.g. "js", "py", "rust"'),
  output_mode: z
    .enum(["content", "files_with_matches", "count"])
    .optional()
    .describe(
      '"files_with_matches" (default): file paths; "content": matching lines; "count": matches per file',
    ),
  "-i": z.boolean().optional().describe("Case-insensitive search"),
  "-n": z.boolean().optional().describe("Line numbers (content mode; default true)"),
  "-A": z.number().int().min(0).optional().describe("Context lines after each match"),
  "-B": z.number().int().min(0).optional().describe("Context lines before each match"),
  "-C": z.number().int().min(0).optional().describe("Context lines around each match"),
  multiline: z.boolean().optional().describe("Patterns may span lines; . matches newlines"),
  head_limit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`Only the first N lines/entries (default ${DEFAULT_HEAD_LIMIT})`),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as grepSchema };

type GrepInput = z.infer<typeof schema>;

const description = `Searches file contents with a regular expression (ripgrep). Respects .gitignore; skips binary files.
- Full regex syntax ("log.*Error", "function\\s+\\w+"); escape literal braces ("interface\\{\\}").
- Patterns match within one line unless multiline is true.`;

type GrepToolOptions = { backend: () => Promise<GrepBackend> };

async function executeGrep(
  input: GrepInput,
  context: ToolContext,
  options: GrepToolOptions,
): Promise<ToolResult> {
  const resolved = resolveToolPath(input.path ?? ".", context);
  if (!resolved.ok) return fail("invalid_path", `Invalid path: ${resolved.message}`);
  const shownRoot = displayPath(resolved.path, context.cwd);
  let rootIsFile: boolean;
  try {
    rootIsFile = !(await fs.stat(resolved.path)).isDirectory();
  } catch (error) {
    if (!isNotFound(error)) {
      const failure = fsFailure(error, shownRoot, "searching");
      if (failure) return failure;
    }
    return fail("file_not_found", `Path not found: ${shownRoot}. Use Glob to find the right folder.`);
  }
  const mode = input.output_mode ?? "files_with_matches";
  const headLimit = input.head_limit ?? DEFAULT_HEAD_LIMIT;
  const backend = await options.backend();
  const outcome = await backend.search({
    pattern: input.pattern,
    root: resolved.path,
    rootIsFile,
    globs: splitGlobs(input.glob),
    type: input.type,
    ignoreCase: input["-i"] ?? false,
    multiline: input.multiline ?? false,
    mode,
    before: input["-B"] ?? input["-C"] ?? 0,
    after: input["-A"] ?? input["-C"] ?? 0,
    maxLines: headLimit,
    signal: context.signal,
    hidden: hiddenFilesBelow(resolved.path, context),
  });
  if (context.signal.aborted) return fail("aborted", "Grep was cancelled.");
  if (outcome.kind === "invalid_regex") {
    return fail(
      "invalid_regex",
      `Invalid regular expression ${JSON.stringify(input.pattern)}: ${outcome.message}`,
    );
  }
  if (outcome.kind === "invalid_type") {
    return fail(
      "invalid_type",
      `Unknown file type ${JSON.stringify(input.type)}: ${outcome.message}. Use glob instead.`,
    );
  }
  if (outcome.kind === "error") return fail("search_failed", `Grep failed: ${outcome.message}`);
  // The backend never read a hidden file; one that appeared during the search is still not shown.
  const files = withoutDenied(outcome.files, (file) => file.path, context);
  const formatted = formatGrep(files, {
    mode,
    cwd: context.cwd,
    headLimit,
    lineNumbers: input["-n"] ?? true,
    withContext: (input["-A"] ?? 0) + (input["-B"] ?? 0) + (input["-C"] ?? 0) > 0,
    complete: outcome.complete,
  });
  if (files.length === 0) {
    return ok(`No matches for ${JSON.stringify(input.pattern)} in ${placeName(shownRoot)}.`, formatted.data);
  }
  return ok(formatted.text, formatted.data);
}

export function createGrepTool(options: GrepToolOptions) {
  return defineTool<GrepInput>({
    name: "Grep",
    description,
    schema,
    pathFields: ["path"],
    isReadOnly: () => true,
    paths: (input, context) => touchedPaths(input.path, context),
    summary: (input) => (input.path ? `${input.pattern} in ${input.path}` : input.pattern),
    execute: (input, context) => executeGrep(input, context, options),
  });
}
