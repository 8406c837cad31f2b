// Which id this run's session has and what its transcript starts from: a new session (`--session-id`
// or a fresh id), the resumed one (`--resume` / `--continue`), or with `--fork-session` a copy of the
// resumed one under a new id — its history is written to the new transcript first and the original
// file is left as it was (so it needs no lock).
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Message } from "../model/index.js";
import { newSessionId, UsageError } from "../util/index.js";
import type { ResumeResolution } from "./transcript-resume.js";

type SessionIdentity = {
  sessionId: string;
  /** The transcript line the next message hangs from (a resumed session's last one). */
  parentUuid: string | null;
  /** History the new transcript starts with (a fork's copy of the original). */
  seed: Message[];
};

export function sessionIdentity(
  options: { sessionId?: string; forkSession?: boolean },
  resumed: Exclude<ResumeResolution, { type: "error" }>,
  sessionsDir: string,
): SessionIdentity {
  const fork = options.forkSession === true && resumed.type === "resumed";
  if (options.sessionId !== undefined && resumed.type === "resumed" && !fork)
    throw new UsageError(
      "--session-id names a new session; with --continue or --resume add --fork-session to go on from it under that id",
    );
  if (options.sessionId !== undefined && existsSync(join(sessionsDir, `${options.sessionId}.jsonl`)))
    throw new UsageError(
      `--session-id ${options.sessionId}: a session with this id already exists; resume it with --resume`,
    );
  if (fork)
    return { sessionId: options.sessionId ?? newSessionId(), parentUuid: null, seed: resumed.messages };
  if (resumed.type === "resumed") return { sessionId: resumed.id, parentUuid: resumed.lastUuid, seed: [] };
  return { sessionId: options.sessionId ?? newSessionId(), parentUuid: null, seed: [] };
}
