// Pathname expansion of a plain wildcard word (`src/*.ts`, `*/`, `docs/[ab]?.md`) as bash does it by
// default (no dotglob, globstar, extglob, nullglob or failglob): each segment with a wildcard matches
// the names in its folder, hidden names only when the segment starts with a dot, results in byte
// order, and the pattern itself when nothing matches. The gate expands words of read-only commands so
// `wc -l src/*.ts` needs no prompt; a match that starts with `-` (it would be read as an option), too
// many matches, or a folder it cannot read leave the word unknown.
import { lstatSync, readdirSync, statSync } from "node:fs";
import picomatch from "picomatch";

const MAX_MATCHES = 1000;

/** Joins path text without normalising it: `lnk/..` must reach the kernel as written. */
function append(folder: string, name: string): string {
  if (folder === "") return name;
  return folder.endsWith("/") ? folder + name : `${folder}/${name}`;
}
const WILDCARD = /(^|[^\\])[*?[]/;

/** The words a pattern expands to in `cwd` (null when the gate cannot be sure). */
export function expandGlob(pattern: string, cwd: string | null): string[] | null {
  const absolute = pattern.startsWith("/");
  if (!absolute && cwd === null) return null;
  const base = absolute ? "/" : (cwd as string);
  const folderOnly = pattern.endsWith("/");
  const segments = pattern.split("/").filter((segment, index) => segment !== "" || index === 0);
  let candidates: string[] = [absolute ? "/" : ""];
  for (const [index, segment] of segments.entries()) {
    if (segment === "" && index === 0) continue;
    const next: string[] = [];
    if (!WILDCARD.test(segment)) {
      const literal = segment.replace(/\\(.)/g, "$1");
      for (const candidate of candidates) next.push(append(candidate, literal));
    } else {
      const matches = picomatch(segment, { dot: segment.startsWith("."), nobrace: true, noextglob: true });
      for (const candidate of candidates) {
        let names: string[];
        try {
          names = readdirSync(append(base, candidate || "."));
        } catch {
          continue;
        }
        for (const name of names) {
          if (name === "." || name === ".." || !matches(name)) continue;
          next.push(append(candidate, name));
          if (next.length > MAX_MATCHES) return null;
        }
      }
    }
    candidates = next;
  }
  const found = candidates
    .filter((candidate) =>
      exists(candidate.startsWith("/") ? candidate : append(base, candidate), folderOnly),
    )
    .map((candidate) => (folderOnly ? `${candidate}/` : candidate))
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const words = found.length > 0 ? found : [pattern.replace(/\\(.)/g, "$1")];
  return words.some((word) => word.startsWith("-")) ? null : words;
}

function exists(path: string, folderOnly: boolean): boolean {
  try {
    return folderOnly ? statSync(path).isDirectory() : lstatSync(path) !== undefined;
  } catch {
    return false;
  }
}
