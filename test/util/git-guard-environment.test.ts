// The guard environment for fast-path git: appended after the configuration the environment already
// carries, and effective in a real git (a planted fsmonitor and a bare repository's config run nothing).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { gitGuardEnvironment } from "../../src/util/git-guard-environment.js";
import { tempFolder } from "../support/temp-folder.js";

const root = tempFolder("git-guard");
after(() => rmSync(root, { recursive: true, force: true }));

describe("gitGuardEnvironment", () => {
  test("adds its settings after the ones already given", () => {
    const env = gitGuardEnvironment({
      PATH: "/bin",
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "user.name",
      GIT_CONFIG_VALUE_0: "x",
    });
    assert.equal(env.GIT_CONFIG_COUNT, "4");
    assert.equal(env.GIT_CONFIG_KEY_0, "user.name");
    assert.equal(env.GIT_CONFIG_KEY_1, "core.fsmonitor");
    assert.equal(env.GIT_CONFIG_VALUE_2, "/dev/null");
    assert.equal(env.GIT_CONFIG_KEY_3, "safe.bareRepository");
    assert.equal(gitGuardEnvironment({ GIT_CONFIG_COUNT: "x" }).GIT_CONFIG_COUNT, "3");
  });

  test("a planted fsmonitor or bare repository runs nothing under it", () => {
    const marker = join(root, "marker");
    const work = join(root, "work");
    mkdirSync(work);
    const git = (args: string[], cwd: string, env: Record<string, string | undefined>) =>
      spawnSync("git", args, { cwd, env: env as NodeJS.ProcessEnv, encoding: "utf8" });
    git(["init", "-q"], work, process.env);
    git(["config", "core.fsmonitor", `touch ${marker}; false`], work, process.env);
    git(["status"], work, gitGuardEnvironment(process.env));
    assert.equal(existsSync(marker), false, "fsmonitor ran");
    git(["init", "-q", "--bare", join(root, "evil")], root, process.env);
    const bare = git(["log"], join(root, "evil"), gitGuardEnvironment(process.env));
    assert.match(bare.stderr, /safe\.bareRepository/);
    git(["status"], work, process.env);
    assert.equal(existsSync(marker), true, "without the guard the planted fsmonitor runs (a real attack)");
  });
});
