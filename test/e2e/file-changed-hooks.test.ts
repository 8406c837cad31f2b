// End-to-end: FileChanged hooks in a live session (stream-json input keeps it running): the files a
// matcher names in the shell's folder and a path SessionStart asked to watch; a bash + jq script in
// Claude Code's shape logs each event and loads .envrc through CLAUDE_ENV_FILE for later Bash calls.
// ConfigChange hooks hear of settings files created or edited during the session. The test edits the
// files itself (another editor) and waits for the hooks' logs, never for a time.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { envWithClaudeSettings } from "../support/cli.js";
import { hasJq } from "../support/programs.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";
import { startStreamCli } from "../support/stream-cli.js";

const SCRIPT = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks", "file-changed.sh");

/** The hook's log, once it has `count` lines (polled: the watcher waits for the file to be quiet). */
async function logLines(dir: string, count: number): Promise<string[]> {
  const file = join(dir, "file-events.log");
  for (let attempt = 0; attempt < 600; attempt++) {
    const lines = existsSync(file) ? readFileSync(file, "utf8").trim().split("\n") : [];
    if (lines.length >= count) return lines;
    await sleep(100);
  }
  throw new Error(`the FileChanged hook logged fewer than ${count} events`);
}

test("FileChanged: named files and watchPaths fire add / change / unlink; .envrc loads into later Bash calls", {
  skip: hasJq ? false : "jq is not installed (.ci/run installs it)",
}, async () => {
  const server = await serveScoped([
    { text: "ready" },
    { tool_calls: [{ id: "toolu_env", name: "Bash", input: { command: 'echo "[$STAGE]"' } }] },
    { text: "done" },
  ]);
  const space = scopedWorkspace({ "README.md": "# demo\n", "conf/app.json": "{}\n" });
  const hook = [{ hooks: [{ type: "command", command: SCRIPT }] }];
  const env = envWithClaudeSettings(
    { hooks: { SessionStart: hook, FileChanged: [{ matcher: ".envrc|app.json", hooks: hook[0]!.hooks }] } },
    server,
  );
  const cli = startStreamCli(["--allowedTools", "Bash"], { cwd: space.dir, env });
  try {
    cli.user("hello");
    await cli.waitFor((line) => line.type === "result", "the first result");
    writeFileSync(join(space.dir, ".envrc"), "export STAGE=$'second stage'\n");
    assert.deepEqual(await logLines(space.dir, 1), ["add .envrc"]);
    // conf/app.json is watched because SessionStart asked (watchPaths); notes.txt is not named.
    writeFileSync(join(space.dir, "conf", "app.json"), '{ "changed": true }\n');
    writeFileSync(join(space.dir, "notes.txt"), "not watched\n");
    assert.deepEqual(await logLines(space.dir, 2), ["add .envrc", "change conf/app.json"]);
    cli.user("show the stage");
    await cli.waitFor((line) => line.type === "result" && line.result === "done", "the second result");
    const toolResult = JSON.stringify(
      (server.requests.at(-1)!.body as { messages: unknown[] }).messages.at(-1),
    );
    assert.match(toolResult, /\[second stage\]/);
    rmSync(join(space.dir, ".envrc"));
    assert.deepEqual(await logLines(space.dir, 3), ["add .envrc", "change conf/app.json", "unlink .envrc"]);
  } finally {
    cli.end();
    await cli.exit;
  }
});

test("ConfigChange: a settings file created or edited during the session fires with its source", {
  skip: hasJq ? false : "jq is not installed (.ci/run installs it)",
}, async () => {
  const server = await serveScoped([{ text: "ready" }]);
  const space = scopedWorkspace({ "README.md": "# demo\n" });
  const log = join(space.dir, "config-events.log");
  const audit = [{ hooks: [{ type: "command", command: `jq -r '"\\(.source) \\(.file_path)"' >> ${log}` }] }];
  const env = envWithClaudeSettings({ hooks: { ConfigChange: audit } }, server);
  const cli = startStreamCli([], { cwd: space.dir, env });
  const lines = async (count: number) => {
    for (let attempt = 0; attempt < 600; attempt++) {
      const text = existsSync(log) ? readFileSync(log, "utf8").trim() : "";
      if (text.split("\n").filter(Boolean).length >= count) return text.split("\n");
      await sleep(100);
    }
    throw new Error(`fewer than ${count} ConfigChange events`);
  };
  try {
    cli.user("hello");
    await cli.waitFor((line) => line.type === "result", "the first result");
    mkdirSync(join(space.dir, ".claude"), { recursive: true });
    writeFileSync(
      join(space.dir, ".claude", "settings.local.json"),
      '{ "permissions": { "allow": ["Bash(ls)"] } }\n',
    );
    assert.deepEqual(await lines(1), [`local_settings ${join(space.dir, ".claude", "settings.local.json")}`]);
    const user = join(env.HOME, ".claude", "settings.json");
    writeFileSync(user, readFileSync(user, "utf8"));
    assert.deepEqual((await lines(2))[1], `user_settings ${user}`);
  } finally {
    cli.end();
    await cli.exit;
  }
});
