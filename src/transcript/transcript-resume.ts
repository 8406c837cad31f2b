// Decides which conversation a run starts from: a new one, the project's most recent session
// (`--continue`), or a chosen one (`--resume [id]`). Returns the loaded history or a message for the
// user; the CLI turns an error into exit status 2. The sessions directory is passed in. A session that
// will be written to is locked before it is loaded: one in use by a live process is refused, and a
// crash repair found on load is saved to the file so that the file itself is consistent again.
import type { Message } from "../model/index.js";
import { errorMessage } from "../util/index.js";
import { findSession, formatSessionList, listSessions, type SessionSummary } from "./transcript-index.js";
import { loadTranscript } from "./transcript-load.js";
import { acquireSessionLock, type LockOptions, type SessionLock } from "./transcript-lock.js";
import { appendTranscriptMessages } from "./transcript-store.js";

export type ResumeRequest =
  | { type: "new" }
  | { type: "continue" }
  | { type: "resume"; id: string }
  /** `--resume` without an id. */
  | { type: "pick" };

export type ResumeResolution =
  | { type: "new" }
  | {
      type: "resumed";
      id: string;
      path: string;
      messages: Message[];
      warnings: string[];
      /** Held when `lock` was requested; the caller releases it (TranscriptStore.close does). */
      lock?: SessionLock;
      /** The uuid the next message hangs from (TranscriptStore's `parentUuid`). */
      lastUuid: string | null;
      /** Structured tool results saved with the messages, by tool_use_id (diffs for the replay). */
      toolResults: Record<string, unknown>;
    }
  | { type: "error"; message: string };

/** Locks (when asked) and loads one session; `inUse` words the refusal when another process has it. */
function load(
  dir: string,
  session: SessionSummary,
  lockOptions: LockOptions | undefined,
  inUse: (holder: string, staleHint: string) => string,
): ResumeResolution {
  const warnings: string[] = [];
  let lock: SessionLock | undefined;
  if (lockOptions) {
    const outcome = acquireSessionLock(dir, session.id, lockOptions);
    if (outcome.type === "busy") {
      const holder = outcome.pid === undefined ? "another process" : `process ${outcome.pid}`;
      const stale =
        outcome.pid === undefined
          ? ""
          : ` (if no reagent runs as process ${outcome.pid}, delete ${outcome.path})`;
      return { type: "error", message: inUse(holder, stale) };
    }
    if (outcome.type === "failed")
      warnings.push(
        `cannot lock session ${session.id} (${outcome.path}: ${outcome.reason}); another reagent continuing it at the same time could interleave its messages`,
      );
    else lock = outcome.lock;
  }
  try {
    const loaded = loadTranscript(session.path);
    warnings.unshift(...loaded.warnings);
    const id = loaded.header?.session_id ?? session.id;
    let lastUuid = loaded.lastUuid;
    if (loaded.repair && lockOptions)
      try {
        const common = {
          sessionId: id,
          cwd: loaded.header?.cwd ?? "",
          version: loaded.header?.version ?? "",
        };
        lastUuid = appendTranscriptMessages(session.path, [loaded.repair], common, lastUuid);
      } catch (error) {
        warnings.push(`could not save the repair to ${session.path} (${errorMessage(error)})`);
      }
    return {
      type: "resumed",
      id,
      path: session.path,
      messages: loaded.messages,
      warnings,
      lock,
      lastUuid,
      toolResults: loaded.toolResults,
    };
  } catch (error) {
    lock?.release();
    return {
      type: "error",
      message: `cannot read the session transcript ${session.path}: ${errorMessage(error)}`,
    };
  }
}

export function resolveResume(options: {
  dir: string;
  cwd: string;
  request: ResumeRequest;
  interactive: boolean;
  /** Lock the resumed session for this process (when the run will write to it). */
  lock?: LockOptions;
}): ResumeResolution {
  const { dir, cwd, request } = options;
  if (request.type === "new") return { type: "new" };
  const sessions = listSessions(dir);
  const recent = `Recent sessions in this project:\n${formatSessionList(sessions)}`;
  switch (request.type) {
    case "continue": {
      const latest = sessions[0];
      const older = sessions[1] ? ` --resume ${sessions[1].id}` : " --resume <id>";
      if (latest)
        return load(
          dir,
          latest,
          options.lock,
          (holder, staleHint) =>
            `--continue: the latest session ${latest.id} is in use by ${holder}; wait for it to finish, resume an older session (reagent${older}), or run without --continue to start a new one${staleHint}.\n${recent}`,
        );
      return {
        type: "error",
        message: `--continue: no earlier session to continue in ${cwd} (sessions are saved in ${dir}); run without --continue to start one`,
      };
    }
    case "pick":
      // The REPL opens its session picker; a new session starts if none is chosen.
      if (options.interactive) return { type: "new" };
      return {
        type: "error",
        message: `--resume needs a session id in headless mode: reagent -p --resume <id> "prompt".\n${recent}`,
      };
    case "resume": {
      const lookup = findSession(dir, request.id);
      if (lookup.type === "found")
        return load(
          dir,
          lookup.session,
          options.lock,
          (holder, staleHint) =>
            `--resume ${request.id}: session ${lookup.session.id} is in use by ${holder}; wait for it to finish or start a new session (run without --resume)${staleHint}`,
        );
      if (lookup.type === "ambiguous")
        return {
          type: "error",
          message: `--resume ${request.id}: ${lookup.matches.length} sessions start with this; give more of the id:\n${formatSessionList(lookup.matches)}`,
        };
      return {
        type: "error",
        message: `--resume ${request.id}: no saved session with this id in ${cwd} (sessions are saved in ${dir}).\n${recent}`,
      };
    }
  }
}
