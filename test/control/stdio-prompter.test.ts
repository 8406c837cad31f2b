// Permission questions put to the program driving reagent (can_use_tool): what each kind of answer
// becomes — allow, a rewrite, a deny that ends the turn (interrupt: true) or not, a broken answer, none.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createControlChannel } from "../../src/control/channel.js";
import { createStdioPrompter } from "../../src/control/stdio-prompter.js";

const question = {
  toolName: "Bash",
  input: { command: "rm -rf build" },
  toolUseId: "toolu_1",
  summary: "Bash(rm -rf build)",
  reason: "not allowed by any rule",
  sessionRule: "Bash(rm -rf build)",
  suggestedRule: "Bash(rm -rf build)",
};

function answering(response: Record<string, unknown> | "error" | "close") {
  const sent: Array<{ request_id: string; request: Record<string, unknown> }> = [];
  const channel = createControlChannel((text) => {
    const line = JSON.parse(text);
    sent.push(line);
    queueMicrotask(() => {
      if (response === "close") channel.close("stdin ended");
      else if (response === "error")
        channel.answer({ subtype: "error", request_id: line.request_id, error: "boom" });
      else channel.answer({ subtype: "success", request_id: line.request_id, response });
    });
  });
  return { prompter: createStdioPrompter({ channel }), sent };
}

test("the question carries Claude Code's can_use_tool fields", async () => {
  const { prompter, sent } = answering({ behavior: "allow" });
  assert.deepEqual(await prompter.ask(question), { kind: "yes" });
  const request = sent[0]?.request;
  assert.equal(request?.subtype, "can_use_tool");
  assert.equal(request?.tool_name, "Bash");
  assert.deepEqual(request?.input, question.input);
  assert.deepEqual(request?.permission_suggestions, [
    {
      type: "addRules",
      rules: [{ toolName: "Bash", ruleContent: "rm -rf build" }],
      behavior: "allow",
      destination: "session",
    },
  ]);
});

test("a deny with interrupt: true ends the turn; without it the model reads the message and goes on", async () => {
  const ending = await answering({ behavior: "deny", message: "stop here", interrupt: true }).prompter.ask(
    question,
  );
  assert.deepEqual(ending, { kind: "deny", message: "stop here", endTurn: true });
  const going = await answering({ behavior: "deny", message: "not that one" }).prompter.ask(question);
  assert.deepEqual(going, { kind: "deny", message: "not that one", endTurn: false });
});

test("an allow with a different input is a rewrite; the same input echoed back is a plain yes", async () => {
  const rewrite = await answering({
    behavior: "allow",
    updatedInput: { command: "rm -rf build/tmp" },
  }).prompter.ask(question);
  assert.deepEqual(rewrite, { kind: "yes", updatedInput: { command: "rm -rf build/tmp" } });
  const echoed = await answering({
    behavior: "allow",
    updatedInput: { command: "rm -rf build" },
  }).prompter.ask(question);
  assert.deepEqual(echoed, { kind: "yes" });
});

test("a broken answer, an error answer and a closed input are denials that say why", async () => {
  const broken = await answering({ behavior: "maybe" }).prompter.ask(question);
  assert.equal(broken.kind, "deny");
  assert.match(broken.kind === "deny" ? broken.message : "", /is not valid/);
  const failed = await answering("error").prompter.ask(question);
  assert.match(failed.kind === "deny" ? failed.message : "", /gave no answer .*boom/);
  const closed = await answering("close").prompter.ask(question);
  assert.match(closed.kind === "deny" ? closed.message : "", /closed its input/);
  assert.equal(closed.kind === "deny" && closed.endTurn, false);
});
