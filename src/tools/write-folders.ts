// Creating the missing parent folders of a file Write or Edit is about to create. Node's recursive
// mkdir can spin forever when a parent cannot be made (e.g. under /proc), so this walks up to the
// nearest existing folder and creates each missing one with a plain mkdir, checking for abort between
// steps; every failure becomes a tool result naming the folder at fault.
import { promises as fs } from "node:fs";
import path from "node:path";
import { errorMessage } from "../util/errors.js";
import { fsErrorCode, fsFailure } from "./paths.js";
import { fail, type ToolResult } from "./tool.js";

export type FolderOptions = {
  signal?: AbortSignal;
  /** How paths appear in messages (e.g. relative to the project). */
  display?: (absolutePath: string) => string;
};

function folderFailure(error: unknown, folder: string, shown: string): ToolResult {
  switch (fsErrorCode(error)) {
    case "ENOTDIR":
    case "EEXIST":
      return fail("invalid_path", `Cannot create folder ${shown}: a file is in the way, not a folder.`);
    case "ENOENT":
      return fail(
        "invalid_path",
        `Cannot create folder ${shown}: the file system does not allow new entries in ${path.dirname(folder)}.`,
      );
    default: {
      const failure = fsFailure(error, shown, "creating folder");
      if (failure) return failure;
      const reason = errorMessage(error);
      return fail("folder_error", `Cannot create folder ${shown}: ${reason}`);
    }
  }
}

function cancelled(): ToolResult {
  return fail("aborted", "Cancelled while creating folders.");
}

/** Makes sure `directory` exists as a folder, creating missing components one by one. Returns
 *  undefined on success, otherwise a failure result (never throws for file-system errors).
 *  `subject` is what the caller wants to create (the folder itself by default), for messages. */
export async function ensureFolder(
  directory: string,
  options: FolderOptions = {},
  subject = directory,
): Promise<ToolResult | undefined> {
  const display = options.display ?? ((absolutePath: string) => absolutePath);
  const missing: string[] = [];
  let current = path.resolve(directory);
  for (;;) {
    if (options.signal?.aborted) return cancelled();
    let isFolder: boolean;
    try {
      isFolder = (await fs.stat(current)).isDirectory();
    } catch (error) {
      const code = fsErrorCode(error);
      if (code !== "ENOENT" && code !== "ENOTDIR") return folderFailure(error, current, display(current));
      const parent = path.dirname(current);
      if (parent === current) return folderFailure(error, current, display(current));
      missing.push(current);
      current = parent;
      continue;
    }
    if (isFolder) break;
    return fail(
      "invalid_path",
      `Cannot create ${display(path.resolve(subject))}: ${display(current)} is a file, not a folder.`,
    );
  }
  for (const folder of missing.reverse()) {
    if (options.signal?.aborted) return cancelled();
    try {
      await fs.mkdir(folder);
    } catch (error) {
      // Someone else may have created it meanwhile; that is fine when it is a folder.
      if (fsErrorCode(error) === "EEXIST") {
        const isFolder = await fs.stat(folder).then(
          (stat) => stat.isDirectory(),
          () => false,
        );
        if (isFolder) continue;
      }
      return folderFailure(error, folder, display(folder));
    }
  }
  return undefined;
}

/** ensureFolder for the folder that will hold `filePath`. */
export function ensureParentFolder(
  filePath: string,
  options: FolderOptions = {},
): Promise<ToolResult | undefined> {
  return ensureFolder(path.dirname(path.resolve(filePath)), options, filePath);
}
