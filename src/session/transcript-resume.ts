// Decides which conversation a run starts from: a new one, the project's most recent session
// (`--continue`), or a chosen one (`--resume [id]`). Returns the loaded history or a message for the
// user; the CLI turns an error into exit status 2. The sessions directory is passed in.
import type { Message } from "../model/types.js";
import { findSession, formatSessionList, listSessions, type SessionSummary } from "./transcript-index.js";
import { loadTranscript } from "./transcript-store.js";

export type ResumeRequest =
  | { type: "new" }
  | { type: "continue" }
  | { type: "resume"; id: string }
  /** `--resume` without an id. */
  | { type: "pick" };

export type ResumeResolution =
  | { type: "new"; notice?: string }
  | { type: "resumed"; id: string; path: string; messages: Message[]; warnings: string[] }
  | { type: "error"; message: string };

function load(session: SessionSummary): ResumeResolution {
  try {
    const loaded = loadTranscript(session.path);
    return {
      type: "resumed",
      id: loaded.header?.session_id ?? session.id,
      path: session.path,
      messages: loaded.messages,
      warnings: loaded.warnings,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { type: "error", message: `cannot read the session transcript ${session.path}: ${reason}` };
  }
}

export function resolveResume(options: {
  dir: string;
  cwd: string;
  request: ResumeRequest;
  interactive: boolean;
}): ResumeResolution {
  const { dir, cwd, request } = options;
  if (request.type === "new") return { type: "new" };
  const sessions = listSessions(dir);
  const recent = `Recent sessions in this project:\n${formatSessionList(sessions)}`;
  switch (request.type) {
    case "continue": {
      const latest = sessions[0];
      if (latest) return load(latest);
      return {
        type: "error",
        message: `--continue: no earlier session to continue in ${cwd} (sessions are saved in ${dir}); run without --continue to start one`,
      };
    }
    case "pick":
      if (options.interactive)
        return {
          type: "new",
          notice: `--resume was given without a session id; starting a new session.\n${recent}\nTo resume one: reagent --resume <id>`,
        };
      return {
        type: "error",
        message: `--resume needs a session id in headless mode: reagent -p --resume <id> "prompt".\n${recent}`,
      };
    case "resume": {
      const lookup = findSession(dir, request.id);
      if (lookup.type === "found") return load(lookup.session);
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
