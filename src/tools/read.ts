// The Read tool: shows a text file with line numbers, pages through big files with
// offset/limit, and records what was read in the session's FileStateStore for Write/Edit's
// freshness check. Failures (missing, directory, binary, too large, no permission) are coded results.
import { promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { errnoCode, isNotFound, loadImageFile, looksLikeImagePath } from "../util/index.js";
import { diskFileAccess } from "./file-access.js";
import { fsFailure } from "./fs-failure.js";
import { displayPath, realPathForAccess, resolveToolPath, similarNames, touchedPaths } from "./paths.js";
import {
  bytesLookBinary,
  looksBinary,
  numberLines,
  readLineRange,
  readWhole,
  splitLines,
} from "./read-lines.js";
import { defineTool, fail, ok, type ToolContext, type ToolResult } from "./tool.js";

const DEFAULT_READ_LINES = 2000;
/** Files bigger than this need offset/limit. */
const MAX_WHOLE_FILE_BYTES = 256 * 1024;

const schema = z.object({
  file_path: z.string().describe("File path (absolute, relative to the working directory, or ~/…)"),
  offset: z.number().int().min(1).optional().describe("1-based line number to start from"),
  limit: z.number().int().min(1).optional().describe("Number of lines (default 2000)"),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as readSchema };

type ReadInput = z.infer<typeof schema>;

const description = `Reads a file and returns it with line numbers (number, tab, text).
- The first 2000 lines unless offset and limit page further; lines over 2000 characters are cut.
- Images (PNG, JPEG, GIF, WebP) are shown to you as images.
- Not for directories (use Glob or ls) or searching (use Grep).`;

export async function missingFileResult(absolutePath: string, cwd: string): Promise<ToolResult> {
  const shown = displayPath(absolutePath, cwd);
  const parent = path.dirname(absolutePath);
  const parentExists = await fs.stat(parent).then(
    (stat) => stat.isDirectory(),
    () => false,
  );
  if (!parentExists) {
    return fail(
      "file_not_found",
      `File not found: ${shown} (folder ${displayPath(parent, cwd)} does not exist either).`,
    );
  }
  const similar = await similarNames(absolutePath);
  const hint =
    similar.length > 0
      ? ` Did you mean: ${similar.map((candidate) => displayPath(candidate, cwd)).join(", ")}?`
      : " Use Glob to find the file.";
  return fail("file_not_found", `File not found: ${shown}.${hint}`);
}

/** An image file for a model that reads images (both providers' wire formats carry it). */
async function readImage(absolutePath: string, shown: string, context: ToolContext): Promise<ToolResult> {
  if (!context.acceptsImages)
    return fail(
      "image_not_supported",
      `${shown} is an image, and the model in use does not read images; describe what you need from it in another way (e.g. ask the user).`,
    );
  let loaded: Awaited<ReturnType<typeof loadImageFile>>;
  try {
    loaded = await loadImageFile(absolutePath, shown);
  } catch (error) {
    const failure = fsFailure(error, shown, "reading");
    if (failure) return failure;
    throw error;
  }
  if (!loaded.ok) return fail(loaded.code, loaded.message);
  const data = {
    type: "image",
    file: {
      filePath: absolutePath,
      type: loaded.facts.mediaType,
      originalSize: loaded.bytes,
      dimensions: { width: loaded.facts.width, height: loaded.facts.height },
    },
  };
  return { isError: false, content: `Image ${shown}: ${loaded.summary}.`, data, images: [loaded.block] };
}

async function executeRead(input: ReadInput, context: ToolContext): Promise<ToolResult> {
  const resolved = resolveToolPath(input.file_path, context);
  if (!resolved.ok) return fail("invalid_path", `Invalid file_path: ${resolved.message}`);
  const shown = displayPath(resolved.path, context.cwd);
  const found = await statForRead(resolved.path, shown, context.cwd);
  if ("failure" in found) return found.failure;
  const { stat } = found;
  const realPath = realPathForAccess(resolved.path);
  if (looksLikeImagePath(resolved.path)) return readImage(resolved.path, shown, context);
  const paged = input.offset !== undefined || input.limit !== undefined;
  if (stat.size > MAX_WHOLE_FILE_BYTES && !paged) {
    return fail(
      "file_too_large",
      `${shown} is ${stat.size} bytes, more than ${MAX_WHOLE_FILE_BYTES} bytes can be read at once. ` +
        "Read a part with offset and limit, or use Grep to find the lines you need.",
    );
  }
  try {
    // A small file read from the disk is opened once: its own first bytes tell text from binary.
    const whole =
      context.fileAccess === undefined && stat.size <= MAX_WHOLE_FILE_BYTES
        ? await readWhole(resolved.path, stat.size, MAX_WHOLE_FILE_BYTES)
        : undefined;
    if (whole ? bytesLookBinary(whole) : await looksBinary(resolved.path)) {
      return fail(
        "binary_file",
        `${shown} is a binary file (${stat.size} bytes); Read shows text files only.`,
      );
    }
    const offset = input.offset ?? 1;
    const limit = input.limit ?? DEFAULT_READ_LINES;
    const range = { offset, limit };
    const { lines, totalLines } = whole
      ? linesOf(whole.toString("utf8"), range)
      : await readTextLines(resolved.path, stat.size, range, context);
    context.files.set({
      path: realPath,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      readAt: Date.now(),
      ...(paged ? { range: { offset, limit } } : {}),
    });
    return textResult(resolved.path, shown, { lines, totalLines, offset });
  } catch (error) {
    if (errnoCode(error) === "EISDIR")
      return fail("is_directory", `${shown} is a directory. Use Glob to list its files.`);
    const failure = fsFailure(error, shown, "reading");
    if (failure) return failure;
    throw error;
  }
}

/** The file's stat when it is a regular file; otherwise the coded failure (missing, directory, pipe …). */
async function statForRead(
  absolutePath: string,
  shown: string,
  cwd: string,
): Promise<{ stat: Stats } | { failure: ToolResult }> {
  let stat: Stats;
  try {
    stat = await fs.stat(absolutePath);
  } catch (error) {
    if (isNotFound(error)) return { failure: await missingFileResult(absolutePath, cwd) };
    const failure = fsFailure(error, shown, "reading");
    if (failure) return { failure };
    throw error;
  }
  if (stat.isDirectory()) {
    return {
      failure: fail(
        "is_directory",
        `${shown} is a directory, not a file. Use Glob (or Bash ls) to list its files.`,
      ),
    };
  }
  if (!stat.isFile()) {
    // A FIFO, socket or device would block the read (or never end); Read only opens regular files.
    return {
      failure: fail(
        "not_regular_file",
        `${shown} is not a regular file (a pipe, socket or device); Read shows regular text files only.`,
      ),
    };
  }
  return { stat };
}

/** The lines from `offset` on (at most `limit`), and how many lines the file has. */
async function readTextLines(
  absolutePath: string,
  size: number,
  range: { offset: number; limit: number },
  context: ToolContext,
): Promise<{ lines: string[]; totalLines: number }> {
  const { offset, limit } = range;
  if (size > MAX_WHOLE_FILE_BYTES) return readLineRange(absolutePath, offset, limit);
  // Files this small are read whole, through the editor when reagent runs in one (its unsaved
  // text); a bigger file is paged from the disk.
  const text = await (context.fileAccess ?? diskFileAccess).readText(absolutePath);
  return linesOf(text, range);
}

function linesOf(text: string, range: { offset: number; limit: number }) {
  const all = splitLines(text.replace(/^\uFEFF/, ""));
  return { lines: all.slice(range.offset - 1, range.offset - 1 + range.limit), totalLines: all.length };
}

/** The numbered lines for the model (with a note on how to read on) and the file's data for the UI. */
function textResult(
  absolutePath: string,
  shown: string,
  read: { lines: string[]; totalLines: number; offset: number },
): ToolResult {
  const { lines, totalLines, offset } = read;
  const data = {
    type: "text",
    file: {
      filePath: absolutePath,
      content: lines.join("\n"),
      numLines: lines.length,
      startLine: offset,
      totalLines,
    },
  };
  if (totalLines === 0) return ok(`(${shown} exists but is empty.)`, data);
  if (lines.length === 0) {
    return ok(`(${shown} has ${totalLines} lines; offset ${offset} is past the end.)`, data);
  }
  const last = offset + lines.length - 1;
  let text = numberLines(lines, offset);
  if (last < totalLines) {
    text += `\n\n[Showing lines ${offset}-${last} of ${totalLines}. Use offset=${last + 1} to read on.]`;
  }
  return ok(text, data);
}

export const readTool = defineTool<ReadInput>({
  name: "Read",
  description,
  schema,
  pathFields: ["file_path"],
  isReadOnly: () => true,
  paths: (input, context) => touchedPaths(input.file_path, context),
  summary: (input) => input.file_path,
  execute: executeRead,
});
