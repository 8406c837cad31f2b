// A saved session's checkpoints, opened without starting it (`reagent rewind`): the project's session
// (by id or id prefix; the latest one without), refused while a live process holds it.
import { join } from "node:path";
import { type Checkpoints, openCheckpoints } from "../checkpoints/index.js";
import { readEnv } from "../config/index.js";
import { findSession, listSessions, projectSessionsDir, sessionLockHolder } from "../transcript/index.js";
import { UsageError } from "../util/index.js";
import type { AppPorts } from "./app-ports.js";
import { checkpointStoreDir } from "./create-checkpoints.js";

type SavedCheckpoints = { sessionId: string; checkpoints: Checkpoints; warnings: string[] };

export function savedCheckpoints(
  ports: Pick<AppPorts, "cwd" | "env" | "accountHome" | "pid">,
  session: string | undefined,
): SavedCheckpoints {
  const env = readEnv(ports.env, ports.accountHome);
  const cwd = ports.cwd;
  const dir = projectSessionsDir(join(env.homeDir, ".agents", "sessions"), cwd);
  let sessionId: string;
  if (session === undefined) {
    const latest = listSessions(dir)[0];
    if (!latest) throw new UsageError(`no saved session in ${cwd}; nothing to rewind`);
    sessionId = latest.id;
  } else {
    const found = findSession(dir, session);
    if (found.type === "none")
      throw new UsageError(`no session "${session}" in ${cwd} (reagent -p --resume lists them)`);
    if (found.type === "ambiguous")
      throw new UsageError(
        `"${session}" matches ${found.matches.length} sessions: ${found.matches.map((match) => match.id).join(", ")}; give more of the id`,
      );
    sessionId = found.session.id;
  }
  const holder = sessionLockHolder(dir, sessionId, ports.pid);
  if (holder !== undefined)
    throw new UsageError(
      `session ${sessionId} is in use by process ${holder}; use /rewind in it, or wait until it ends`,
    );
  const warnings: string[] = [];
  const checkpoints = openCheckpoints({
    storeDir: checkpointStoreDir({ cwd, env }),
    workTree: cwd,
    sessionDir: join(dir, sessionId),
    env: env.all,
    warn: (message) => warnings.push(message),
  });
  return { sessionId, checkpoints, warnings };
}
