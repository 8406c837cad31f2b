// Whether a program the tests drive is installed here (.ci/run installs the ones CI needs); tests
// that need one skip with a message saying so instead of failing for the wrong reason.
import { spawnSync } from "node:child_process";

export function hasProgram(name: string, versionFlag = "--version"): boolean {
  return spawnSync(name, [versionFlag], { stdio: "ignore" }).status === 0;
}

export const hasJq = hasProgram("jq");
