// Where a run's own files go: temporary ones (SessionStart env files), removed at exit, and the
// session's folder beside its transcript, which outlives the run.
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where the run's temporary files go (SessionStart env files); removed at exit. */
export function spillDirFor(sessionId: string): string {
  return join(tmpdir(), `reagent-${sessionId}`);
}

/** Where long hook context is spilled: the session's folder beside its transcript
 *  (`<sessions>/<project-key>/<session-id>/`), kept after exit so a resumed session's references hold;
 *  without a transcript, the temporary folder. Readable by the tools. */
export function sessionFilesDir(sessionsDir: string | undefined, sessionId: string): string {
  return sessionsDir ? join(sessionsDir, sessionId) : spillDirFor(sessionId);
}
