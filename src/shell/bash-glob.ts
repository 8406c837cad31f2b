// Pathname expansion of a wildcard word (`src/*.ts`, `*/`, `docs/[!a-c]?.md`) as bash 5 does it by
// default (no dotglob, globstar, extglob, nullglob, failglob; globasciiranges and globskipdots on): each
// segment with a wildcard matches the names in its folder, hidden names only when the segment starts
// with a literal dot, results in byte order. Patterns are written with quoted characters escaped by a
// backslash (shell-word.ts). What the gate cannot decide exactly is "unknown": bracket classes
// (`[[:alpha:]]`, `[[=e=]]`, `[[.x.]]`), quoted characters inside brackets, non-ASCII ranges or names
// a locale could match differently, a match read as an option, too many matches.
import { lstatSync, readdirSync, statSync } from "node:fs";

const MAX_MATCHES = 1000;

type Piece =
  | { kind: "literal"; text: string }
  | { kind: "star" }
  | { kind: "one" }
  | { kind: "set"; negated: boolean; ranges: [number, number][] };

/** What a pattern word is: plain text after all (`a[b`), a pattern the gate can expand, or unknown. */
type GlobKind = { kind: "literal"; text: string } | { kind: "pattern" } | { kind: "unknown" };

/** One segment's pieces, or null when bash's meaning of it is not decided here. */
function parseSegment(segment: string): Piece[] | null {
  const pieces: Piece[] = [];
  const literal = (char: string) => {
    const last = pieces[pieces.length - 1];
    if (last?.kind === "literal") last.text += char;
    else pieces.push({ kind: "literal", text: char });
  };
  for (let index = 0; index < segment.length; index += 1) {
    const char = segment.charAt(index);
    if (char === "\\") {
      index += 1;
      literal(segment[index] ?? "\\");
    } else if (char === "*") {
      if (pieces[pieces.length - 1]?.kind !== "star") pieces.push({ kind: "star" });
    } else if (char === "?") pieces.push({ kind: "one" });
    else if (char === "[") {
      const bracket = parseBracket(segment, index);
      if (bracket === null) return null;
      if (bracket === "literal") literal("[");
      else {
        pieces.push(bracket.piece);
        index = bracket.end;
      }
    } else literal(char);
  }
  return pieces;
}

/** The bracket expression starting at `start`, "literal" when it has no closing `]`, null when unknown. */
function parseBracket(segment: string, start: number): { piece: Piece; end: number } | "literal" | null {
  let index = start + 1;
  const negated = segment[index] === "!" || segment[index] === "^";
  if (negated) index += 1;
  const ranges: [number, number][] = [];
  for (let first = true; ; first = false) {
    const char = segment[index];
    if (char === undefined) return "literal";
    if (char === "]" && !first) return { piece: { kind: "set", negated, ranges }, end: index };
    if (char === "\\" || char.charCodeAt(0) > 0x7e) return null;
    if (char === "[" && ":=.".includes(segment[index + 1] ?? "")) return null;
    const last = segment[index + 2];
    if (segment[index + 1] === "-" && last !== undefined && last !== "]") {
      if (last === "\\" || last.charCodeAt(0) > 0x7e || last < char) return null;
      ranges.push([char.charCodeAt(0), last.charCodeAt(0)]);
      index += 3;
    } else {
      ranges.push([char.charCodeAt(0), char.charCodeAt(0)]);
      index += 1;
    }
  }
}

/** Whether `name` matches; null when a locale could decide otherwise (non-ASCII against ? or [ ]). */
function matches(pieces: Piece[], name: string): boolean | null {
  if (name.startsWith(".") && !(pieces[0]?.kind === "literal" && pieces[0].text.startsWith(".")))
    return false;
  if (name.includes("\uFFFD")) return null;
  if (/[^\x00-\x7f]/.test(name) && pieces.some((piece) => piece.kind === "one" || piece.kind === "set"))
    return null;
  const chars = Array.from(name);
  // Each (piece, position) is decided once: `*a*a*a…` patterns stay linear in the name's length.
  const known = new Map<number, boolean>();
  const at = (piece: number, position: number): boolean => {
    const key = piece * (chars.length + 1) + position;
    const seen = known.get(key);
    if (seen !== undefined) return seen;
    const found = step(piece, position);
    known.set(key, found);
    return found;
  };
  const step = (piece: number, position: number): boolean => {
    const current = pieces[piece];
    if (current === undefined) return position === chars.length;
    switch (current.kind) {
      case "literal": {
        const text = Array.from(current.text);
        if (text.some((char, offset) => chars[position + offset] !== char)) return false;
        return at(piece + 1, position + text.length);
      }
      case "star":
        for (let next = position; next <= chars.length; next += 1) if (at(piece + 1, next)) return true;
        return false;
      case "one":
        return position < chars.length && at(piece + 1, position + 1);
      case "set": {
        const char = chars[position];
        if (char === undefined) return false;
        const code = char.codePointAt(0) as number;
        const inside = current.ranges.some(([low, high]) => code >= low && code <= high);
        return inside !== current.negated && at(piece + 1, position + 1);
      }
    }
  };
  return at(0, 0);
}

function segmentsOf(pattern: string): string[] | null {
  const segments = pattern.split("/");
  const inner = segments.slice(1, -1);
  return inner.some((segment) => segment === "") ? null : segments;
}

/** Whether the pattern (quoted characters escaped) has a wildcard bash expands, and if not its text. */
export function globKind(pattern: string): GlobKind {
  const segments = segmentsOf(pattern);
  if (segments === null) return { kind: "unknown" };
  let text = "";
  for (const [index, segment] of segments.entries()) {
    const pieces = parseSegment(segment);
    if (pieces === null) return { kind: "unknown" };
    if (pieces.some((piece) => piece.kind !== "literal")) return { kind: "pattern" };
    text +=
      (index > 0 ? "/" : "") + pieces.map((piece) => (piece.kind === "literal" ? piece.text : "")).join("");
  }
  return { kind: "literal", text };
}

/** Joins path text without normalising it: `lnk/..` must reach the kernel as written. */
function append(folder: string, name: string): string {
  if (folder === "") return name;
  return folder.endsWith("/") ? folder + name : `${folder}/${name}`;
}

/** The words a pattern expands to in `cwd` (none when nothing matches; null when the gate cannot be sure). */
export function expandGlob(pattern: string, cwd: string | null): string[] | null {
  const absolute = pattern.startsWith("/");
  if (!absolute && cwd === null) return null;
  const base = absolute ? "/" : (cwd as string);
  const segments = segmentsOf(pattern);
  if (segments === null) return null;
  const folderOnly = pattern.endsWith("/") && segments.length > 1;
  const walked = segments.slice(absolute ? 1 : 0, folderOnly ? -1 : undefined);
  let candidates: string[] = [absolute ? "/" : ""];
  for (const segment of walked) {
    const pieces = parseSegment(segment);
    if (pieces === null) return null;
    const next: string[] = [];
    if (pieces.every((piece) => piece.kind === "literal")) {
      const text = pieces.map((piece) => (piece.kind === "literal" ? piece.text : "")).join("");
      for (const candidate of candidates) next.push(append(candidate, text));
    } else {
      for (const candidate of candidates) {
        let names: string[];
        try {
          names = readdirSync(append(base, candidate || "."));
        } catch {
          continue;
        }
        for (const name of names) {
          const found = matches(pieces, name);
          if (found === null) return null;
          if (!found) continue;
          next.push(append(candidate, name));
          if (next.length > MAX_MATCHES) return null;
        }
      }
    }
    candidates = next;
  }
  const words = candidates
    .filter((candidate) =>
      exists(candidate.startsWith("/") ? candidate : append(base, candidate), folderOnly),
    )
    .map((candidate) => (folderOnly ? `${candidate}/` : candidate))
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return words.some((word) => word.startsWith("-")) ? null : words;
}

function exists(path: string, folderOnly: boolean): boolean {
  try {
    return folderOnly ? statSync(path).isDirectory() : lstatSync(path) !== undefined;
  } catch {
    return false;
  }
}
