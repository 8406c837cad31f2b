// Lists a folder's files with `rg --files`: ripgrep walks the tree in parallel, honouring the
// .gitignore files of the folder, its sub-folders and the folders above it (also outside git
// repositories), skipping .git and symbolic links and including hidden files — the rules the
// pure-JS walk (glob-walk.ts) applies and Grep's ripgrep backend shares. Paths come back relative to
// the folder (NUL-separated, so that no file name can split one), optionally newest first: ripgrep
// then stats what it lists, natively, and walks on one thread.
import { spawn } from "node:child_process";

/** The flags that make ripgrep read only .gitignore files, as the pure-JS walk does. */
export const RIPGREP_IGNORE_FLAGS = [
  "--no-config",
  "--hidden",
  "--no-require-git",
  "--no-ignore-dot",
  "--no-ignore-global",
  "--no-ignore-exclude",
  "--glob=!.git",
] as const;

type RipgrepListing = { ok: true; files: string[] } | { ok: false; message: string };

/** The files under `root` (relative, `/`-separated). `basenameGlob` narrows the listing to file names
 *  matching it (an rg type, which never overrides .gitignore as an include glob would). `folders`
 *  (relative to `root`) lists only below those, with the ignore rules of the folders above them;
 *  a folder named so is entered even where a .gitignore excludes it: the caller checks that. */
export function ripgrepFiles(
  rgPath: string,
  root: string,
  options: { basenameGlob?: string; newestFirst?: boolean; folders?: string[]; signal?: AbortSignal },
): Promise<RipgrepListing> {
  const args = ["--files", "--null", ...RIPGREP_IGNORE_FLAGS];
  if (options.newestFirst) args.push("--sortr=modified");
  if (options.basenameGlob !== undefined)
    args.push(`--type-add=reagentglob:${options.basenameGlob}`, "--type=reagentglob");
  if (options.folders !== undefined) args.push("--", ...options.folders);
  return new Promise((resolve) => {
    const child = spawn(rgPath, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      signal: options.signal,
    });
    // The listing is decoded and split once at the end: splitting each chunk as it comes (and
    // joining the name cut at its end to the next) cost ~2 ms more per 20k names, mostly garbage.
    const chunks: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.once("error", (error) =>
      resolve({ ok: false, message: `could not run ripgrep (${rgPath}): ${error.message}` }),
    );
    child.once("close", (code) => {
      // Each name ends with a NUL: the last piece is empty (or the whole text, when nothing came).
      const files = Buffer.concat(chunks).toString("utf8").split("\0");
      files.pop();
      // 1: nothing listed. 2: some folders could not be read, which the JS walk passes over too (the
      // files listed are good) — or, with a basename glob, one rg could not parse: the caller retries.
      if (code === 0 || code === 1 || (code === 2 && options.basenameGlob === undefined))
        resolve({ ok: true, files });
      else resolve({ ok: false, message: stderr.trim() || `ripgrep ended with status ${code}` });
    });
  });
}
