// End-to-end: `reagent plugin …` through the built CLI — a local marketplace added and a plugin
// installed, listed, disabled, enabled and uninstalled (the settings keys Claude Code writes, in the
// scope's file), and a git marketplace from a local bare repository made with real git: cloned into
// the plugin cache, its plugin's guard blocking `rm -rf`, the cached copy used with a warning once
// the remote is gone; the same git marketplace named only in settings is cloned at start.
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { commitAll, git } from "../support/git.js";
import { writeMarketplace } from "../support/plugin-fixture.js";
import { scopedWorkspace } from "../support/scoped.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

const RM = JSON.stringify([
  { tool_calls: [{ id: "b1", name: "Bash", input: { command: "rm -rf build" } }] },
  { text: "done" },
]);

function setup() {
  const project = scopedWorkspace({ "script.json": RM });
  const env = cleanEnv();
  const run = (...args: string[]) => runCli(args, { cwd: project.dir, env, timeoutMs: 120_000 });
  const userSettings = () => JSON.parse(readFileSync(join(env.HOME, ".claude", "settings.json"), "utf8"));
  /** A headless run whose model tries `rm -rf build`; the denial reasons. */
  const guarded = async () => {
    const result = await run("--model", "scripted:script.json", "-p", "x", "--output-format", "json");
    assert.equal(result.code, 0, result.stderr);
    return { denials: JSON.stringify(JSON.parse(result.stdout).permission_denials), stderr: result.stderr };
  };
  return { project, env, run, userSettings, guarded };
}

test("plugin marketplace add / install / list / disable / enable / uninstall write Claude Code's keys", async () => {
  const { run, userSettings, guarded, project } = setup();
  const market = writeMarketplace(tempFolder("market"));
  const added = await run("plugin", "marketplace", "add", market);
  assert.equal(added.code, 0, added.stderr);
  assert.match(added.stdout, /Added marketplace market \(directory .*, 1 plugins\)/);
  assert.deepEqual(userSettings().extraKnownMarketplaces, {
    market: { source: { source: "directory", path: market } },
  });
  const markets = await run("plugin", "marketplace", "list");
  assert.match(markets.stdout, /market {2}directory .*\n {4}kit/);
  const installed = await run("plugin", "install", "kit");
  assert.equal(installed.code, 0, installed.stderr);
  assert.match(installed.stdout, /Installed kit@market/);
  assert.deepEqual(userSettings().enabledPlugins, { "kit@market": true });
  const listed = await run("plugin", "list");
  assert.match(
    listed.stdout,
    /kit@market 1\.2\.0 {2}\(user: ~\/\.claude\/settings\.json\)\n.*plugins\/kit\n {4}commands, agents, skills, hooks, MCP servers \(1\)/,
  );
  assert.match((await guarded()).denials, /kit guard: rm -rf is blocked/);

  assert.equal((await run("plugin", "disable", "kit@market")).code, 0);
  assert.deepEqual(userSettings().enabledPlugins, { "kit@market": false });
  assert.match((await run("plugin", "list")).stdout, /no plugins loaded[\s\S]*kit@market {2}\(disabled\)/);
  assert.doesNotMatch((await run("hooks", "list")).stdout, /guard\.py/);
  assert.doesNotMatch((await guarded()).denials, /kit guard/);
  assert.equal((await run("plugin", "enable", "kit@market")).code, 0);
  assert.match((await guarded()).denials, /kit guard/);

  // Project scope goes to the project's shared settings file.
  const shared = await run("plugin", "install", "kit@market", "--scope", "project");
  assert.equal(shared.code, 0, shared.stderr);
  const projectFile = join(project.dir, ".claude", "settings.json");
  assert.deepEqual(JSON.parse(readFileSync(projectFile, "utf8")).enabledPlugins, { "kit@market": true });
  const removed = await run("plugin", "uninstall", "kit@market");
  assert.equal(removed.code, 0, removed.stderr);
  assert.deepEqual(userSettings().enabledPlugins, {});
  assert.deepEqual(JSON.parse(readFileSync(projectFile, "utf8")).enabledPlugins, {});
  assert.doesNotMatch((await guarded()).denials, /kit guard/);

  const unknown = await run("plugin", "install", "nope@market");
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /no known marketplace lists a plugin "nope"/);
  const noMarket = await run("plugin", "install", "kit@elsewhere");
  assert.match(noMarket.stderr, /marketplace elsewhere is not known/);
  assert.equal((await run("plugin", "marketplace", "remove", "market")).code, 0);
  assert.equal(userSettings().extraKnownMarketplaces.market, undefined);
  const scope = await run("plugin", "install", "kit", "--scope", "team");
  assert.equal(scope.code, 2);
  assert.match(scope.stderr, /--scope team: use user, project or local/);
});

/** A bare repository holding the marketplace, made with real git. */
function bareMarketplace(): string {
  const work = writeMarketplace(tempFolder("market-work"));
  commitAll(work);
  const bare = join(tempFolder("remote"), "market.git");
  git(work, "clone", "-q", "--bare", work, bare);
  return bare;
}

test("a git marketplace is cloned into the plugin cache; offline, the cached copy is used with a warning", async () => {
  const { run, env, userSettings, guarded } = setup();
  const bare = bareMarketplace();
  const added = await run("plugin", "marketplace", "add", bare);
  assert.equal(added.code, 0, added.stderr);
  assert.deepEqual(userSettings().extraKnownMarketplaces.market, { source: { source: "git", url: bare } });
  const cache = join(env.HOME, ".agents", "plugins", "marketplaces", "market");
  assert.ok(existsSync(join(cache, ".claude-plugin", "marketplace.json")), "cloned into the cache");
  assert.equal((await run("plugin", "install", "kit@market")).code, 0);
  assert.match((await guarded()).denials, /kit guard: rm -rf is blocked/);
  rmSync(bare, { recursive: true, force: true });
  const update = await run("plugin", "marketplace", "update");
  assert.equal(update.code, 0, update.stderr);
  assert.match(update.stderr, /could not refresh .*market\.git .*using the cached copy/);
  assert.match((await guarded()).denials, /kit guard/);
});

test("a git marketplace named only in settings is cloned at start; a clone that fails is reported", async () => {
  const { env, guarded } = setup();
  const bare = bareMarketplace();
  writeTree(env.HOME, {
    ".claude/settings.json": JSON.stringify({
      extraKnownMarketplaces: {
        market: { source: { source: "git", url: bare } },
        gone: { source: { source: "git", url: join(tempFolder("none"), "gone.git") } },
      },
      enabledPlugins: { "kit@market": true, "other@gone": true },
    }),
  });
  const first = await guarded();
  assert.match(first.denials, /kit guard: rm -rf is blocked/);
  assert.match(first.stderr, /plugin other@gone .*git clone .*gone\.git failed/);
});
