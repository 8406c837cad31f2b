// Finds where the kept part of a transcript starts without parsing what lies before it: the file is
// read backwards in blocks and searched for the bytes every boundary line holds (a compaction or
// `/clear` in either shape); only a line holding one is parsed, to tell a real boundary from the same
// words inside a message or a tool's input. Byte offsets throughout (UTF-8 never puts a newline or
// an ASCII quote inside a multi-byte character).
import { readSync } from "node:fs";
import { CLEAR_SUBTYPE, COMPACT_SUBTYPE, parseLine } from "./transcript-lines.js";

/** JSON tokens a boundary line holds. Inside a JSON string a quote is escaped, so these bytes appear
 *  only as real tokens: a key or a value somewhere in a record. */
const MARKERS = [`"${COMPACT_SUBTYPE}"`, `"${CLEAR_SUBTYPE}"`, '"type":"compact"', '"type":"clear"'].map(
  (text) => Buffer.from(text, "latin1"),
);
const OVERLAP = Math.max(...MARKERS.map((marker) => marker.length)) - 1;
const BLOCK = 1 << 20;
const NEWLINE = 0x0a;

/** Reads `length` bytes at `position` (fewer at the end of the file). */
export function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const read = readSync(fd, buffer, filled, length - filled, position + filled);
    if (read === 0) break;
    filled += read;
  }
  return buffer.subarray(0, filled);
}

/** The offset just after the last newline before `position` (0 when there is none). */
function lineStart(fd: number, position: number): number {
  let end = position;
  while (end > 0) {
    const start = Math.max(0, end - 64 * 1024);
    const at = readAt(fd, start, end - start).lastIndexOf(NEWLINE);
    if (at !== -1) return start + at + 1;
    end = start;
  }
  return 0;
}

/** The offset of the first newline at or after `position` (`size` when there is none). */
function lineEnd(fd: number, position: number, size: number): number {
  for (let start = position; start < size; start += 64 * 1024) {
    const at = readAt(fd, start, Math.min(64 * 1024, size - start)).indexOf(NEWLINE);
    if (at !== -1) return start + at;
  }
  return size;
}

/** The offset at which the last boundary line of the file starts, or 0 when there is none (then the
 *  whole file is kept). A damaged or torn line is no boundary, as when the file is read forwards. */
export function lastBoundaryOffset(fd: number, size: number): number {
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - BLOCK);
    const block = readAt(fd, start, Math.min(size, end + OVERLAP) - start);
    // Candidates must start before `end`: later ones were looked at with the block after this one.
    let limit = end - start - 1;
    let next = start;
    while (limit >= 0) {
      let found = -1;
      for (const marker of MARKERS) found = Math.max(found, block.lastIndexOf(marker, limit));
      if (found === -1) break;
      const from = lineStart(fd, start + found);
      const to = lineEnd(fd, start + found, size);
      const kind = parseLine(readAt(fd, from, to - from).toString("utf8"))?.kind;
      if (kind === "reset" || kind === "history") return from;
      // Not a boundary: go on before this line (which may have begun in an earlier block).
      if (from <= start) {
        next = from;
        break;
      }
      limit = from - start - 1;
    }
    end = next;
  }
  return 0;
}
