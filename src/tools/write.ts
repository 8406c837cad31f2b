// The Write tool: creates or overwrites a file atomically, creating missing parent folders. An
// existing file may only be overwritten after it was Read in this session and is unchanged since.
import { promises as fs } from "node:fs";
import { z } from "zod";
import { isNotFound } from "../util/index.js";
import { diskFileAccess } from "./file-access.js";
import { rememberWritten, staleFileFailure } from "./file-state.js";
import { fsFailure } from "./fs-failure.js";
import { displayPath, realPathForAccess, resolveToolPath, touchedPaths } from "./paths.js";
import { splitLines } from "./read-lines.js";
import { structuredPatchOf } from "./structured-patch.js";
import { defineTool, fail, ok, type ToolContext, type ToolResult } from "./tool.js";
import { ensureParentFolder } from "./write-folders.js";

const schema = z.object({
  file_path: z.string().describe("File path (absolute, relative to the working directory, or ~/…)"),
  content: z.string().describe("The whole new content"),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as writeSchema };

type WriteInput = z.infer<typeof schema>;

const description = `Writes a file, replacing its whole content; creates missing parent folders.
- An existing file must be Read first in this session (and unchanged since).
- Prefer Edit to change part of a file; Write is for new files and complete rewrites.`;

async function executeWrite(input: WriteInput, context: ToolContext): Promise<ToolResult> {
  const resolved = resolveToolPath(input.file_path, context);
  if (!resolved.ok) return fail("invalid_path", `Invalid file_path: ${resolved.message}`);
  const target = realPathForAccess(resolved.path);
  const shown = displayPath(resolved.path, context.cwd);
  try {
    const existing = await fs.stat(target).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
    if (existing?.isDirectory()) {
      return fail("is_directory", `${shown} is a directory; give a file path.`);
    }
    if (existing) {
      const stale = staleFileFailure(context.files, target, existing, shown);
      if (stale) return fail(stale.code, stale.message);
    }
    const folderFailure = await ensureParentFolder(target, {
      signal: context.signal,
      display: (absolutePath) => displayPath(absolutePath, context.cwd),
    });
    if (folderFailure) return folderFailure;
    // The previous text, for the change's hunks (unreadable or binary: shown as a new file).
    const files = context.fileAccess ?? diskFileAccess;
    const previous = existing ? await files.readText(target).catch(() => "") : "";
    await files.writeText(target, input.content, existing ? { mode: existing.mode } : {});
    rememberWritten(context.files, target, await fs.stat(target));
    const lineCount = splitLines(input.content).length;
    const type = existing ? "update" : "create";
    const verb = existing ? "Updated" : "Created";
    return ok(`${verb} ${shown} (${lineCount} line${lineCount === 1 ? "" : "s"}).`, {
      type,
      filePath: resolved.path,
      content: input.content,
      structuredPatch: await structuredPatchOf(previous, input.content),
    });
  } catch (error) {
    const failure = fsFailure(error, shown, "writing");
    if (failure) return failure;
    throw error;
  }
}

export const writeTool = defineTool<WriteInput>({
  name: "Write",
  description,
  schema,
  pathFields: ["file_path"],
  isReadOnly: () => false,
  paths: (input, context) => touchedPaths(input.file_path, context),
  summary: (input) => input.file_path,
  execute: executeWrite,
});
