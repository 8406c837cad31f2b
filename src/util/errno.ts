// The one reading of Node's system error codes (ENOENT, EACCES, …) off thrown values. What a code
// means for a caller (a tool result, a warning, "no such file, use the default") stays with the
// caller; tools map codes to their failure results in tools/fs-failure.ts.

/** The error's system code (`ENOENT`, `EACCES` …), or undefined when it carries none. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** The path (or a folder on its way) does not exist: ENOENT, or ENOTDIR (a file where a folder should be). */
export function isNotFound(error: unknown): boolean {
  const code = errnoCode(error);
  return code === "ENOENT" || code === "ENOTDIR";
}

/** The code when there is one, else the message: the short reason for a one-line report. */
export function errnoReason(error: unknown): string {
  return errnoCode(error) ?? (error instanceof Error ? error.message : String(error));
}
