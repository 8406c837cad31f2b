// A live-area line that changed only in its middle (the spinner's glyph, its seconds, its token
// count) is rewritten there alone: the cursor moves to the first changed column, the styles in force
// there are set again, the changed part is written and the styles reset; the rest stays on screen.
// Only where that is certain: the part before it is plain ASCII (or spinner glyphs), the changed part
// differs only in such characters (so it keeps its width on any terminal), and the line holds no
// escape other than colours. Pure.
import { stripAnsi } from "./style.js";

const ESC = "\u001b[";
/** Colour and style sequences (SGR); any other escape in a line makes it ineligible. */
const SGR = /\u001b\[[0-9;]*m/g;
/** Characters every terminal draws one column wide: ASCII and the Braille spinner glyphs. */
const NARROW = /^[\u0020-\u007e\u2800-\u28ff]*$/;

/** Same width on any terminal: equal length, and where they differ both characters are narrow. */
function sameShape(was: string, now: string): boolean {
  if (was.length !== now.length) return false;
  for (let index = 0; index < was.length; index++) {
    const [before, after] = [was.charAt(index), now.charAt(index)];
    if (before !== after && !(NARROW.test(before) && NARROW.test(after))) return false;
  }
  return true;
}

/** True where index `at` of `line` is inside an escape sequence or between a surrogate pair. */
function splits(line: string, at: number): boolean {
  const code = line.charCodeAt(at);
  if (code >= 0xdc00 && code <= 0xdfff) return true;
  const start = line.lastIndexOf("\u001b", at - 1);
  if (start === -1) return false;
  const end = line.slice(start).search(/m/);
  return end !== -1 && start + end >= at;
}

/** What to write (the cursor at the line's start) to turn `old` into `line`, or undefined when only a
 *  whole rewrite is safe or it would not be shorter. */
export function lineChange(old: string, line: string): string | undefined {
  if (old.replace(SGR, "").includes("\u001b") || line.replace(SGR, "").includes("\u001b")) return undefined;
  let start = 0;
  const shorter = Math.min(old.length, line.length);
  while (start < shorter && old[start] === line[start]) start++;
  while (start > 0 && splits(line, start)) start--;
  let tail = 0;
  while (tail < shorter - start && old[old.length - 1 - tail] === line[line.length - 1 - tail]) tail++;
  while (tail > 0 && splits(line, line.length - tail)) tail--;
  const before = line.slice(0, start);
  const visibleBefore = stripAnsi(before);
  if (!NARROW.test(visibleBefore)) return undefined;
  const was = stripAnsi(old.slice(start, old.length - tail));
  const now = stripAnsi(line.slice(start, line.length - tail));
  if (!sameShape(was, now)) return undefined;
  const column = visibleBefore.length;
  const styles = before.match(SGR)?.join("") ?? "";
  const change = `${column > 0 ? `${ESC}${column}C` : ""}${styles}${line.slice(start, line.length - tail)}${ESC}0m`;
  return Buffer.byteLength(change) < Buffer.byteLength(line) + 3 ? change : undefined;
}
