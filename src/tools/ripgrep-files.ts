// Lists a folder's files with `rg --files`: ripgrep walks the tree in parallel, honouring the
// .gitignore files of the folder, its sub-folders and the folders above it (up to a repository's top
// folder; outside repositories all of them), skipping .git and symbolic links and including hidden files — the rules the
// pure-JS walk (glob-walk.ts) applies and Grep's ripgrep backend shares. Paths come back relative to
// the folder (NUL-separated, so that no file name can split one), optionally newest first: ripgrep
// then stats what it lists, natively, and walks on one thread.
import { spawn } from "node:child_process";
import { insideRepository } from "./glob-walk.js";

/** The flags that make ripgrep read only .gitignore files, as the pure-JS walk does, also outside
 *  a repository (`--no-require-git`: there every parent folder's file counts). */
export const RIPGREP_IGNORE_FLAGS = [
  "--no-config",
  "--hidden",
  "--no-require-git",
  "--no-ignore-dot",
  "--no-ignore-global",
  "--no-ignore-exclude",
  "--glob=!.git",
] as const;

/** The ignore flags for a search inside a repository (`bounded`) or not: inside one without
 *  `--no-require-git`, so that ripgrep stops at the repository's top folder (and at a nested one's)
 *  as git and GitignoreRules do; with it, ripgrep applies every parent folder's file. */
export function ripgrepIgnoreFlags(bounded: boolean): readonly string[] {
  if (!bounded) return RIPGREP_IGNORE_FLAGS;
  return RIPGREP_IGNORE_FLAGS.filter((flag) => flag !== "--no-require-git");
}

/**
 * A listing as ripgrep wrote it: chunks of whole NUL-terminated names, counted as they come and
 * decoded only when walked, one chunk at a time. Glob shows the newest hundred of 20k names: it
 * decodes the first chunk or two, and no 20k strings live through the young generation's scavenges.
 */
export class NameList implements Iterable<string> {
  private readonly chunks: Buffer[] = [];
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** Whole names, each ending with a NUL. */
  add(chunk: Buffer): void {
    for (let end = chunk.indexOf(0); end >= 0; end = chunk.indexOf(0, end + 1)) this.count++;
    this.chunks.push(chunk);
  }

  *[Symbol.iterator](): Iterator<string> {
    for (const chunk of this.chunks) yield* chunk.toString("utf8", 0, chunk.length - 1).split("\0");
  }

  toArray(): string[] {
    return [...this];
  }

  /** The names that hold `text` (a NUL at its end: end with it), each once, found in the bytes: no
   *  other name is decoded. */
  holding(text: string): string[] {
    const needle = Buffer.from(text);
    const found: string[] = [];
    for (const chunk of this.chunks)
      for (let at = chunk.indexOf(needle); at >= 0; ) {
        const start = at === 0 ? 0 : chunk.lastIndexOf(0, at - 1) + 1;
        const end = chunk.indexOf(0, at);
        found.push(chunk.toString("utf8", start, end));
        at = chunk.indexOf(needle, end + 1);
      }
    return found;
  }
}

type RipgrepListing = { ok: true; files: NameList } | { ok: false; message: string };

/** The files under `root` (relative, `/`-separated). `basenameGlob` narrows the listing to file names
 *  matching it: an rg type, which never overrides .gitignore as an include glob would; or, with
 *  `include`, an include glob (no .gitignore match of any file, so faster; but files and folders
 *  of that name are listed and entered even where a .gitignore excludes them), and every `.gitignore`
 *  file of the folders entered listed beside them, so that the caller can tell. `folders`
 *  (relative to `root`) lists only below those, with the ignore rules of the folders above them;
 *  a folder named so is entered even where a .gitignore excludes it: the caller checks that. Several
 *  folders are listed wrong where a `.gitignore` above them has a rule naming a path (a ripgrep bug:
 *  glob-shards.ts `severalPathsHold` says when they can be given). */
export function ripgrepFiles(
  rgPath: string,
  root: string,
  options: {
    basenameGlob?: string;
    include?: boolean;
    newestFirst?: boolean;
    folders?: string[];
    /** Whether the search is inside a repository (default: whether `root` is). */
    bounded?: boolean;
    signal?: AbortSignal;
  },
): Promise<RipgrepListing> {
  const args = ["--files", "--null", ...ripgrepIgnoreFlags(options.bounded ?? insideRepository(root))];
  if (options.newestFirst) args.push("--sortr=modified");
  // An include glob decides before every other rule but a later one: `.git` stays out.
  if (options.basenameGlob !== undefined && options.include)
    args.push(`--glob=${options.basenameGlob}`, "--glob=.gitignore", "--glob=!.git");
  else if (options.basenameGlob !== undefined)
    args.push(`--type-add=reagentglob:${options.basenameGlob}`, "--type=reagentglob");
  if (options.folders !== undefined) args.push("--", ...options.folders);
  return new Promise((resolve) => {
    const child = spawn(rgPath, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      signal: options.signal,
    });
    // Each chunk's whole names are kept as bytes, the bytes of a name cut at its end carried to the
    // next: no text as large as the listing (which V8 would keep in its large-object space until a
    // full collection), and no name decoded before someone walks the list.
    const files = new NameList();
    let carried: Buffer | undefined;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const bytes = carried ? Buffer.concat([carried, chunk]) : chunk;
      const end = bytes.lastIndexOf(0);
      carried = end < bytes.length - 1 ? Buffer.from(bytes.subarray(end + 1)) : undefined;
      if (end >= 0) files.add(end === bytes.length - 1 ? bytes : bytes.subarray(0, end + 1));
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.once("error", (error) =>
      resolve({ ok: false, message: `could not run ripgrep (${rgPath}): ${error.message}` }),
    );
    child.once("close", (code) => {
      // Each name ends with a NUL; bytes after the last one are a name ripgrep did not finish.
      // 1: nothing listed. 2: some folders could not be read, which the JS walk passes over too (the
      // files listed are good) — or, with a basename glob, one rg could not parse: the caller retries.
      if (code === 0 || code === 1 || (code === 2 && options.basenameGlob === undefined))
        resolve({ ok: true, files });
      else resolve({ ok: false, message: stderr.trim() || `ripgrep ended with status ${code}` });
    });
  });
}
