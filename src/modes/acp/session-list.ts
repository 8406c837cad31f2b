// session/list: the reagent sessions saved under the home folder (one folder per project), newest
// first, for one working folder or for all; each with its folder, first prompt as title and last write.
// Pages of PAGE_SIZE, the cursor being the offset.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type ListSessionsResponse, RequestError, type SessionInfo } from "@agentclientprotocol/sdk";
import { listSessions, projectSessionsDir } from "../../transcript/index.js";

const PAGE_SIZE = 50;
const TITLE_CHARS = 100;

function folders(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, entry.name));
  } catch {
    return [];
  }
}

export function listSavedSessions(
  root: string,
  cwd: string | undefined,
  cursor: string | undefined,
): ListSessionsResponse {
  const offset = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(offset) || offset < 0)
    throw RequestError.invalidParams(
      { cursor },
      `invalid cursor "${cursor}"; pass the nextCursor of an earlier answer`,
    );
  const dirs = cwd ? [projectSessionsDir(root, cwd)] : folders(root);
  const all = dirs
    .flatMap((dir) => listSessions(dir))
    .filter((session) => session.cwd !== "" && (!cwd || session.cwd === cwd))
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  const page = all.slice(offset, offset + PAGE_SIZE);
  const sessions: SessionInfo[] = page.map((session) => ({
    sessionId: session.id,
    cwd: session.cwd,
    title:
      session.firstPrompt.length > TITLE_CHARS
        ? `${session.firstPrompt.slice(0, TITLE_CHARS - 1)}…`
        : session.firstPrompt || null,
    updatedAt: session.updatedAt.toISOString(),
  }));
  const next = offset + PAGE_SIZE;
  return { sessions, ...(next < all.length ? { nextCursor: String(next) } : {}) };
}
