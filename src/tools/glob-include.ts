// Glob's faster listing: ripgrep given the pattern's file-name glob as an include glob, which spares
// it the .gitignore match of every file (a fifth of a big listing's time), where a type would not.
// An include glob overrides .gitignore files, though: a file of that name is listed and a folder of
// that name entered even where a rule excludes it. So ripgrep also lists every `.gitignore` of the
// folders it enters, and each one read (with those above, which ripgrep applies too) is asked whether
// any of its rules could exclude a name the glob takes. Where none could, the listing is what a type
// would have listed; below a folder whose rules could, the files those rules could match (found in
// the listing's bytes by how their names end, or by a folder named like the glob above them) are
// judged by the rules in JS. Read conservatively: a rule not understood counts as one that could,
// and one whose names could end with anything has every file below it judged.
import path from "node:path";
import { isInside } from "../util/index.js";
import type { Names } from "./glob-files.js";
import { type GitignoreRules, ruleLines } from "./glob-walk.js";
import type { NameList } from "./ripgrep-files.js";

/** What every name a glob alternative matches ends with; `whole`: the alternative is that name. */
type Ending = { text: string; whole: boolean };

const WILDCARD = /[*?]/;

/** The alternatives of flat brace groups: `*.{ts,tsx}` → `*.ts`, `*.tsx`. */
function alternatives(glob: string): string[] {
  const open = glob.indexOf("{");
  const close = glob.indexOf("}", open);
  if (open < 0 || close < 0) return [glob];
  const head = glob.slice(0, open);
  const tail = glob.slice(close + 1);
  return glob
    .slice(open + 1, close)
    .split(",")
    .flatMap((choice) => alternatives(head + choice + tail));
}

function endingOf(alternative: string): Ending {
  const last = Math.max(alternative.lastIndexOf("*"), alternative.lastIndexOf("?"));
  return { text: alternative.slice(last + 1), whole: last < 0 };
}

/** Whether some name could end with `ending` and be matched by a rule segment (true when unsure). */
function mayOverlap(segment: string, ending: Ending): boolean {
  if (segment === "" || /[[\\]/.test(segment)) return true;
  if (!WILDCARD.test(segment)) return ending.whole ? segment === ending.text : segment.endsWith(ending.text);
  // `*` and a plain ending: names ending with both exist when one ending ends the other.
  const suffix = segment.slice(1);
  if (!segment.startsWith("*") || WILDCARD.test(suffix)) return true;
  return ending.whole
    ? ending.text.endsWith(suffix)
    : ending.text.endsWith(suffix) || suffix.endsWith(ending.text);
}

/** The last segments of the rules of a `.gitignore` text that could exclude a file or folder named as
 *  `endings` say: only a rule's last segment is read (its folders can only narrow it), negations are
 *  passed over (they re-include, which matters only below a rule that could exclude); a rule with
 *  an escape gives `**`, which stands for any name. */
export function excludingSegments(text: string, endings: readonly Ending[]): string[] {
  const found: string[] = [];
  for (const { negated, pattern, escaped } of ruleLines(text)) {
    if (negated) continue;
    const segment = escaped ? "**" : pattern.slice(pattern.lastIndexOf("/") + 1);
    if (endings.some((ending) => mayOverlap(segment, ending))) found.push(segment);
  }
  return found;
}

/** Whether a rule segment holds what the tests below do not read: a class, an escape, `**`. */
const unread = (segment: string) => segment === "" || /[[\\]|\*\*/.test(segment);

/** A test of whole names that every name one of the segments matches passes (more may): `*` and `?`
 *  as in .gitignore, a segment not read (`unread`) as any name. */
export function namesMatching(segments: readonly string[]): (name: string) => boolean {
  if (segments.some(unread)) return () => true;
  if (segments.length === 0) return () => false;
  const alternatives = [...new Set(segments)].map((segment) =>
    segment
      .replace(/[.+^${}()|]/g, "\\$&")
      .replaceAll("*", "[^/]*")
      .replaceAll("?", "[^/]"),
  );
  const pattern = new RegExp(`^(?:${alternatives.join("|")})$`, "s");
  return (name) => pattern.test(name);
}

const GITIGNORE = ".gitignore";

/**
 * The endings of the names a file-name glob takes, with `.gitignore`'s own (listed beside them, and a
 * folder of that name entered as well); undefined when the glob could take `.gitignore` or `.git`
 * itself (then the listing could not tell ripgrep's `.gitignore` files from the pattern's).
 */
export function includeEndings(basenameGlob: string): Ending[] | undefined {
  const endings = alternatives(basenameGlob).map(endingOf);
  const takes = (name: string) =>
    endings.some((ending) => (ending.whole ? ending.text === name : name.endsWith(ending.text)));
  if (takes(GITIGNORE) || takes(".git")) return undefined;
  return [...endings, { text: GITIGNORE, whole: true }];
}

const isGitignore = (name: string) => name === GITIGNORE || name.endsWith(`/${GITIGNORE}`);

type Listed = { files: NameList; folders: string[] | undefined };

/** A listing with some names left out, walked lazily. */
class Without implements Iterable<string> {
  readonly length: number;
  constructor(
    private readonly names: NameList,
    private readonly left: ReadonlySet<string>,
  ) {
    this.length = names.length - left.size;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (const name of this.names) if (!this.left.has(name)) yield name;
  }
}

type Settle = {
  root: string;
  searched: string;
  rules: GitignoreRules;
  endings: readonly Ending[];
  /** The whole pattern, when the glob alone does not decide. */
  matches: ((relative: string) => boolean) | undefined;
};

/**
 * For one Glob call: the files of an include-glob listing below `root` that a type listing would have
 * held, in ripgrep's order. `.gitignore` files are dropped, and, below folders whose rules could
 * exclude a name listed, the files those rules could match are judged by them (`searched`: the folder
 * the search names). Each `.gitignore` is read for its risky rules once, whichever listing met it.
 */
export function includedSettler(context: Settle): (listing: Listed) => Names {
  const { root, rules, endings } = context;
  // Per .gitignore: the folder below which it applies (relative to the root, with a trailing slash;
  // "" for one at or above the root; undefined for one beside it) and its risky rules' segments.
  const read = new Map<string, { below: string | undefined; segments: string[] }>();
  const relative = (folder: string) => `${path.relative(root, folder).split(path.sep).join("/")}/`;
  const riskyRules = () => {
    const risky: string[] = [];
    const segments: string[] = [];
    for (const file of rules.files()) {
      let entry = read.get(file.base);
      if (entry === undefined) {
        const below = isInside(file.base, root)
          ? ""
          : isInside(root, file.base)
            ? relative(file.base)
            : undefined;
        entry = { below, segments: below === undefined ? [] : excludingSegments(file.text, endings) };
        read.set(file.base, entry);
      }
      if (entry.below === undefined || entry.segments.length === 0) continue;
      risky.push(entry.below);
      segments.push(...entry.segments);
    }
    return { risky, segments };
  };
  return (listing) => {
    const gitignores = listing.files.holding(`${GITIGNORE}\0`).filter(isGitignore);
    // Every .gitignore ripgrep applied: those listed, and those above the root and the folders
    // listed. (Those of other listings read before are judged too: they lie below other folders,
    // and only make the judging wider.)
    rules.chainFor(root);
    for (const file of gitignores) rules.chainFor(path.join(root, path.dirname(file)));
    for (const folder of listing.folders ?? []) rules.chainFor(path.dirname(path.join(root, folder)));
    return settle(listing, gitignores, riskyRules(), context);
  };
}

function settle(
  listing: Listed,
  gitignores: string[],
  { risky, segments }: { risky: string[]; segments: string[] },
  { root, searched, rules, endings, matches }: Settle,
): Names {
  const ignored = judge(root, searched, rules, { below: risky, names: namesMatching(segments) });
  const tails = literalTails(segments);
  const left = new Set(gitignores);
  if (matches === undefined && tails !== undefined) {
    if (risky.length > 0)
      for (const file of candidates(listing.files, tails, endings)) if (ignored(file)) left.add(file);
    return new Without(listing.files, left);
  }
  return listing.files
    .toArray()
    .filter((file) => !isGitignore(file) && (matches === undefined || matches(file)) && !ignored(file));
}

/** What the names the segments match end with (after their last wildcard), each once; undefined
 *  when some segment's names could end with anything. */
function literalTails(segments: readonly string[]): string[] | undefined {
  const tails = new Set<string>();
  for (const segment of segments) {
    const tail = endingOf(segment).text;
    if (unread(segment) || tail === "") return undefined;
    tails.add(tail);
  }
  return [...tails];
}

/** The names of a listing a rule could exclude, found in its bytes: those whose last segment ends
 *  with one of `tails`, and those below a folder named like the glob (which ripgrep enters even
 *  where a rule excludes it; it leaves every other excluded folder out itself). */
function candidates(files: NameList, tails: readonly string[], endings: readonly Ending[]): Set<string> {
  const found = new Set<string>();
  for (const tail of tails) for (const name of files.holding(`${tail}\0`)) found.add(name);
  for (const ending of endings) for (const name of files.holding(`${ending.text}/`)) found.add(name);
  return found;
}

/** Whether the rules exclude a file (relative to `root`) or a folder above it, as a walk meets them;
 *  asked only below the folders `below` (relative, with a trailing slash; "" for the root), each
 *  folder once, and of a file itself only where its name passes `names`. */
function judge(
  root: string,
  searched: string,
  rules: GitignoreRules,
  risky: { below: readonly string[]; names: (name: string) => boolean },
): (file: string) => boolean {
  // A folder's path and verdict; none where no risky rules apply.
  const folders = new Map<string, { folder: string; excluded: boolean } | undefined>();
  const nameIgnored = (verdict: { folder: string; excluded: boolean }, name: string) =>
    verdict.excluded || (risky.names(name) && rules.isIgnored(verdict.folder, name, false));
  // The last file's folder, which the next file often shares (a listing by time follows the order
  // files were written in): then no string is made or hashed.
  let last = { relative: "\0", verdict: undefined as { folder: string; excluded: boolean } | undefined };
  return (file) => {
    const slash = file.lastIndexOf("/");
    if (slash + 1 === last.relative.length && file.startsWith(last.relative)) {
      if (last.verdict === undefined) return false;
      return nameIgnored(last.verdict, file.slice(slash + 1));
    }
    const relative = slash < 0 ? "" : file.slice(0, slash + 1);
    let verdict = folders.get(relative);
    if (!folders.has(relative)) {
      const folder = path.join(root, relative);
      const asked = risky.below.some((prefix) => relative.startsWith(prefix));
      verdict = asked ? { folder, excluded: rules.isFolderIgnored(folder, searched) } : undefined;
      folders.set(relative, verdict);
    }
    last = { relative, verdict };
    return verdict !== undefined && nameIgnored(verdict, file.slice(slash + 1));
  };
}
