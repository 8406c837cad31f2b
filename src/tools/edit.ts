// The Edit tool: exact string replacement in a file the model has Read (unique match unless
// replace_all), keeping CRLF line endings and a BOM, written atomically; the result shows a numbered
// snippet of the edited region. An empty old_string creates a missing (or fills an empty) file.
import { promises as fs } from "node:fs";
import { z } from "zod";
import { isNotFound } from "../util/index.js";
import { normaliseText, replaceInText, restoreText, snippetAround } from "./edit-match.js";
import { diskFileAccess } from "./file-access.js";
import { rememberWritten, staleFileFailure } from "./file-state.js";
import { fsFailure } from "./fs-failure.js";
import { displayPath, realPathForAccess, resolveToolPath, touchedPaths } from "./paths.js";
import { missingFileResult } from "./read.js";
import { type PatchHunk, structuredPatchOf } from "./structured-patch.js";
import { defineTool, fail, ok, type ToolContext, type ToolResult } from "./tool.js";
import { ensureParentFolder } from "./write-folders.js";

const schema = z.object({
  file_path: z.string().describe("File path (absolute, relative to the working directory, or ~/…)"),
  old_string: z.string().describe("Exact text to replace"),
  new_string: z.string().describe("Replacement text (must differ from old_string)"),
  replace_all: z.boolean().optional().describe("Replace every occurrence of old_string (default false)"),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as editSchema };

type EditInput = z.infer<typeof schema>;

const description = `Replaces exact text in a file.
- Read the file first in this session; the edit fails if it changed on disk since.
- old_string must match exactly (indentation included, without Read's line-number prefix) and occur once: add surrounding lines to make it unique, or set replace_all to change every occurrence (e.g. a rename).
- An empty old_string creates a new file with new_string as its content.`;

type EditData = {
  filePath: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
  replacements: number;
  /** The change as hunks (Claude Code's shape). */
  structuredPatch: PatchHunk[];
};

async function createWithEdit(
  input: EditInput,
  target: string,
  filePath: string,
  context: ToolContext,
): Promise<ToolResult> {
  const folderFailure = await ensureParentFolder(target, {
    signal: context.signal,
    display: (absolutePath) => displayPath(absolutePath, context.cwd),
  });
  if (folderFailure) return folderFailure;
  await (context.fileAccess ?? diskFileAccess).writeText(target, input.new_string);
  rememberWritten(context.files, target, await fs.stat(target));
  const data: EditData = {
    filePath,
    oldString: "",
    newString: input.new_string,
    replaceAll: input.replace_all ?? false,
    replacements: 1,
    structuredPatch: await structuredPatchOf("", input.new_string),
  };
  return ok(`Created ${displayPath(filePath, context.cwd)} with the given content.`, data);
}

async function executeEdit(input: EditInput, context: ToolContext): Promise<ToolResult> {
  const resolved = resolveToolPath(input.file_path, context);
  if (!resolved.ok) return fail("invalid_path", `Invalid file_path: ${resolved.message}`);
  if (input.old_string === input.new_string) {
    return fail("identical_strings", "old_string and new_string are identical; there is nothing to change.");
  }
  const target = realPathForAccess(resolved.path);
  const shown = displayPath(resolved.path, context.cwd);
  try {
    const stat = await fs.stat(target).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
    if (!stat) {
      // `return await`: a rejection must reach the catch below, not escape as a crash.
      if (input.old_string === "") return await createWithEdit(input, target, resolved.path, context);
      return await missingFileResult(resolved.path, context.cwd);
    }
    if (stat.isDirectory()) return fail("is_directory", `${shown} is a directory; give a file path.`);
    const stale = staleFileFailure(context.files, target, stat, shown);
    if (stale) return fail(stale.code, stale.message);
    const files = context.fileAccess ?? diskFileAccess;
    const original = normaliseText(await files.readText(target));
    const oldString = input.old_string.replace(/\r\n/g, "\n");
    const newString = input.new_string.replace(/\r\n/g, "\n");
    let outcome: ReturnType<typeof replaceInText>;
    if (oldString === "") {
      if (original.text.trim() !== "") {
        return fail(
          "empty_old_string",
          `old_string is empty but ${shown} already has content. Give the exact text to replace, or use Write to replace the whole file.`,
        );
      }
      outcome = { kind: "replaced", text: newString, count: 1, firstIndex: 0, fuzzy: false };
    } else {
      outcome = replaceInText(original.text, oldString, newString, input.replace_all ?? false);
    }
    if (outcome.kind === "no_match") {
      return fail(
        "no_match",
        `old_string was not found in ${shown}. Check whitespace and indentation (Read the file again if unsure) and copy the text exactly, without line-number prefixes.`,
      );
    }
    if (outcome.kind === "multiple_matches") {
      return fail(
        "multiple_matches",
        `old_string occurs ${outcome.count} times in ${shown} (lines ${outcome.lineNumbers.join(", ")}). ` +
          "Add surrounding lines to make it unique, or set replace_all to true to replace every occurrence.",
        { count: outcome.count, lineNumbers: outcome.lineNumbers },
      );
    }
    await files.writeText(target, restoreText(outcome.text, original), { mode: stat.mode });
    rememberWritten(context.files, target, await fs.stat(target));
    const snippet = snippetAround(outcome.text, outcome.firstIndex, newString.length);
    const head =
      outcome.count > 1
        ? `Replaced ${outcome.count} occurrences in ${shown}. First edited region:`
        : `Edited ${shown}${outcome.fuzzy ? " (matched ignoring trailing whitespace)" : ""}:`;
    const data: EditData = {
      filePath: resolved.path,
      oldString: input.old_string,
      newString: input.new_string,
      replaceAll: input.replace_all ?? false,
      replacements: outcome.count,
      structuredPatch: await structuredPatchOf(original.text, outcome.text),
    };
    return ok(`${head}\n${snippet || "(the file is now empty)"}`, data);
  } catch (error) {
    const failure = fsFailure(error, shown, "editing");
    if (failure) return failure;
    throw error;
  }
}

export const editTool = defineTool<EditInput>({
  name: "Edit",
  description,
  schema,
  pathFields: ["file_path"],
  isReadOnly: () => false,
  paths: (input, context) => touchedPaths(input.file_path, context),
  summary: (input) => input.file_path,
  execute: executeEdit,
});
