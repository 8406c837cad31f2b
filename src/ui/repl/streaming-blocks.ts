// Splits a streaming answer into the markdown blocks that are finished and the part still being
// written. A block is finished once a blank line and the start of another block follow it, so a
// paragraph that may still become a heading (setext) or a list that may still grow stays open.
// The finished part is printed to the transcript at once; only the rest is redrawn while it streams.
import { marked } from "marked";

export function splitFinishedBlocks(text: string): { done: string; rest: string } {
  if (!text.includes("\n\n")) return { done: "", rest: text };
  const tokens = marked.lexer(text, { gfm: true });
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last]?.type === "space") last--;
  // The last blank-line token before the final block marks the end of what is finished.
  let boundary = last - 1;
  while (boundary >= 0 && tokens[boundary]?.type !== "space") boundary--;
  if (boundary <= 0) return { done: "", rest: text };
  const raw = tokens
    .slice(0, boundary + 1)
    .map((token) => token.raw)
    .join("");
  const length = raw.length;
  const done = text.slice(0, length);
  // The lexer's raw text must be the exact prefix; otherwise keep streaming it whole.
  if (raw !== done) return { done: "", rest: text };
  return { done, rest: text.slice(length) };
}
