// Prompt conveniences in the REPL: Esc twice clears the input, Ctrl+R searches history, a feedback
// line follows each turn, code blocks are highlighted. (Esc before the reply: test/e2e/repl-session.)
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { preloadHighlighter } from "../../../src/ui/repl/highlight.js";
import { renderMarkdown } from "../../../src/ui/repl/markdown.js";
import { createStyle } from "../../../src/ui/repl/style.js";
import { closeAll, startRepl } from "./harness.js";

afterEach(closeAll);

const ENTER = "\r";
const ESC = "\u001b";
const lastLines = (screen: string) => screen.split("\n").slice(-4).join("\n");

test("Esc twice clears the input; once only arms it", async () => {
  const repl = await startRepl([]);
  await repl.type("draft that goes away");
  await repl.waitFor((screen) => screen.includes("draft that goes away"), "the draft");
  repl.press(ESC);
  await repl.waitFor((screen) => screen.includes("Esc again to clear the prompt"), "the hint");
  assert.match(repl.screen(), /draft that goes away/);
  repl.press(ESC);
  await repl.waitFor((screen) => screen.includes("Type a message"), "the cleared prompt");
  repl.press("\u0004");
});

test("Ctrl+R finds an earlier prompt; Enter puts it in the editor", async () => {
  const repl = await startRepl([{ text: "one" }, { text: "two" }]);
  await repl.type("deploy to staging");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("one"), "the first answer");
  await repl.type("run the linter");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("two"), "the second answer");
  repl.press("\u0012");
  await repl.waitFor((screen) => screen.includes("(reverse-i-search)"), "the search line");
  await repl.type("stag");
  await repl.waitFor(
    (screen) => screen.includes("(reverse-i-search) 'stag': deploy to staging"),
    "the match",
  );
  repl.press(ENTER);
  await repl.waitFor((screen) => /> deploy to staging/.test(lastLines(screen)), "the match in the editor");
  repl.press("\u0004");
});

test("each turn ends with a feedback line: time and tools", async () => {
  const repl = await startRepl([{ tool_calls: [{ name: "Echo", input: { text: "a" } }] }, { text: "done" }]);
  await repl.type("go");
  repl.press(ENTER);
  const screen = await repl.waitFor((text) => /Worked for \d+s · 1 tool/.test(text), "the feedback line");
  assert.ok(screen.indexOf("done") < screen.indexOf("Worked for"));
  repl.press("\u0004");
});

test("fenced code blocks are syntax highlighted once the highlighter is loaded", async () => {
  await preloadHighlighter();
  const lines = renderMarkdown("```ts\nconst answer = 42; // why\n```", {
    width: 80,
    style: createStyle(false),
  });
  const code = lines.find((line) => line.includes("answer"))!;
  assert.match(code, /\u001b\[35mconst\u001b\[39m/, "keywords in magenta");
  assert.match(code, /\u001b\[2m\/\/ why\u001b\[22m/, "comments dim");
  const plain = renderMarkdown("```ts\nconst a = 1;\n```", { width: 80, style: createStyle(true) });
  assert.doesNotMatch(plain.join("\n"), /\u001b\[3[0-9]m/, "no colours with NO_COLOR");
});

test("Ctrl+O shows the detailed transcript: full tool input and output", async () => {
  const long = Array.from({ length: 8 }, (_, index) => `output line ${index}`).join("\n");
  const repl = await startRepl([{ tool_calls: [{ name: "Echo", input: { text: long } }] }, { text: "done" }]);
  await repl.type("go");
  repl.press(ENTER);
  const compact = await repl.waitFor((text) => text.includes("done"), "the answer");
  assert.match(compact, /… \+5 lines/, "the compact view cuts the preview");
  assert.doesNotMatch(compact, /"text": /);
  repl.press("\u000f");
  await repl.waitFor((text) => /"text": "output line 0\\noutput line 1/.test(text), "the full input as JSON");
  repl.press("\u0004");
});
