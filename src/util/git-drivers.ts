// The drivers git's configuration names for attributes (`diff.<name>.textconv`, `diff.<name>.command`,
// `filter.<name>.clean` …) and `diff.external`: programs a read-only-looking `git diff`, `git log -p`,
// `git show`, `git blame` or `git status` runs on files a `.gitattributes` of the project routes to
// them. The attributes are anyone's to write; the drivers are the user's. Where no sandbox contains
// the fast path, its git gets every configured driver replaced through command-line configuration
// (GIT_CONFIG_COUNT wins over every file): textconv by `cat` (the text as it is), external diffs by a
// line saying the driver did not run, filters emptied and not required (git then skips them), and
// `log.showSignature` turned off (it runs gpg on every signed commit `git log` shows). A
// driver named by an attribute but configured nowhere runs nothing, so the configured ones are all.
// git 2.39 has no way to point attributes elsewhere (`--attr-source` came in 2.40).
import { guardedGitOutput } from "./git-guard-environment.js";

export type GitSetting = readonly [key: string, value: string];

const SKIPPED = (what: string) =>
  `echo "(${what} not run: reagent's read-only fast path runs no diff driver where no sandbox contains it)" #`;

/** The settings that neutralise the drivers of the configuration listed by `git config --null --list`. */
export function driverNeutralisers(listing: string): GitSetting[] {
  const settings = new Map<string, string>();
  for (const entry of listing.split("\0")) {
    const key = entry.split("\n", 1)[0] ?? "";
    const diff = /^diff\.(.+)\.(textconv|command)$/s.exec(key);
    if (diff !== null) {
      const name = diff[1] as string;
      if (diff[2] === "textconv") {
        settings.set(`diff.${name}.textconv`, "cat");
        settings.set(`diff.${name}.cachetextconv`, "false");
      } else settings.set(`diff.${name}.command`, SKIPPED(`external diff driver ${name}`));
      continue;
    }
    const filter = /^filter\.(.+)\.(clean|smudge|process)$/s.exec(key);
    if (filter !== null) {
      const name = filter[1] as string;
      for (const part of ["clean", "smudge", "process"]) settings.set(`filter.${name}.${part}`, "");
      settings.set(`filter.${name}.required`, "false");
      continue;
    }
    if (key === "diff.external") settings.set("diff.external", SKIPPED("diff.external"));
    // `git log` and `git show` verify every signed commit with the user's gpg (gpg.program), on
    // signatures anyone made: as `%G` placeholders and `--show-signature`, which the strict forms refuse.
    if (key === "log.showsignature") settings.set("log.showSignature", "false");
  }
  return [...settings];
}

/**
 * The neutralising settings for the drivers configured where git runs in `cwd` (the repository's
 * configuration with its includes, the user's and the system's), read with git itself so that its
 * own parser, includes and conditions decide. Nothing when git cannot run there (then the command's
 * git cannot either).
 */
function gitDriverSettings(cwd: string, env: Readonly<Record<string, string | undefined>>): GitSetting[] {
  const listed = guardedGitOutput(["config", "--null", "--list"], cwd, env);
  return listed === null ? [] : driverNeutralisers(listed);
}

/**
 * The settings for the git commands of a line that run in `folders`, or undefined when there is
 * nothing to replace (GIT_EXTERNAL_DIFF, which wins over configuration, counts: the runner drops it
 * when settings are given). The guard settings of git-guard-environment.ts apply while reading.
 */
export function gitDriversOfFolders(
  folders: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): GitSetting[] | undefined {
  const settings = new Map<string, string>();
  for (const folder of folders)
    for (const [key, value] of gitDriverSettings(folder, env)) settings.set(key, value);
  const replace = settings.size > 0 || (folders.length > 0 && env.GIT_EXTERNAL_DIFF !== undefined);
  return replace ? [...settings] : undefined;
}
