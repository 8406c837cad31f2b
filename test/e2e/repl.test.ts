// End-to-end: the interactive REPL of the built CLI in a real pseudo-terminal (tmux) against the
// wire-level fake model server. Skipped with a message when tmux is not installed.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { DIALOG_TIMING } from "../../src/ui/repl/use-dialog.js";
import { BIN, cleanEnv, runCli } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { openRepl, pause, sendLine, skipWithoutTmux } from "../support/repl-pty.js";
import { createWorkspace } from "../support/workspace.js";
import { startTmux } from "../ui/repl/tmux.js";

const skip = skipWithoutTmux;
const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const open = (script: Script, files: Record<string, string> = {}) => openRepl(cleanups, script, { files });
const send = sendLine;

test("a prompt streams markdown; /clear starts a fresh conversation", { skip }, async () => {
  const { tmux, server } = await open([
    { text: "# Plan\n\nUse **bold** moves and `npm test`.\n\n- first\n- second" },
    { text: "fresh answer" },
  ]);
  await send(tmux, "hello there");
  const screen = await tmux.waitFor((text) => text.includes("• second"), "rendered markdown");
  assert.match(screen, /> hello there/);
  assert.match(screen, /Use bold moves and `npm test`\./);
  assert.doesNotMatch(screen, /\*\*bold\*\*/);
  await send(tmux, "/clear");
  await tmux.waitFor((text) => text.includes("Started a fresh conversation."), "/clear");
  await send(tmux, "again");
  await tmux.waitFor((text) => text.includes("fresh answer"), "the answer after /clear");
  const body = server.requests.at(-1)?.body as { messages: unknown[] };
  assert.equal(body.messages.length, 1, "the conversation after /clear starts empty");
});

test("the permission dialog is answered by keys; 'always' persists the rule", { skip }, async () => {
  const { tmux, dir } = await open([
    { tool_calls: [{ name: "Write", input: { file_path: "one.txt", content: "1\n" } }] },
    { tool_calls: [{ name: "Bash", input: { command: "npm run build" } }] },
    { text: "both done" },
  ]);
  await send(tmux, "write and build");
  const typedAt = Date.now();
  await tmux.waitFor(
    (text) => text.includes("Do you want to proceed?") && text.includes("one.txt"),
    "the Write dialog",
  );
  // Type-ahead protection: a new dialog leaves keys to the prompt for its first 300 ms, and digits
  // too while the user is typing (a letter less than 800 ms ago). A fast reply opens the dialog
  // within that pause after the prompt was typed.
  const { guardMs, typingPauseMs } = DIALOG_TIMING;
  await pause(Math.max(guardMs + 100, typedAt + typingPauseMs + 200 - Date.now()));
  tmux.keys("1");
  await tmux.waitFor((text) => text.includes("$ npm run build"), "the Bash dialog");
  await new Promise((resolve) => setTimeout(resolve, 400));
  tmux.keys("3");
  await tmux.waitFor((text) => /❯ 3\. Yes, always allow/.test(text), "always selected");
  tmux.keys("Enter");
  await tmux.waitFor((text) => text.includes("both done"), "the final answer");
  assert.equal(readFileSync(join(dir, "one.txt"), "utf8"), "1\n");
  const local = join(dir, ".agents", "settings.local.json");
  assert.ok(existsSync(local), "settings.local.json was written");
  assert.match(readFileSync(local, "utf8"), /Bash\(npm run build/);
});

test("Ctrl+C and Esc mid-turn interrupt, then another prompt works", { skip }, async () => {
  const { tmux } = await open([
    { text: `${"slow words ".repeat(200)}`, fault: { chunk_delay_ms: 200 } },
    { text: "second reply" },
    { text: `${"more slow words ".repeat(200)}`, fault: { chunk_delay_ms: 200 } },
    { text: "fourth reply" },
  ]);
  const interruptions = (text: string) => text.split("Interrupted").length - 1;
  await send(tmux, "talk slowly");
  await tmux.waitFor((text) => text.includes("Working…"), "the spinner");
  tmux.keys("C-c");
  await tmux.waitFor((text) => interruptions(text) === 1, "the interruption");
  await send(tmux, "next");
  await tmux.waitFor((text) => text.includes("second reply"), "the next turn");
  await send(tmux, "talk slowly again");
  await tmux.waitFor((text) => text.includes("Working…"), "the second spinner");
  tmux.keys("Escape");
  await tmux.waitFor((text) => interruptions(text) === 2, "the interruption by Esc");
  await send(tmux, "last");
  await tmux.waitFor((text) => text.includes("fourth reply"), "the turn after Esc");
});

test("a skill slash command and an MCP prompt slash command submit their prompts", { skip }, async () => {
  const fixture = join(import.meta.dirname, "..", "fixtures", "mcp", "good-server.ts");
  const mcp = {
    mcpServers: {
      fx: { command: process.execPath, args: ["--import", import.meta.resolve("tsx"), fixture] },
    },
  };
  const { tmux, server } = await open([{ text: "skill ran" }, { text: "prompt ran" }], {
    ".agents/skills/greet/SKILL.md":
      "---\nname: greet\ndescription: Greets someone\n---\nGreet the person warmly.\n",
    ".mcp.json": JSON.stringify(mcp),
  });
  await send(tmux, "/greet Ada");
  await tmux.waitFor((text) => text.includes("skill ran"), "the skill turn");
  const messages = () => JSON.stringify((server.requests.at(-1)!.body as { messages: unknown }).messages);
  assert.match(messages(), /\/greet Ada\\n\\n<skill name=\\"greet\\">/);
  assert.match(messages(), /Greet the person warmly\.\\n\\nARGUMENTS: Ada/);
  await send(tmux, '/fx:review "src/a b.ts" focus=tests');
  await tmux.waitFor((text) => text.includes("prompt ran"), "the MCP prompt turn");
  assert.match(messages(), /Review src\/a b\.ts focusing on tests\./);
});

test("--continue opens the REPL with the earlier -p conversation on screen", { skip }, async () => {
  const space = createWorkspace({
    "first.json": JSON.stringify([
      { tool_calls: [{ name: "Read", input: { file_path: "notes.txt" } }] },
      { text: "The notes say **42**." },
    ]),
    "second.json": JSON.stringify([{ text: "still 42" }]),
    "notes.txt": "42\n",
  });
  const env = cleanEnv({ TERM: "xterm-256color" });
  cleanups.push(() => space.cleanup());
  const first = await runCli(["-p", "what do the notes say?", "--model", "scripted:first.json"], {
    cwd: space.dir,
    env,
  });
  assert.equal(first.code, 0, first.stderr);
  const tmux = startTmux({
    command: [process.execPath, BIN, "--continue", "--model", "scripted:second.json"],
    cwd: space.dir,
    env,
  });
  cleanups.push(() => tmux.kill());
  // The notice is printed once start-up hooks ran, just after the first frame.
  const screen = await tmux.waitFor(
    (text) => text.includes("Type a message") && text.includes("resumed session"),
    "the prompt and the resume notice",
  );
  assert.match(screen, /> what do the notes say\?/);
  assert.match(screen, /✓ Read\(notes\.txt\)/);
  assert.match(screen, /The notes say 42\./);
  assert.match(screen, /resumed session/);
  await send(tmux, "and now?");
  await tmux.waitFor((text) => text.includes("still 42"), "the answer of the resumed session");
});

test('a prompt given on the command line is sent first, like claude "prompt"', { skip }, async () => {
  const server = await startFakeModelServer([{ text: "answer to the argument" }]);
  const space = createWorkspace();
  const env = cleanEnv({
    ANTHROPIC_API_KEY: "x",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    TERM: "xterm-256color",
  });
  const tmux = startTmux({ command: [process.execPath, BIN, "summarise the repo"], cwd: space.dir, env });
  cleanups.push(
    () => server.close(),
    () => space.cleanup(),
    () => tmux.kill(),
  );
  const screen = await tmux.waitFor((text) => text.includes("answer to the argument"), "the answer");
  assert.match(screen, /> summarise the repo/);
  assert.match(JSON.stringify(server.requests[0]?.body), /summarise the repo/);
});
