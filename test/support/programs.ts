// Whether a program the tests drive is installed here (.ci/run installs the ones CI needs). On a
// developer machine a test that needs a missing one skips with a message saying so; with
// REAGENT_REQUIRE_TOOLS=1 (set by .ci/run) a missing one fails the test file instead, so CI never
// passes by skipping the tests it exists to run.
import { spawnSync } from "node:child_process";

export function hasProgram(name: string, versionFlag = "--version"): boolean {
  return spawnSync(name, [versionFlag], { stdio: "ignore" }).status === 0;
}

/** hasProgram for a program CI must have: missing under REAGENT_REQUIRE_TOOLS=1 is an error. */
export function neededProgram(name: string, versionFlag = "--version"): boolean {
  const found = hasProgram(name, versionFlag);
  if (!found && process.env.REAGENT_REQUIRE_TOOLS === "1")
    throw new Error(`${name} is not installed, and REAGENT_REQUIRE_TOOLS=1 says these tests must run`);
  return found;
}

export const hasJq = neededProgram("jq");
