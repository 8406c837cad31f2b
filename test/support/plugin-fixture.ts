// A plugin with one of each component, written where a test wants it: a command, an agent, a skill,
// a PreToolUse guard in hookify's shape (python3 reading the payload, refusing `rm -rf` with a
// hookSpecificOutput deny) that also records its CLAUDE_PLUGIN_ROOT, and an MCP stdio server (the
// fixture good server) started through ${CLAUDE_PLUGIN_ROOT}. Plus a marketplace listing it.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { writeTree } from "./temp-folder.js";

const tsxLoader = import.meta.resolve("tsx");
const ROOT = "$" + "{CLAUDE_PLUGIN_ROOT}";
const goodServer = pathToFileURL(
  resolve(import.meta.dirname, "..", "fixtures", "mcp", "good-server.ts"),
).href;

const GUARD = `import json, os, sys
payload = json.load(sys.stdin)
with open(os.path.join(payload["cwd"], "plugin-root.txt"), "w") as out:
    out.write(os.environ.get("CLAUDE_PLUGIN_ROOT", ""))
command = payload.get("tool_input", {}).get("command", "")
if "rm -rf" in command:
    print(json.dumps({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "kit guard: rm -rf is blocked",
        },
        "systemMessage": "kit guard: rm -rf is blocked",
    }))
sys.exit(0)
`;

export function pluginFiles(name = "kit"): Record<string, string> {
  return {
    ".claude-plugin/plugin.json": JSON.stringify({
      name,
      version: "1.2.0",
      description: `The ${name} plugin`,
    }),
    "commands/greet.md": "---\ndescription: Greets someone\n---\nSay KIT-GREETING to $ARGUMENTS.\n",
    "agents/checker.md":
      "---\nname: checker\ndescription: Checks things\ntools: Read\n---\nYou are the KIT CHECKER agent.\n",
    "output-styles/terse.md":
      "---\ndescription: Short answers\nkeep-coding-instructions: true\n---\nKIT-STYLE: answer in one line.\n",
    "skills/tidy/SKILL.md": "---\nname: tidy\ndescription: Tidies code\n---\nKIT-SKILL: tidy the code.\n",
    "hooks/hooks.json": JSON.stringify({
      description: "kit guard",
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: `python3 ${ROOT}/hooks/guard.py`, timeout: 30 }],
          },
        ],
      },
    }),
    "hooks/guard.py": GUARD,
    "server.mjs": `await import(${JSON.stringify(goodServer)});\n`,
    ".mcp.json": JSON.stringify({
      mcpServers: {
        tools: {
          command: process.execPath,
          args: ["--import", tsxLoader, `${ROOT}/server.mjs`],
        },
      },
    }),
  };
}

/** `dir/<name>/…` is the plugin; returns its folder. */
export function writePlugin(dir: string, name = "kit"): string {
  writeTree(join(dir, name), pluginFiles(name));
  return join(dir, name);
}

/** A marketplace `market` in `dir` whose `plugins/kit` is the plugin (plus a broken one when asked). */
export function writeMarketplace(dir: string, options: { name?: string; broken?: boolean } = {}): string {
  const plugins = [{ name: "kit", source: "./plugins/kit", description: "one of each" }];
  if (options.broken) plugins.push({ name: "broken", source: "./plugins/broken", description: "bad JSON" });
  writeTree(dir, {
    ".claude-plugin/marketplace.json": JSON.stringify({
      name: options.name ?? "market",
      owner: { name: "t" },
      plugins,
    }),
    ...(options.broken ? { "plugins/broken/.claude-plugin/plugin.json": "{ not json" } : {}),
  });
  writePlugin(join(dir, "plugins"));
  return dir;
}
