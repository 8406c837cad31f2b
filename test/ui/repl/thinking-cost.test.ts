// The REPL's thinking line and cost commands: thinking shows as one dimmed "Thought for Ns" line,
// /thinking prints the last thought in full, /cost reports tokens per model (the scripted model has
// no price, which is said).
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { closeAll, startRepl } from "./harness.js";

afterEach(closeAll);
const ENTER = "\r";

test("thinking is a collapsed line; /thinking expands it; /cost names the unknown price", async () => {
  const repl = await startRepl([{ thinking: "Consider the two options carefully.", text: "Option B." }]);
  await repl.waitFor((screen) => screen.includes("Type a message"), "the prompt");
  await repl.type("which?");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Option B."), "the answer");
  assert.match(repl.screen(), /✻ Thought for \d+s \(\/thinking shows it\)/);
  assert.doesNotMatch(repl.screen(), /Consider the two options/);
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
