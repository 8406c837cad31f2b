// A session's checkpoint records: a JSONL side file in the session's folder (beside its transcript),
// one line per fact, appended whole, so a resumed session and `reagent rewind` read back what an
// earlier process recorded. `seq` numbers prompts and rewinds in the order they happened. The file
// appears with the first snapshot or rewind: until then prompt lines wait in memory (a session that
// changed nothing leaves no file).
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { ensureFolderSync } from "../util/index.js";

export type LogLine =
  /** A prompt began; `messageIndex` is its user message's place in the history. */
  | { type: "prompt"; seq: number; id: string; text: string; messageIndex: number; at: string }
  /** The workspace before the prompt's first change (taken only when something may change). */
  | { type: "before"; seq: number; tree: string; skipped: string[] }
  /** The workspace when the prompt's turn ended. */
  | { type: "after"; seq: number; tree: string }
  /** A code rewind to before prompt `to`: the workspace before and after it (a change of reagent's). */
  | { type: "restore"; seq: number; to: number; before: string; after: string; at: string }
  /** The conversation went back to before prompt `seq`: that prompt and later ones left it. */
  | { type: "conversation"; seq: number; at: string };

export const CHECKPOINT_FILE = "checkpoints.jsonl";

export class CheckpointLog {
  readonly lines: LogLine[] = [];
  private failed: string | undefined;
  /** Lines up to here are on disk. */
  private written = 0;

  constructor(
    readonly path: string,
    private readonly onWarning: (message: string) => void = () => {},
  ) {
    if (existsSync(path)) this.lines.push(...parseLog(readFileSync(path, "utf8")));
    this.written = this.lines.length;
  }

  /** The next free sequence number. */
  nextSeq(): number {
    let last = 0;
    for (const line of this.lines) if (line.type === "prompt" || line.type === "restore") last = line.seq;
    return last + 1;
  }

  append(line: LogLine): void {
    this.lines.push(line);
    if (this.failed || (line.type === "prompt" && this.written === 0)) return;
    const unwritten = this.lines.slice(this.written);
    this.written = this.lines.length;
    try {
      ensureFolderSync(dirname(this.path), { mode: 0o700 });
      appendFileSync(this.path, unwritten.map((each) => `${JSON.stringify(each)}\n`).join(""), {
        mode: 0o600,
      });
    } catch (error) {
      this.failed = error instanceof Error ? error.message : String(error);
      this.onWarning(
        `could not save checkpoints to ${this.path} (${this.failed}); rewinding works in this run only`,
      );
    }
  }
}

/** The valid lines of a log (a torn or foreign line is skipped). */
function parseLog(text: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const raw of text.split("\n")) {
    if (raw.trim() === "") continue;
    try {
      const line = JSON.parse(raw) as LogLine;
      if (typeof line === "object" && line !== null && typeof line.seq === "number") lines.push(line);
    } catch {
      // A line torn by a crash: the lines before it still hold.
    }
  }
  return lines;
}
