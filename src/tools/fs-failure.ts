// The file tools' one mapping of file-system error codes to failure results the model can act on
// (permission_denied, file_not_found, invalid_path, is_directory, disk_full), each naming the path
// and what the tool was doing. Codes are read by util/errno.ts.
import { errnoCode } from "../util/index.js";
import { fail, type ToolResult } from "./tool.js";

/** The failure result for a file-system error while `verb` ("reading", "writing", "creating folder"
 *  …) `shown`: permission_denied (EACCES, EPERM, EROFS), file_not_found (ENOENT), invalid_path
 *  (ENOTDIR, ENAMETOOLONG), is_directory (EISDIR), disk_full (ENOSPC, EDQUOT). Undefined for any
 *  other error, which the caller handles or rethrows. */
export function fsFailure(error: unknown, shown: string, verb: string): ToolResult | undefined {
  switch (errnoCode(error)) {
    case "EACCES":
    case "EPERM":
      return fail(
        "permission_denied",
        `Permission denied ${verb} ${shown}. Check its permissions or choose another path.`,
      );
    case "EROFS":
      return fail("permission_denied", `Permission denied ${verb} ${shown}: the file system is read-only.`);
    case "ENOENT":
      return fail("file_not_found", `Error ${verb} ${shown}: it or a folder on its path does not exist.`);
    case "ENOTDIR":
      return fail("invalid_path", `Error ${verb} ${shown}: a part of its path is a file, not a folder.`);
    case "ENAMETOOLONG":
      return fail(
        "invalid_path",
        `Error ${verb} ${shown}: a name in the path is too long for the file system (usually at most 255 bytes). Use a shorter name.`,
      );
    case "EISDIR":
      return fail("is_directory", `Error ${verb} ${shown}: it is a directory; give a file path.`);
    case "ENOSPC":
    case "EDQUOT":
      return fail(
        "disk_full",
        `Error ${verb} ${shown}: no space left on the device (or the disk quota is used up). Free some space and try again.`,
      );
    default:
      return undefined;
  }
}
