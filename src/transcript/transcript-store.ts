// The transcript of one session on disk: a JSONL file in Claude Code's line shape (see
// transcript-lines.ts) whose first line is a header, each line written with one append (a line is
// whole or absent); transcript-load.ts reads it back. The store is given its directory; it never
// reads the environment, and a write failure is reported once and stops further writes (the file
// stays a consistent prefix of the history) while the session goes on. While it writes, the store
// holds the session's lock (see transcript-lock.ts) so that no second process appends to the same file.
import { appendFileSync, closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type { Message } from "../model/index.js";
import { ensureFolderSync } from "../util/index.js";
import { mirrorTranscript } from "./claude-mirror.js";
import {
  boundaryLine,
  headerLine,
  type MessageMeta,
  messageLine,
  type TranscriptHeader,
} from "./transcript-lines.js";
import { acquireSessionLock, type SessionLock } from "./transcript-lock.js";

export type { MessageMeta, TranscriptHeader } from "./transcript-lines.js";

/** What the Session writes to; the session never knows about files. */
export type TranscriptSink = {
  readonly path: string;
  append(message: Message, meta?: MessageMeta): void;
  /** The history after a compaction (its first message carries the summary). */
  compact(summary: string, messages: Message[], trigger?: string): void;
  clear(): void;
  /** The conversation went back to an earlier point: `messages` is the history kept. */
  rewind(messages: Message[]): void;
};

type TranscriptStoreOptions = {
  /** The project's session directory (created on the first write). */
  dir: string;
  header: TranscriptHeader;
  /** A resumed session: the uuid the next message hangs from (see loadTranscript). */
  parentUuid?: string | null;
  onWarning: (message: string) => void;
  /** The session's lock, already held (a resumed session locks before it loads). Without it, the
   *  store takes the lock for `pid` with the first write. `close()` releases either. */
  lock?: SessionLock;
  pid?: number;
  /** The file's name in `dir` (default `<session_id>.jsonl`; a subagent's is `agent-<id>.jsonl`). */
  fileName?: string;
  /** A second folder the file is linked into (where the Agent SDK lists sessions; claude-mirror.ts). */
  mirrorFolder?: string;
};

export class TranscriptStore implements TranscriptSink {
  readonly path: string;
  private failed = false;
  private prepared = false;
  private lock: SessionLock | undefined;
  private parent: string | null;
  private readonly common;

  constructor(private readonly options: TranscriptStoreOptions) {
    this.path = join(options.dir, options.fileName ?? `${options.header.session_id}.jsonl`);
    this.lock = options.lock;
    this.parent = options.parentUuid ?? null;
    const { session_id: sessionId, cwd, version, agent_id: agentId } = options.header;
    this.common = { sessionId, cwd, version, agentId };
  }

  /** Releases the session's lock; later writes are dropped. Safe to call more than once. */
  close(): void {
    this.failed = true;
    this.lock?.release();
    this.lock = undefined;
  }

  append(message: Message, meta?: MessageMeta): void {
    this.write([messageLine(message, this.common, this.parent, meta)]);
  }

  /** A boundary line, then the new history: written with one append, as one unit. */
  compact(_summary: string, messages: Message[], trigger?: string): void {
    const boundary = boundaryLine("compact", this.common, this.parent, trigger);
    const lines = [boundary];
    let parent = boundary.uuid as string;
    messages.forEach((message, index) => {
      const line = messageLine(
        message,
        this.common,
        parent,
        {},
        index === 0 ? { isCompactSummary: true } : {},
      );
      lines.push(line);
      parent = line.uuid as string;
    });
    this.write(lines);
  }

  /** A boundary, then the kept history again (a resumed session reads from the last boundary on). */
  rewind(messages: Message[]): void {
    const boundary = boundaryLine("clear", this.common, this.parent);
    const lines = [boundary];
    let parent = boundary.uuid as string;
    for (const message of messages) {
      const line = messageLine(message, this.common, parent);
      lines.push(line);
      parent = line.uuid as string;
    }
    this.write(lines);
  }

  clear(): void {
    // Nothing saved yet: no file just to record an empty conversation.
    if (!this.prepared && !existsSync(this.path)) return;
    this.write([boundaryLine("clear", this.common, this.parent)]);
  }

  /** The file appears with the first record: a header for a new session; for a resumed one, a torn
   *  last line left by a crash is terminated so that the next record starts on a line of its own. */
  private prepare(): void {
    if (this.prepared) return;
    ensureFolderSync(this.options.dir, { mode: 0o700 });
    if (!this.lock && this.options.pid !== undefined) {
      const outcome = acquireSessionLock(this.options.dir, this.options.header.session_id, {
        pid: this.options.pid,
      });
      if (outcome.type === "busy")
        throw new Error(`the session is in use by process ${outcome.pid ?? "(unknown)"}`);
      // A lock that cannot be made (read-only folder) leaves the write below to tell what is wrong.
      if (outcome.type === "acquired") this.lock = outcome.lock;
    }
    if (!existsSync(this.path) || statSync(this.path).size === 0) {
      appendFileSync(this.path, `${JSON.stringify(headerLine(this.options.header))}\n`, { mode: 0o600 });
    } else terminateTornLine(this.path);
    this.prepared = true;
    if (this.options.mirrorFolder === undefined) return;
    const problem = mirrorTranscript(this.path, this.options.mirrorFolder, basename(this.path));
    if (problem)
      this.options.onWarning(
        `could not list the session where the Agent SDK looks (${this.options.mirrorFolder}): ${problem}`,
      );
  }

  private write(lines: Array<Record<string, unknown>>): void {
    if (this.failed) return;
    try {
      this.prepare();
      appendFileSync(this.path, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
      const last = lines.at(-1);
      if (last) this.parent = last.uuid as string;
    } catch (error) {
      this.failed = true;
      const reason = error instanceof Error ? error.message : String(error);
      this.options.onWarning(
        `could not save the session transcript to ${this.path} (${reason}); the session goes on, but it will not be resumable past this point`,
      );
    }
  }
}

/** Appends messages to an existing transcript (after terminating a torn last line), hanging from
 *  `parentUuid`. Used to save the crash repair of a resumed session; returns the uuid of the last line
 *  written; throws on a write failure. */
export function appendTranscriptMessages(
  path: string,
  messages: Message[],
  common: { sessionId: string; cwd: string; version: string },
  parentUuid: string | null,
): string | null {
  terminateTornLine(path);
  let parent = parentUuid;
  const lines = messages.map((message) => {
    const line = messageLine(message, common, parent);
    parent = line.uuid as string;
    return `${JSON.stringify(line)}\n`;
  });
  if (lines.length > 0) appendFileSync(path, lines.join(""));
  return parent;
}

function terminateTornLine(path: string): void {
  if (statSync(path).size > 0 && !endsWithNewline(path)) appendFileSync(path, "\n");
}

function endsWithNewline(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const size = statSync(path).size;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** Reads at most `limit` bytes from the start of a file (for listings of long transcripts). */
export function readHead(path: string, limit: number): string {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(limit);
    const read = readSync(fd, buffer, 0, limit, 0);
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    closeSync(fd);
  }
}
