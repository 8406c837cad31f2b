// Which session this run is and where it is written: a new session, or the one `--continue` /
// `--resume` names (locked for this process while it writes), or a `--fork-session` copy; the
// transcript store for it (none with --no-session-persistence). The lock and the store are released
// at close, or at exit when the run ends another way.
import { join } from "node:path";
import { readEnv } from "../config/index.js";
import type { Message, ModelClient } from "../model/index.js";
import {
  claudeProjectFolder,
  projectSessionsDir,
  resolveResume,
  resumeRequest,
  sessionFilesDir,
  sessionIdentity,
  TranscriptStore,
} from "../transcript/index.js";
import { packageVersion, UsageError } from "../util/index.js";
import type { AppPorts } from "./app-ports.js";
import type { RunOptions } from "./run-options.js";

export type OpenTranscript = {
  sessionId: string;
  sessionsDir: string;
  /** The session's own folder (spilled hook context, subagent transcripts, the task list); a temp
   *  folder when nothing is saved. */
  contextDir: string;
  resumed: boolean;
  history: Message[] | undefined;
  toolResults: Record<string, unknown>;
  warnings: string[];
  store: TranscriptStore | undefined;
  /** Releases the lock and closes the store (also run at exit). */
  release(): void;
};

export function openTranscript(parts: {
  options: RunOptions;
  cwd: string;
  homeDir: string;
  /** Also list saved sessions here (the Agent SDK's projects folder; see claude-mirror.ts). */
  claudeProjectsDir?: string;
  interactive: boolean;
  model: ModelClient;
  ports: Pick<AppPorts, "pid" | "atExit">;
  /** Problems the store meets while writing. */
  onWarning: (message: string) => void;
}): OpenTranscript {
  const { options, cwd } = parts;
  const sessionsDir = projectSessionsDir(join(parts.homeDir, ".agents", "sessions"), cwd);
  const resolved = resolveResume({
    dir: sessionsDir,
    cwd,
    request: resumeRequest(options),
    interactive: parts.interactive,
    // Only a run that writes the session locks it (see transcript-lock.ts); a fork writes a copy.
    lock: options.sessionPersistence && !options.forkSession ? { pid: parts.ports.pid } : undefined,
  });
  if (resolved.type === "error") throw new UsageError(resolved.message);
  const lock = resolved.type === "resumed" ? resolved.lock : undefined;
  const identity = sessionIdentity(options, resolved, sessionsDir);
  const { sessionId } = identity;
  const store = options.sessionPersistence
    ? new TranscriptStore({
        dir: sessionsDir,
        header: {
          session_id: sessionId,
          cwd,
          model: parts.model.model,
          provider: parts.model.provider,
          created_at: new Date().toISOString(),
          version: packageVersion(),
        },
        onWarning: parts.onWarning,
        parentUuid: identity.parentUuid,
        lock,
        pid: parts.ports.pid,
        mirrorFolder:
          parts.claudeProjectsDir === undefined
            ? undefined
            : claudeProjectFolder(parts.claudeProjectsDir, cwd),
      })
    : undefined;
  for (const message of identity.seed) store?.append(message);
  const close = () => {
    store?.close();
    lock?.release();
  };
  const unregister = parts.ports.atExit(close);
  const resumed = resolved.type === "resumed";
  return {
    sessionId,
    sessionsDir,
    contextDir: sessionFilesDir(options.sessionPersistence ? sessionsDir : undefined, sessionId),
    resumed,
    history: resumed ? resolved.messages : undefined,
    toolResults: resumed ? resolved.toolResults : {},
    warnings: resumed ? resolved.warnings : [],
    store,
    release() {
      unregister();
      close();
    },
  };
}

/** `-p --resume` without an id: the usage error that lists the project's sessions, raised before a
 *  prompt is read (so `reagent -p --resume` alone lists them, as `--help` says). */
export function refuseHeadlessPick(ports: Pick<AppPorts, "cwd" | "env" | "accountHome">): never {
  const homeDir = readEnv(ports.env, ports.accountHome).homeDir;
  const dir = projectSessionsDir(join(homeDir, ".agents", "sessions"), ports.cwd);
  const resolved = resolveResume({ dir, cwd: ports.cwd, request: { type: "pick" }, interactive: false });
  throw new UsageError(resolved.type === "error" ? resolved.message : "--resume needs a session id");
}
