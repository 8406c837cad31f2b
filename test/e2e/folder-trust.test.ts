// End-to-end: folder trust through the built CLI with a temp HOME — the interactive start asks before
// anything of the folder runs (tmux), "no" starts without it and asks again next time, "yes" is
// remembered until the configuration changes; headless runs apply it unless --require-trust or the
// user setting requireTrust refuse it (exit 2) until `reagent trust`.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { loadAgentDefinitions } from "../../src/app/agent-definitions.js";
import { BIN, cleanEnv, runCli } from "../support/cli.js";
import { createWorkspace, type Workspace } from "../support/workspace.js";
import { hasTmux, startTmux, type TmuxSession } from "../ui/repl/tmux.js";

const skip = hasTmux
  ? false
  : "tmux is not installed (apt-get install -y tmux) — the trust dialog test is skipped";
const cleanups: Array<() => unknown> = [];
after(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

function folder(settings: unknown, extra: Record<string, string> = {}): Workspace {
  const space = createWorkspace({
    ".claude/settings.json": JSON.stringify(settings),
    "script.json": JSON.stringify([{ text: "hello" }, { text: "again" }, { text: "more" }]),
    ...extra,
  });
  cleanups.push(() => space.cleanup());
  return space;
}

const startHook = (marker: string) => ({
  hooks: { SessionStart: [{ hooks: [{ type: "command", command: `touch ${marker}` }] }] },
  permissions: { allow: ["Bash(*)"] },
});

test("headless runs trust like claude -p; --require-trust refuses until `reagent trust`, and again after a change", async () => {
  const space = folder(startHook("started"), {
    ".mcp.json": JSON.stringify({ mcpServers: { db: { command: "db-mcp", args: ["--port", "5"] } } }),
  });
  // The .mcp.json server would fail to start; only the trust check is under test here.
  rmSync(join(space.dir, ".mcp.json"));
  const env = cleanEnv();
  const args = ["--model", "scripted:script.json", "-p", "hi"];
  const plain = await runCli(args, { cwd: space.dir, env });
  assert.equal(plain.code, 0, plain.stderr);
  assert.ok(existsSync(join(space.dir, "started")), "-p applies the folder's hooks");
  rmSync(join(space.dir, "started"));

  const refused = await runCli([...args, "--require-trust"], { cwd: space.dir, env });
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /this folder's configuration can run commands or widen permissions:/);
  assert.match(refused.stderr, /\.claude\/settings\.json\s+SessionStart hook: touch started/);
  assert.match(refused.stderr, /\.claude\/settings\.json\s+allow rule Bash\(\*\)/);
  assert.match(refused.stderr, /Refused: trust is required \(--require-trust\)\. .*run `reagent trust` in /);
  assert.equal(refused.stdout, "");
  assert.equal(existsSync(join(space.dir, "started")), false, "nothing of the folder ran");

  const trusted = await runCli(["trust"], { cwd: space.dir, env });
  assert.equal(trusted.code, 0, trusted.stderr);
  assert.match(trusted.stdout, /^Trusted .* \(2 items; asked again when they change\):\n/);
  const file = JSON.parse(readFileSync(join(env.HOME, ".agents", "trusted-folders.json"), "utf8"));
  assert.equal(Object.keys(file.folders).length, 1);
  const allowed = await runCli([...args, "--require-trust"], { cwd: space.dir, env });
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.ok(existsSync(join(space.dir, "started")));

  writeFileSync(join(space.dir, ".claude", "settings.json"), JSON.stringify(startHook("changed-hook")));
  const changed = await runCli([...args, "--require-trust"], { cwd: space.dir, env });
  assert.equal(changed.code, 2);
  assert.match(changed.stderr, /changed since you trusted it \(\d{4}-\d\d-\d\d\)/);
  assert.match(changed.stderr, /SessionStart hook: touch changed-hook/);

  const revoked = await runCli(["trust", "--revoke"], { cwd: space.dir, env });
  assert.equal(revoked.code, 0);
  const empty = JSON.parse(readFileSync(join(env.HOME, ".agents", "trusted-folders.json"), "utf8"));
  assert.deepEqual(empty.folders, {});
});

test("requireTrust counts in user settings only; a folder with nothing to trust always runs", async () => {
  const space = folder({
    requireTrust: false,
    hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] },
  });
  const env = cleanEnv();
  mkdirSync(join(env.HOME, ".claude"), { recursive: true });
  writeFileSync(join(env.HOME, ".claude", "settings.json"), JSON.stringify({ requireTrust: true }));
  const args = ["--model", "scripted:script.json", "-p", "hi"];
  const refused = await runCli(args, { cwd: space.dir, env });
  assert.equal(refused.code, 2, "the folder cannot opt itself out");
  assert.match(refused.stderr, /"requireTrust" in your settings/);
  assert.match(refused.stderr, /Stop hook: true/);
  const plainFolder = createWorkspace({ "script.json": JSON.stringify([{ text: "fine" }]) });
  cleanups.push(() => plainFolder.cleanup());
  const fine = await runCli(args, { cwd: plainFolder.dir, env });
  assert.equal(fine.code, 0, fine.stderr);
  assert.equal(fine.stdout, "fine\n");
});

test("requireTrust given by --settings refuses an untrusted folder too (the flag layer counts, as user settings do)", async () => {
  const space = folder({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } });
  const env = cleanEnv();
  const args = ["--model", "scripted:script.json", "-p", "hi"];
  const refused = await runCli([...args, "--settings", JSON.stringify({ requireTrust: true })], {
    cwd: space.dir,
    env,
  });
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /"requireTrust" in your settings/);
  assert.match(refused.stderr, /Stop hook: true/);
  assert.equal(refused.stdout, "");
  const plain = await runCli(args, { cwd: space.dir, env });
  assert.equal(plain.code, 0, plain.stderr);
});

test("an agent file's own hooks are part of what is trusted; an untrusted folder's hooked agent is not used", async () => {
  const guarded =
    "---\nname: guarded\ndescription: Runs commands carefully\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: touch agent-hook-ran\n---\nYou are careful.\n";
  const space = createWorkspace({
    ".claude/agents/guarded.md": guarded,
    ".claude/agents/plain.md": "---\nname: plain\ndescription: Plain\n---\nYou are plain.\n",
    "script.json": JSON.stringify([{ text: "hello" }]),
  });
  cleanups.push(() => space.cleanup());
  const env = cleanEnv();
  const args = ["--model", "scripted:script.json", "-p", "hi", "--require-trust"];
  const refused = await runCli(args, { cwd: space.dir, env });
  assert.equal(refused.code, 2);
  assert.match(
    refused.stderr,
    /\.claude\/agents\/guarded\.md\s+agent guarded: PreToolUse hook \[Bash\]: touch agent-hook-ran/,
  );
  assert.doesNotMatch(refused.stderr, /agent plain/);
  const trusted = await runCli(["trust"], { cwd: space.dir, env });
  assert.equal(trusted.code, 0, trusted.stderr);
  const allowed = await runCli(args, { cwd: space.dir, env });
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.equal(allowed.stdout, "hello\n");
  // Not trusted (the interactive "no"): the agent with hooks is left out, the others stay.
  const withheld = await loadAgentDefinitions({ cwd: space.dir, homeDir: env.HOME, folderWithheld: true });
  assert.deepEqual(
    withheld.agents.filter((agent) => agent.source === "project").map((agent) => agent.name),
    ["plain"],
  );
  assert.ok(
    withheld.warnings.some((line) =>
      /Agent skipped: .*guarded\.md has its own hooks, and this folder's configuration is not trusted/.test(
        line,
      ),
    ),
    withheld.warnings.join("\n"),
  );
  const applied = await loadAgentDefinitions({ cwd: space.dir, homeDir: env.HOME });
  assert.ok(applied.hookConfigs.has("guarded"));
});

async function start(dir: string, env: Record<string, string>): Promise<TmuxSession> {
  const tmux = startTmux({
    command: [process.execPath, BIN, "--model", "scripted:script.json"],
    cwd: dir,
    env: { ...env, TERM: "xterm-256color" },
  });
  cleanups.push(() => tmux.kill());
  return tmux;
}

async function quit(tmux: TmuxSession): Promise<void> {
  tmux.keys("C-d");
  await tmux.waitFor((screen) => !screen.includes("Type a message"), "exit");
  tmux.kill();
}

test("interactive: asked before anything runs; no starts without it and asks again; yes is remembered until it changes", {
  skip,
}, async () => {
  const space = folder(startHook("session-started"));
  const env = cleanEnv();
  const marker = join(space.dir, "session-started");

  let tmux = await start(space.dir, env);
  let screen = await tmux.waitFor((text) => text.includes("Trust it?"), "the trust question");
  assert.match(screen, /this folder's configuration can run commands or widen permissions:/);
  assert.match(screen, /SessionStart hook: touch session-started/);
  assert.equal(existsSync(marker), false, "nothing ran before the answer");
  tmux.type("n");
  tmux.keys("Enter");
  await tmux.waitFor(
    (text) => text.includes("Type a message") && /not used in\s+this session/.test(text),
    "the REPL, saying the folder's configuration is not used",
  );
  assert.equal(existsSync(marker), false, "the SessionStart hook did not run");
  await quit(tmux);

  tmux = await start(space.dir, env);
  await tmux.waitFor((text) => text.includes("Trust it?"), "asked again after a no");
  tmux.type("y");
  tmux.keys("Enter");
  await tmux.waitFor((text) => text.includes("Type a message"), "the REPL");
  await tmux.waitFor(() => existsSync(marker), "the SessionStart hook ran");
  await quit(tmux);
  rmSync(marker);

  tmux = await start(space.dir, env);
  screen = await tmux.waitFor((text) => text.includes("Type a message"), "the REPL without a question");
  assert.doesNotMatch(screen, /Trust it\?/);
  await tmux.waitFor(() => existsSync(marker), "the hook runs again");
  await quit(tmux);

  writeFileSync(join(space.dir, ".claude", "settings.json"), JSON.stringify(startHook("other-marker")));
  tmux = await start(space.dir, env);
  screen = await tmux.waitFor((text) => text.includes("Trust it?"), "asked again after a change");
  assert.match(screen, /changed since you trusted it/);
  tmux.type("q");
  tmux.keys("Enter");
  await tmux.waitFor((text) => text.includes("not started"), "quit");
});
