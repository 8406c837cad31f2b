// The environment a command the gate ran on its read-only fast path gets, so that the git it runs
// cannot be made to run a program by files in the project: fsmonitor off, hooks off, and no
// implicitly found bare repository (a folder with HEAD, objects/, refs/ and a config naming
// programs). Set as command-line configuration (GIT_CONFIG_COUNT), which every git process of the
// command inherits and which wins over the repository's own configuration.

import { spawnSync } from "node:child_process";
import type { GitSetting } from "./git-drivers.js";

/** The settings, in the order they are added after any the environment already carries. */
const GIT_GUARD_SETTINGS: readonly (readonly [string, string])[] = [
  ["core.fsmonitor", "false"],
  ["core.hooksPath", "/dev/null"],
  ["safe.bareRepository", "explicit"],
];

/**
 * `env` with the guard settings appended to its GIT_CONFIG_COUNT entries (kept as they are), then
 * `drivers` (git-drivers.ts: the configured attribute drivers replaced, where no sandbox contains the
 * command; GIT_EXTERNAL_DIFF, which wins over any configuration, is then dropped too). An unreadable
 * count (not a number) is replaced: git would refuse to start with it anyway.
 */
export function gitGuardEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  drivers?: readonly GitSetting[],
): Record<string, string | undefined> {
  const given = Number(env.GIT_CONFIG_COUNT ?? "0");
  const start = Number.isInteger(given) && given >= 0 ? given : 0;
  const result: Record<string, string | undefined> = { ...env };
  const settings = [...GIT_GUARD_SETTINGS, ...(drivers ?? [])];
  settings.forEach(([key, value], index) => {
    result[`GIT_CONFIG_KEY_${start + index}`] = key;
    result[`GIT_CONFIG_VALUE_${start + index}`] = value;
  });
  result.GIT_CONFIG_COUNT = String(start + settings.length);
  if (drivers !== undefined) delete result.GIT_EXTERNAL_DIFF;
  return result;
}

/** Runs a git that reads configuration (`git config …`, `git rev-parse …`) in `cwd` with the guard
 *  settings added to `env`: its standard output, or null when it failed or could not start. */
export function guardedGitOutput(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  const result = spawnSync("git", args, {
    cwd,
    env: gitGuardEnvironment(env) as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 10_000,
    stdio: ["ignore", "pipe", "ignore"],
  });
  return result.status === 0 && typeof result.stdout === "string" ? result.stdout : null;
}
