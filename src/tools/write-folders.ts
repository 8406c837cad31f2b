// The missing parent folders of a file Write or Edit is about to create, through the one folder
// creation (util/ensure-folder-sync.ts: one level at a time, abort checked between steps). Every
// failure becomes a tool result naming the folder at fault; nothing here throws for fs errors.
import path from "node:path";
import { ensureFolderSync, errnoCode, errorMessage, FolderError, type FolderProblem } from "../util/index.js";
import { fsFailure } from "./fs-failure.js";
import { fail, type ToolResult } from "./tool.js";

type FolderOptions = {
  signal?: AbortSignal;
  /** How paths appear in messages (e.g. relative to the project). */
  display?: (absolutePath: string) => string;
};

function failureOf(problem: FolderProblem, subject: string, display: (absolutePath: string) => string) {
  if (problem.kind === "aborted") return fail("aborted", "Cancelled while creating folders.");
  if (problem.kind === "not-a-folder")
    return fail(
      "invalid_path",
      `Cannot create ${display(path.resolve(subject))}: ${display(problem.blocker)} is a file, not a folder.`,
    );
  const { folder, error } = problem;
  const shown = display(folder);
  switch (problem.step === "mkdir" ? errnoCode(error) : undefined) {
    case "ENOTDIR":
    case "EEXIST":
      return fail("invalid_path", `Cannot create folder ${shown}: a file is in the way, not a folder.`);
    case "ENOENT":
      return fail(
        "invalid_path",
        `Cannot create folder ${shown}: the file system does not allow new entries in ${path.dirname(folder)}.`,
      );
  }
  return (
    fsFailure(error, shown, "creating folder") ??
    fail("folder_error", `Cannot create folder ${shown}: ${errorMessage(error)}`)
  );
}

/** Makes sure `directory` exists as a folder, creating missing components one by one. Returns
 *  undefined on success, otherwise a failure result. `subject` is what the caller wants to create
 *  (the folder itself by default), for messages. */
async function ensureFolder(
  directory: string,
  options: FolderOptions = {},
  subject = directory,
): Promise<ToolResult | undefined> {
  const display = options.display ?? ((absolutePath: string) => absolutePath);
  try {
    ensureFolderSync(directory, { signal: options.signal });
    return undefined;
  } catch (error) {
    if (error instanceof FolderError) return failureOf(error.problem, subject, display);
    throw error;
  }
}

/** ensureFolder for the folder that will hold `filePath`. */
export function ensureParentFolder(
  filePath: string,
  options: FolderOptions = {},
): Promise<ToolResult | undefined> {
  return ensureFolder(path.dirname(path.resolve(filePath)), options, filePath);
}
