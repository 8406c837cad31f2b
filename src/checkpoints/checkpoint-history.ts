// What a checkpoint log says, read as a history: the prompts still in the conversation (numbered 1…
// as a person sees them), and the spans in which reagent changed files (a prompt's first change to
// its end; a rewind). Between spans, and after the last one, any change was made outside reagent.
import type { LogLine } from "./checkpoint-log.js";

export type PromptEntry = {
  /** 1-based position among the prompts still in the conversation. */
  number: number;
  seq: number;
  id: string;
  text: string;
  messageIndex: number;
  at: string;
  /** A snapshot was taken during this prompt: it (may have) changed files. */
  changedFiles: boolean;
};

/** A stretch of reagent's own changes: `before` the first of them, `after` the last (absent when the
 *  process ended before it could say). */
export type ChangeSpan = { seq: number; before: string; skipped: string[]; after?: string };

export function livePrompts(lines: readonly LogLine[]): PromptEntry[] {
  let prompts: Omit<PromptEntry, "number">[] = [];
  const changed = new Set<number>();
  for (const line of lines) {
    if (line.type === "prompt") {
      const { seq, id, text, messageIndex, at } = line;
      prompts.push({ seq, id, text, messageIndex, at, changedFiles: false });
    } else if (line.type === "before") changed.add(line.seq);
    else if (line.type === "conversation") prompts = prompts.filter((prompt) => prompt.seq < line.seq);
  }
  return prompts.map((prompt, index) => ({
    ...prompt,
    number: index + 1,
    changedFiles: changed.has(prompt.seq),
  }));
}

export function changeSpans(lines: readonly LogLine[]): ChangeSpan[] {
  const spans: ChangeSpan[] = [];
  const bySeq = new Map<number, ChangeSpan>();
  for (const line of lines) {
    if (line.type === "before") {
      const span: ChangeSpan = { seq: line.seq, before: line.tree, skipped: line.skipped };
      spans.push(span);
      bySeq.set(line.seq, span);
    } else if (line.type === "after") {
      const span = bySeq.get(line.seq);
      if (span) span.after = line.tree;
    } else if (line.type === "restore")
      spans.push({ seq: line.seq, before: line.before, skipped: [], after: line.after });
  }
  return spans;
}
