// The plugins module on real temp folders: a plugin's manifest and components (extra paths, inline
// hooks and servers, ${CLAUDE_PLUGIN_ROOT}), each way a plugin is broken (named with its path), and
// the run's set from settings layers (unknown marketplace, unlisted plugin, switched off, bad id,
// metadata.pluginRoot, a name taken by a --plugin-dir plugin).
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { loadPlugin } from "../../src/plugins/load-plugin.js";
import { loadPlugins } from "../../src/plugins/load-plugins.js";
import { parseSourceArgument, readMarketplaceSource } from "../../src/plugins/marketplace-source.js";
import type { PluginLayer } from "../../src/plugins/plugin-settings.js";
import { writePlugin } from "../support/plugin-fixture.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

const ROOT = "$" + "{CLAUDE_PLUGIN_ROOT}";
const load = (root: string) => loadPlugin({ root, scope: "user", marketplace: "m" });

test("a plugin's manifest paths, inline hooks and servers load with the plugin's folder expanded", () => {
  const root = tempFolder("plugin");
  writeTree(root, {
    ".claude-plugin/plugin.json": JSON.stringify({
      name: "extra",
      commands: ["./more-commands"],
      hooks: { hooks: { Stop: [{ hooks: [{ type: "command", command: `${ROOT}/stop.sh` }] }] } },
      mcpServers: { db: { command: `${ROOT}/db`, args: [`--root=${ROOT}`], env: { HOME_OF: ROOT } } },
    }),
    "more-commands/x.md": "x",
  });
  const loaded = load(root);
  assert.ok("plugin" in loaded, JSON.stringify(loaded));
  const { plugin } = loaded;
  assert.equal(plugin.id, "extra@m");
  assert.deepEqual(plugin.commandDirs, [join(root, "more-commands")]);
  assert.deepEqual(plugin.agentDirs, []);
  assert.equal(
    JSON.stringify(plugin.hooks[0]?.data),
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: `${root}/stop.sh` }] }] } }),
  );
  assert.deepEqual(plugin.mcp?.servers, {
    plugin_extra_db: { command: `${root}/db`, args: [`--root=${root}`], env: { HOME_OF: root } },
  });
});

test("without a manifest the folder's name is the plugin's name", () => {
  const root = join(tempFolder("plugins"), "bare-plugin");
  writeTree(root, { "commands/a.md": "a" });
  const loaded = load(root);
  assert.ok("plugin" in loaded);
  assert.equal(loaded.plugin.name, "bare-plugin");
});

test("each broken plugin is a problem naming the file", () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ ".claude-plugin/plugin.json": "{" }, /plugin\.json: invalid JSON/],
    [{ ".claude-plugin/plugin.json": '{"name": "has space"}' }, /plugin\.json: "name" must be/],
    [{ ".claude-plugin/plugin.json": '{"commands": 3}' }, /"commands" must be a path or a list of paths/],
    [
      { ".claude-plugin/plugin.json": '{"hooks": "./nope.json"}' },
      /nope\.json: hooks file named in the manifest not found/,
    ],
    [{ "hooks/hooks.json": "[1]" }, /hooks\.json: expected \{"hooks"/],
    [{ "hooks/hooks.json": '{"hooks": ' }, /hooks\.json: invalid JSON/],
    [{ ".mcp.json": '{"mcpServers": 3}' }, /\.mcp\.json: expected \{"mcpServers"/],
    [
      { ".claude-plugin/plugin.json": '{"mcpServers": "./servers.json"}' },
      /servers\.json: MCP servers file named in the manifest not found/,
    ],
  ];
  for (const [files, problem] of cases) {
    const root = tempFolder("broken");
    writeTree(root, files);
    const loaded = load(root);
    assert.ok("problem" in loaded, `${JSON.stringify(files)} loaded`);
    assert.match(loaded.problem, problem);
    assert.ok(loaded.problem.startsWith(root), loaded.problem);
  }
  const missing = load(join(tempFolder("none"), "gone"));
  assert.ok("problem" in missing);
  assert.match(missing.problem, /gone: plugin folder not found/);
});

test("the run's set: enabled plugins through their marketplaces, every unresolvable one a problem", () => {
  const market = tempFolder("market");
  writeTree(market, {
    ".claude-plugin/marketplace.json": JSON.stringify({
      name: "m",
      metadata: { pluginRoot: "./plugins" },
      plugins: [
        { name: "kit", source: "./kit" },
        { name: "off", source: "./kit" },
      ],
    }),
  });
  writePlugin(join(market, "plugins"));
  const dirPlugin = writePlugin(tempFolder("dir"));
  const layers: PluginLayer[] = [
    {
      source: "~/.claude/settings.json",
      scope: "user",
      data: {
        extraKnownMarketplaces: {
          m: { source: { source: "directory", path: market } },
          bad: { source: { source: "npm" } },
        },
        enabledPlugins: {
          "kit@m": true,
          "off@m": false,
          "missing@m": true,
          "x@nowhere": true,
          "x@bad": true,
          noAt: true,
        },
      },
    },
  ];
  const home = tempFolder("home");
  const set = loadPlugins({
    layers,
    pluginDirs: [dirPlugin],
    cwd: home,
    homeDir: home,
    env: {},
    refresh: false,
  });
  assert.deepEqual(
    set.plugins.map((plugin) => plugin.id),
    ["kit@inline"],
  );
  assert.match(set.notices.join("\n"), /plugin kit@m \(.*plugins\/kit\) is shadowed by kit@inline/);
  const problems = set.problems.join("\n");
  assert.match(problems, /plugin missing@m .*marketplace\.json lists no plugin "missing"/);
  assert.match(problems, /plugin x@nowhere .*marketplace "nowhere" is not known/);
  assert.match(problems, /extraKnownMarketplaces\.bad: source "npm" is not supported/);
  assert.match(problems, /enabledPlugins "noAt": expected "plugin@marketplace"/);
  assert.doesNotMatch(problems, /off@m/);
  const alone = loadPlugins({ layers, pluginDirs: [], cwd: home, homeDir: home, env: {}, refresh: false });
  assert.deepEqual(
    alone.plugins.map((plugin) => [plugin.id, plugin.root]),
    [["kit@m", join(market, "plugins", "kit")]],
  );
});

test("marketplace sources: settings objects and the arguments of marketplace add", () => {
  assert.deepEqual(readMarketplaceSource({ source: { source: "github", repo: "o/r", ref: "v1" } }), {
    source: "github",
    repo: "o/r",
    ref: "v1",
  });
  assert.match(
    String(readMarketplaceSource({ source: { source: "github", repo: "no-slash" } })),
    /owner\/name/,
  );
  assert.match(String(readMarketplaceSource({ source: { source: "directory" } })), /needs a "path"/);
  const cwd = tempFolder("cwd");
  writeTree(cwd, { "m/.claude-plugin/marketplace.json": "{}", "bare.git/HEAD": "ref: refs/heads/main\n" });
  assert.deepEqual(parseSourceArgument("m", cwd), { source: "directory", path: join(cwd, "m") });
  assert.deepEqual(parseSourceArgument("m/.claude-plugin/marketplace.json", cwd), {
    source: "file",
    path: join(cwd, "m", ".claude-plugin", "marketplace.json"),
  });
  assert.deepEqual(parseSourceArgument("bare.git", cwd), { source: "git", url: join(cwd, "bare.git") });
  assert.deepEqual(parseSourceArgument("owner/repo#main", cwd), {
    source: "github",
    repo: "owner/repo",
    ref: "main",
  });
  assert.deepEqual(parseSourceArgument("https://example.test/m.git", cwd), {
    source: "git",
    url: "https://example.test/m.git",
  });
  assert.match(String(parseSourceArgument("no such thing", cwd)), /not a folder, a marketplace\.json/);
});

test("marketplaces Claude Code recorded (~/.claude/plugins/known_marketplaces.json) are found from their installLocation", () => {
  const home = tempFolder("home");
  const clone = join(home, ".claude", "plugins", "marketplaces", "official");
  writeTree(clone, {
    ".claude-plugin/marketplace.json": JSON.stringify({
      name: "official",
      plugins: [{ name: "kit", source: "./kit" }],
    }),
  });
  writePlugin(clone);
  writeTree(home, {
    ".claude/plugins/known_marketplaces.json": JSON.stringify({
      official: { source: { source: "github", repo: "o/official" }, installLocation: clone },
    }),
  });
  const layers: PluginLayer[] = [
    { source: "~/.claude/settings.json", scope: "user", data: { enabledPlugins: { "kit@official": true } } },
  ];
  const set = loadPlugins({ layers, pluginDirs: [], cwd: home, homeDir: home, env: {}, refresh: false });
  assert.deepEqual(set.problems, []);
  assert.deepEqual(
    set.plugins.map((plugin) => [plugin.id, plugin.root]),
    [["kit@official", join(clone, "kit")]],
  );
});
