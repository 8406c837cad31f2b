// The /model, /output-style and /resume pickers (and --resume without an id) in the REPL, against a
// real Session.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, test } from "node:test";
import type { Message } from "../../../src/model/types.js";
import { closeAll, startRepl } from "./harness.js";

afterEach(closeAll);

const ENTER = "\r";
const ESC = "\u001b";
const DOWN = "\u001b[B";

const conversation = (prompt: string, answer: string): Message[] => [
  { role: "user", content: [{ type: "text", text: prompt }] },
  { role: "assistant", content: [{ type: "text", text: answer }] },
];

test("/model opens a picker with the current model marked; Enter switches, Esc leaves it", async () => {
  const repl = await startRepl([]);
  await repl.type("/model");
  repl.press(ENTER);
  const picker = await repl.waitFor((screen) => screen.includes("Switch model"), "the model picker");
  assert.match(picker, /❯ scripted \(current\)/);
  assert.match(picker, /fast {2}fast model/);
  assert.doesNotMatch(picker, /Type a message/, "the picker takes the prompt's place");
  repl.press(DOWN);
  await repl.waitFor((screen) => /❯ fast/.test(screen), "the selection moved");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Model set to fast"), "the switch");
  assert.deepEqual(
    repl.calls.filter((call) => call.startsWith("model")),
    ["model fast"],
  );
  await repl.type("/model");
  repl.press(ENTER);
  await repl.waitFor((screen) => /❯ fast \(current\)/.test(screen), "the new current model");
  await repl.type("sma");
  await repl.waitFor((screen) => /Filter: sma/.test(screen) && /❯ smart/.test(screen), "filtered");
  repl.press(ESC);
  await repl.waitFor((screen) => screen.includes("Type a message"), "the prompt back");
  await repl.type("/model smart");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Model: smart (scripted)"), "the direct switch");
  repl.press("\u0004");
});

test("/resume lists sessions newest first; one in use cannot be picked; choosing replays it", async () => {
  const repl = await startRepl([{ text: "continuing the parser work" }], {
    sessions: [
      {
        id: "aaaa1111-parser",
        firstPrompt: "fix the parser",
        history: conversation("fix the parser", "parser fixed"),
      },
      {
        id: "bbbb2222-docs",
        firstPrompt: "write the docs",
        history: conversation("write the docs", "docs"),
        inUseBy: 4242,
      },
    ],
  });
  await repl.type("/resume");
  repl.press(ENTER);
  const picker = await repl.waitFor((screen) => screen.includes("Resume a session"), "the session picker");
  assert.ok(picker.indexOf("fix the parser") < picker.indexOf("write the docs"), "newest first");
  assert.match(picker, /fix the parser {2}1 h ago · 2 messages · aaaa1111/);
  assert.match(picker, /write the docs {2}2 h ago · 2 messages · bbbb2222 {2}in use by process 4242/);
  repl.press(DOWN);
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("write the docs: in use by process 4242"), "why not");
  await repl.type("pars");
  await repl.waitFor((screen) => /Resume a session \(1 of 2\)/.test(screen), "filtered");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("parser fixed"), "the replayed history");
  assert.deepEqual(
    repl.calls.filter((call) => call.startsWith("resume") || call === "start"),
    ["start", "resume aaaa1111-parser", "start"],
  );
  await repl.type("go on");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("continuing the parser work"), "the answer");
  const sent = JSON.stringify(repl.client.requests.at(-1)!.messages);
  assert.match(
    sent,
    /fix the parser[\s\S]*parser fixed[\s\S]*go on/,
    "the resumed history went to the model",
  );
  repl.press("\u0004");
});

test("/resume ID switches directly; an unknown id is an error and nothing changes", async () => {
  const repl = await startRepl([], {
    sessions: [{ id: "cccc3333", firstPrompt: "old work", history: conversation("old work", "old answer") }],
  });
  await repl.type("/resume zzzz");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("no saved session zzzz"), "the error");
  assert.equal(repl.host.sessionId, "s1");
  await repl.type("/resume cccc");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("old answer"), "the replay");
  assert.equal(repl.host.sessionId, "cccc3333");
  repl.press("\u0004");
});

test("--resume without an id opens the picker before start-up; Esc starts a new session", async () => {
  const repl = await startRepl([], {
    resumePicker: true,
    sessions: [{ id: "dddd4444", firstPrompt: "earlier", history: conversation("earlier", "before") }],
  });
  await repl.waitFor((screen) => screen.includes("Resume a session"), "the picker at start");
  assert.ok(!repl.calls.includes("start"), "start-up waits for the choice");
  repl.press(ESC);
  await repl.waitFor((screen) => screen.includes("Type a message"), "a new session");
  await repl.waitFor(() => repl.calls.includes("start"), "start-up ran");
  assert.equal(repl.host.sessionId, "s1");
  repl.press("\u0004");
});

test("a long session list fits a small terminal and scrolls", async () => {
  const sessions = Array.from({ length: 30 }, (_, index) => ({
    id: `eeee${String(index).padStart(4, "0")}`,
    firstPrompt: `task number ${index}`,
    history: conversation(`task number ${index}`, "ok"),
  }));
  const repl = await startRepl([], { rows: 12, sessions });
  await repl.type("/resume");
  repl.press(ENTER);
  const screen = await repl.waitFor((text) => text.includes("Resume a session (30)"), "the picker");
  const live = screen.slice(screen.indexOf("Resume a session")).split("\n");
  assert.ok(live.length <= 11, `the picker stays inside the terminal:\n${screen}`);
  assert.match(screen, /↓ \d+ more/);
  for (let index = 0; index < 12; index++) repl.press(DOWN);
  await repl.waitFor((text) => /❯ task number 12/.test(text) && /↑ \d+ more/.test(text), "scrolled");
  repl.press(ESC);
  repl.press("\u0004");
});

test("/output-style opens a picker of the styles; choosing one saves it and says so", async () => {
  const repl = await startRepl([], {
    files: { ".claude/output-styles/pirate.md": "---\ndescription: Talks like a pirate\n---\nArr.\n" },
  });
  await repl.type("/output-style");
  repl.press(ENTER);
  const picker = await repl.waitFor((screen) => screen.includes("Output style (saved"), "the style picker");
  assert.match(picker, /❯ default \(current\)/);
  assert.match(picker, /pirate {2}Talks like a pirate/);
  repl.press(DOWN);
  await repl.waitFor((screen) => /❯ Explanatory/.test(screen), "the selection moved");
  repl.press(ENTER);
  await repl.waitFor(
    (screen) => screen.includes("Output style: Explanatory (saved to .claude/settings.local.json)"),
    "the switch",
  );
  const saved = JSON.parse(readFileSync(join(repl.dir, ".claude", "settings.local.json"), "utf8"));
  assert.deepEqual(saved, { outputStyle: "Explanatory" });
  await repl.type("/output-style");
  repl.press(ENTER);
  await repl.waitFor((screen) => /❯ Explanatory \(current\)/.test(screen), "the new current style");
  repl.press(ESC);
  await repl.waitFor((screen) => screen.includes("Type a message"), "the prompt back");
  repl.press("\u0004");
});
