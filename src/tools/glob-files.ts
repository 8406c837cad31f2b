// The files a Glob pattern matches below its crawl root, as absolute paths: ripgrep lists the files
// newest first (ripgrep-files.ts; narrowed by the pattern's last segment when that is a plain name
// glob) and picomatch decides, with the options the pure-JS walk gives it (dot files match `*`, case
// matters), so both ways match the same names. Without ripgrep, the pure-JS walk (glob-walk.ts) does
// it all, in no particular order. A big tree is listed in several parts at once (glob-shards.ts),
// each newest first. A crawl root inside an ignored folder lists nothing, as the walk
// never enters one.
import { statSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { isInside } from "../util/index.js";
import { expandLeadingFolders } from "./glob-expand.js";
import { includedSettler, includeEndings } from "./glob-include.js";
import { groupCount, severalPathsHold, shardFolders } from "./glob-shards.js";
import { GitignoreRules, walkFiles } from "./glob-walk.js";
import { ripgrepFiles } from "./ripgrep-files.js";

/** Names that can be walked more than once and know their count: an array, or ripgrep's listing
 *  (decoded only as far as it is walked). */
export type Names = Iterable<string> & { readonly length: number };

type GlobFilesOptions = {
  root: string;
  /** The folder the search names (`root` is the pattern's leading folder inside it): whether it lies
   *  in a repository decides which `.gitignore` files count, and `root` is judged as a walk from it
   *  would meet it. */
  searched: string;
  /** The glob below `root` (crawlRoot's `pattern`). */
  pattern: string;
  /** The rg binary, or undefined for the pure-JS walk. */
  ripgrep: string | undefined;
  signal: AbortSignal;
};

type GlobFiles =
  /** A file's absolute path is `prefix + file` (the root and a separator for ripgrep's relative paths,
   *  "" for the walk's absolute ones): no path is built for a file nobody looks at. `runs`: listings in
   *  ripgrep's order by modification time (ties in no particular order); `loose`: files in no order. */
  { ok: true; prefix: string; runs: Names[]; loose: string[] } | { ok: false; message: string };

/** The pattern as the JS walk's glob library reads it: a trailing slash dropped, `.`/`//` collapsed. */
function normalized(pattern: string): string {
  return path.posix.normalize(pattern.endsWith("/") ? pattern.slice(0, -1) : pattern);
}

/** A last path segment ripgrep can pre-select file names with: only characters whose meaning is the
 *  same in both glob dialects, braces balanced and flat; undefined when it would select everything. */
function basenameGlob(pattern: string): string | undefined {
  const last = pattern.slice(pattern.lastIndexOf("/") + 1);
  if (last === "*" || last.includes("**") || !/^[A-Za-z0-9._*?{},-]+$/.test(last)) return undefined;
  let depth = 0;
  for (const character of last) {
    if (character === "{") depth++;
    else if (character === "}") depth--;
    if (depth < 0 || depth > 1) return undefined;
  }
  if (depth !== 0 || /\{[^}]*\{|\{,|,\}|\{\}|,,/.test(last)) return undefined;
  if (!last.includes("{") && last.includes(",")) return undefined;
  return last;
}

function isFolder(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

const everything = () => true;

export async function globFiles(options: GlobFilesOptions): Promise<GlobFiles> {
  const { root, signal } = options;
  // A pattern that leads out of the folder searched (`../other/**`) searches its own folder.
  const searched = isInside(options.searched, root) ? options.searched : root;
  if (!options.ripgrep)
    return {
      ok: true,
      prefix: "",
      runs: [],
      loose: await walkFiles({ root, searched, patterns: [options.pattern], signal }),
    };
  const nothing: GlobFiles = { ok: true, prefix: "", runs: [], loose: [] };
  // The walk's glob library takes a leading `!` (not `!(`) as an exclusion: nothing is included.
  if (options.pattern.startsWith("!") && !options.pattern.startsWith("!(")) return nothing;
  // A crawl root that is no folder (the pattern named a missing one, or a file) lists nothing.
  const rules = GitignoreRules.forSearch(searched);
  if (!isFolder(root) || rules.isFolderIgnored(root, searched)) return nothing;
  const pattern = normalized(options.pattern);
  const narrow = basenameGlob(pattern);
  const matchesAll = picomatch(pattern, { dot: true, posix: true });
  // `**/NAME` with NAME pre-selected by ripgrep: every file listed matches.
  const matches = narrow !== undefined && pattern === `**/${narrow}` ? everything : matchesAll;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const expansion = expandLeadingFolders(root, pattern, rules, matchesAll);
  const loose = expansion?.files ?? [];
  if (expansion?.folders.length === 0) return { ok: true, prefix, runs: [], loose };
  const start = expansion?.folders ?? [""];
  const shards = shardFolders(root, start, rules, matchesAll, groupCount());
  if (shards !== undefined) loose.push(...shards.files);
  // One listing per group (the root's own, or the expansion's folders, when not shared out); one of
  // the whole root (its files met on the way listed again) where ripgrep cannot take several folders.
  let groups = shards?.groups ?? [expansion?.folders];
  if (!severalPathsHold(root, groups, rules)) {
    groups = [undefined];
    loose.length = 0;
  }
  const endings = narrow === undefined ? undefined : includeEndings(narrow);
  const settle =
    endings &&
    includedSettler({
      root,
      searched,
      rules,
      endings,
      matches: matches === everything ? undefined : matchesAll,
    });
  // Each listing is settled as it comes: the JS work on one runs while ripgrep still lists another.
  const list = async (folders: string[] | undefined) => {
    const listing = await listNewestFirst(options.ripgrep as string, root, {
      narrow,
      include: settle !== undefined,
      folders,
      bounded: rules.bounded,
      signal,
    });
    if (!listing.ok) return listing;
    const { files } = listing;
    let names: Names;
    if (listing.narrowed && settle) names = settle({ files, folders });
    else if (listing.narrowed && matches === everything) names = files;
    else names = files.toArray().filter((file) => matchesAll(file));
    return { ok: true as const, names };
  };
  const runs: Names[] = [];
  for (const listing of await Promise.all(groups.map(list))) {
    if (!listing.ok) return listing;
    runs.push(listing.names);
  }
  return { ok: true, prefix, runs, loose };
}

/** ripgrep's newest-first listing below `folders` (the root when undefined), retried without the
 *  name narrowing when ripgrep could not read that as a glob. `narrowed`: the narrowing held. */
async function listNewestFirst(
  ripgrep: string,
  root: string,
  options: {
    narrow: string | undefined;
    include: boolean;
    folders: string[] | undefined;
    bounded: boolean;
    signal: AbortSignal;
  },
) {
  const { narrow, include, folders, bounded, signal } = options;
  const listing = await ripgrepFiles(ripgrep, root, {
    basenameGlob: narrow,
    include,
    newestFirst: true,
    folders,
    bounded,
    signal,
  });
  if (listing.ok) return { ...listing, narrowed: narrow !== undefined };
  if (narrow === undefined || signal.aborted) return listing;
  const plain = await ripgrepFiles(ripgrep, root, { newestFirst: true, folders, bounded, signal });
  return plain.ok ? { ...plain, narrowed: false } : plain;
}
