// Line access for the Read tool: whole-file reads for ordinary files and a streaming range reader for
// big ones (memory stays bounded by the requested range), plus binary sniffing and line numbering.
import { createReadStream, promises as fs } from "node:fs";
import { createInterface } from "node:readline";

const MAX_LINE_CHARS = 2000;

type LineRange = { lines: string[]; totalLines: number };

/** Splits text into lines (a trailing newline ends the last line; CR before LF is dropped). */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

/** Reads lines [offset, offset+limit) (1-based offset) of a file of any size, counting all lines. */
export async function readLineRange(filePath: string, offset: number, limit: number): Promise<LineRange> {
  const lines: string[] = [];
  let lineNumber = 0;
  const reader = createInterface({
    input: createReadStream(filePath, { encoding: "utf8" }),
    crlfDelay: Infinity,
  });
  for await (const line of reader) {
    lineNumber++;
    if (lineNumber >= offset && lineNumber < offset + limit) lines.push(line);
  }
  return { lines, totalLines: lineNumber };
}

/** True when the first bytes contain a NUL byte (the usual text/binary heuristic). */
export async function looksBinary(filePath: string): Promise<boolean> {
  const handle = await fs.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return bytesLookBinary(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

const SNIFF_BYTES = 8192;

/** looksBinary for a file's bytes already read. */
export function bytesLookBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, SNIFF_BYTES).includes(0);
}

/**
 * A small file's bytes, read in one open (three file-system round trips where a sniff and a
 * readFile took seven): `size` from its stat, read on to the end when it has grown since, up to
 * `limit` bytes.
 */
export async function readWhole(filePath: string, size: number, limit: number): Promise<Buffer> {
  const handle = await fs.open(filePath, "r");
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    // One byte more than the stat said: a read that fills it means the file grew.
    for (let want = size + 1; total <= limit; want = 64 * 1024) {
      const buffer = Buffer.allocUnsafe(want);
      const { bytesRead } = await handle.read(buffer, 0, want, total);
      if (bytesRead > 0) chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (bytesRead < want) break;
    }
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}

/** The line number, a tab, the text (long lines cut with a marker): Claude Code's Read format (its
 *  numbers are not padded as `cat -n` pads them; padding cost tokens on every line and told nothing). */
export function numberLines(lines: string[], firstLineNumber: number): string {
  return lines
    .map((line, index) => {
      const text =
        line.length > MAX_LINE_CHARS
          ? `${line.slice(0, MAX_LINE_CHARS)}… [line truncated: ${line.length - MAX_LINE_CHARS} more characters]`
          : line;
      return `${firstLineNumber + index}\t${text}`;
    })
    .join("\n");
}
