// The REPL's thinking line and cost commands: thinking shows as one dimmed "Thought for Ns" line that
// the detailed view (Ctrl+O) expands to the thought itself, /thinking prints the last thought in full,
// /cost reports tokens per model (the scripted model has no price, which is said).
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { closeAll, startRepl } from "./harness.js";

afterEach(closeAll);
const ENTER = "\r";
const CTRL_O = "\u000f";

test("thinking is a collapsed line; Ctrl+O and /thinking show it; /cost names the unknown price", async () => {
  const repl = await startRepl([{ thinking: "Consider the two options carefully.", text: "Option B." }]);
  await repl.waitFor((screen) => screen.includes("Type a message"), "the prompt");
  await repl.type("which?");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Option B."), "the answer");
  assert.match(repl.screen(), /✻ Thought for \d+s \(ctrl\+o to expand\)/);
  assert.doesNotMatch(repl.screen(), /Consider the two options/);
  repl.press(CTRL_O);
  await repl.waitFor((screen) => screen.includes("Consider the two options carefully."), "the detailed view");
  assert.match(repl.screen(), /✻ Thought for \d+s:\n\s+Consider the two options carefully\./);
  repl.press(CTRL_O);
  // Each toggle reprints the transcript (this harness keeps what was printed before it).
  const latest = () => repl.screen().split("> which?").at(-1)!;
  await repl.waitFor(() => repl.screen().split("> which?").length === 4, "the compact view again");
  assert.match(latest(), /\(ctrl\+o to expand\)/);
  assert.doesNotMatch(latest(), /Consider the two options/);
  await repl.type("/thinking");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Consider the two options carefully."), "the full thought");
  await repl.type("/cost");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("unknown price"), "the cost report");
  assert.match(repl.screen(), /scripted: \d+ input, 0 cache write, 0 cache read, \d+ output tokens/);
  repl.press("\u0004");
  await repl.exited;
});
