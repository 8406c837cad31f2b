// Where a project's transcripts live and how to find one: the project key (a readable slug of the
// working directory plus a short hash), the list of recent sessions (newest first, with the first
// prompt), and lookup by id or id prefix. The root directory is passed in; nothing here reads env.
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseLine } from "./transcript-lines.js";
import { readHead } from "./transcript-store.js";

/** `/home/ada/my app` → `home-ada-my-app-3f2a9c1d`. */
export function projectKey(cwd: string): string {
  const slug = cwd
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(-60)
    .replace(/^[-.]+/, "");
  const hash = createHash("sha256").update(cwd).digest("hex").slice(0, 8);
  return slug ? `${slug}-${hash}` : hash;
}

/** `<root>/<project-key>`, where root is usually `~/.agents/sessions`. */
export function projectSessionsDir(root: string, cwd: string): string {
  return join(root, projectKey(cwd));
}

export type SessionSummary = {
  id: string;
  path: string;
  createdAt: string;
  /** Last write (the file's modification time). */
  updatedAt: Date;
  /** The first user prompt, on one line ("" when the head of the file holds none). */
  firstPrompt: string;
  /** The folder the session ran in, as its header says ("" when the head holds none). */
  cwd: string;
};

const HEAD_BYTES = 64 * 1024;

function summarize(path: string, id: string): SessionSummary | undefined {
  let head: string;
  let updatedAt: Date;
  try {
    updatedAt = statSync(path).mtime;
    head = readHead(path, HEAD_BYTES);
  } catch {
    return undefined;
  }
  let createdAt = updatedAt.toISOString();
  let firstPrompt = "";
  let cwd = "";
  for (const line of head.split("\n")) {
    const parsed = parseLine(line);
    if (parsed?.kind === "header") {
      createdAt = parsed.header.created_at || createdAt;
      cwd = parsed.header.cwd || cwd;
    }
    if (parsed?.kind === "message" && parsed.message.role === "user") {
      const text = parsed.message.content.find((block) => block.type === "text");
      if (text?.type === "text") {
        firstPrompt = text.text.replace(/\s+/g, " ").trim();
        break;
      }
    }
  }
  return { id, path, createdAt, updatedAt, firstPrompt, cwd };
}

/** The project's saved sessions, most recently written first. */
export function listSessions(dir: string): SessionSummary[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(".jsonl"))
    .map((name) => summarize(join(dir, name), name.slice(0, -".jsonl".length)))
    .filter((summary): summary is SessionSummary => summary !== undefined)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.createdAt.localeCompare(a.createdAt));
}

type SessionLookup =
  | { type: "found"; session: SessionSummary }
  | { type: "none" }
  | { type: "ambiguous"; matches: SessionSummary[] };

/** Finds a session by its full id or a unique prefix of it. */
export function findSession(dir: string, idOrPrefix: string): SessionLookup {
  const sessions = listSessions(dir);
  const exact = sessions.find((session) => session.id === idOrPrefix);
  if (exact) return { type: "found", session: exact };
  const matches = idOrPrefix === "" ? [] : sessions.filter((session) => session.id.startsWith(idOrPrefix));
  const [only, ...others] = matches;
  if (only === undefined) return { type: "none" };
  return others.length === 0 ? { type: "found", session: only } : { type: "ambiguous", matches };
}

/** One line per session: id, last write, first prompt (shortened). */
export function formatSessionList(sessions: SessionSummary[], limit = 10): string {
  if (sessions.length === 0) return "  (no saved sessions in this project)";
  const lines = sessions.slice(0, limit).map((session) => {
    const date = `${session.updatedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
    const prompt =
      session.firstPrompt.length > 60 ? `${session.firstPrompt.slice(0, 59)}…` : session.firstPrompt;
    return `  ${session.id}  ${date}  ${prompt || "(no prompt)"}`;
  });
  if (sessions.length > limit) lines.push(`  … and ${sessions.length - limit} older`);
  return lines.join("\n");
}
