// End-to-end: the statusLine setting in the built CLI's REPL (tmux, the wire-level fake model server).
// A script in the published bash + jq shape reads the payload and its line replaces the built-in status
// line, updated after a turn and on changes (output style, model, permission mode, which stays visible); a
// failing command brings back the built-in line with a notice; a folder's command does not run until
// the folder is trusted.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { after, test } from "node:test";
import { BIN, cleanEnv } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { openRepl, sendLine, skipWithoutTmux } from "../support/repl-pty.js";
import { createWorkspace } from "../support/workspace.js";
import { startTmux } from "../ui/repl/tmux.js";

const skip = skipWithoutTmux;
const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// The shape Claude Code's documentation publishes: read stdin once, pick fields with jq, print a line.
const SCRIPT = [
  "#!/bin/bash",
  "input=$(cat)",
  `model=$(echo "$input" | jq -r '.model.display_name')`,
  `dir=$(echo "$input" | jq -r '.workspace.current_dir')`,
  `style=$(echo "$input" | jq -r '.output_style.name')`,
  `out=$(echo "$input" | jq -r '.context_window.total_output_tokens')`,
  "touch .status-ran",
  `printf '\\033[35mSL\\033[0m %s in %s style=%s out=%s\\n' "$model" "\${dir##*/}" "$style" "$out"`,
].join("\n");

const statusSettings = (command: string) =>
  JSON.stringify({ statusLine: { type: "command", command, padding: 1 } });

test("the script's line replaces the status line and follows turns, the style and the mode", {
  skip,
}, async () => {
  const { tmux, dir } = await openRepl(cleanups, [{ text: "the answer" }], {
    files: {
      ".claude/settings.json": statusSettings("bash .claude/statusline.sh"),
      ".claude/statusline.sh": SCRIPT,
    },
    args: ["--model", "claude-sonnet-4-5"],
  });
  const name = basename(dir);
  const first = await tmux.waitFor(
    (screen) => screen.includes(`SL Sonnet 4.5 in ${name} style=default out=0`),
    "the script's line",
  );
  assert.doesNotMatch(first, /\/help for commands/, "the built-in line is replaced");
  assert.ok(
    tmux.bytes().includes(Buffer.from("\u001b[35mSL\u001b[39m")) ||
      tmux.bytes().includes(Buffer.from("\u001b[35mSL")),
    "its colours are kept",
  );
  await sendLine(tmux, "hello");
  await tmux.waitFor(
    (screen) => screen.includes("the answer") && /SL Sonnet 4\.5 .* out=[1-9]/.test(screen),
    "updated after the turn",
  );
  await sendLine(tmux, "/output-style Explanatory");
  await tmux.waitFor((screen) => screen.includes("style=Explanatory"), "updated on a style switch");
  await sendLine(tmux, "/model claude-opus-4-5");
  await tmux.waitFor((screen) => screen.includes("SL Opus 4.5 in"), "updated on a model switch");
  tmux.keys("BTab");
  const moded = await tmux.waitFor((screen) => screen.includes("⏵⏵ accept edits"), "the mode after the line");
  assert.match(moded, /SL Opus 4\.5 .*style=Explanatory.* · ⏵⏵ accept edits/);
});

test("a failing command falls back to the built-in line with a notice", { skip }, async () => {
  const { tmux } = await openRepl(cleanups, [{ text: "ok" }], {
    args: ["--settings", statusSettings("echo broken >&2; exit 4")],
  });
  const screen = await tmux.waitFor(
    (text) => text.includes("status line command exited with code 4 (broken)"),
    "the notice",
  );
  assert.match(screen, /\/help for commands/, "the built-in status line");
});

test("a folder's statusLine does not run until the folder is trusted", { skip }, async () => {
  const server = await startFakeModelServer([{ text: "ok" }]);
  const space = createWorkspace({
    ".claude/settings.json": statusSettings("bash .claude/statusline.sh"),
    ".claude/statusline.sh": SCRIPT,
  });
  const env = cleanEnv({
    ANTHROPIC_API_KEY: "x",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    TERM: "xterm-256color",
  });
  const tmux = startTmux({ command: [process.execPath, BIN], cwd: space.dir, env });
  cleanups.push(
    () => server.close(),
    () => space.cleanup(),
    () => tmux.kill(),
  );
  const asked = await tmux.waitFor((screen) => screen.includes("Trust it?"), "the trust question");
  assert.match(asked, /statusLine command: bash \.claude\/statusline\.sh/);
  tmux.type("n");
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("/help for commands"), "the built-in line");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  assert.equal(existsSync(join(space.dir, ".status-ran")), false, "the script never ran");
  assert.doesNotMatch(tmux.screen(), /SL /);
});
