import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { describe, test } from "node:test";
import { createLinePrompter, parsePromptAnswer } from "../../src/permissions/line-prompter.js";
import type { PromptRequest } from "../../src/permissions/types.js";

const request: PromptRequest = {
  toolName: "Bash",
  input: { command: "npm run test:unit" },
  toolUseId: "t1",
  summary: "Bash: npm run test:unit",
  reason: "Bash needs approval in default mode",
  sessionRule: "Bash(npm run test:*)",
  suggestedRule: "Bash(npm run test:*)",
};
const edit: PromptRequest = {
  ...request,
  toolName: "Edit",
  summary: "Edit: src/app.ts",
  sessionRule: "Edit(./**)",
  suggestedRule: "Edit(src/app.ts)",
};

function setup() {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = "";
  output.on("data", (chunk) => {
    printed += chunk.toString();
  });
  return { input, prompter: createLinePrompter({ input, output }), printed: () => printed };
}

describe("line prompter", () => {
  test("the REPL dialog's keys: 1 yes, 2 this session, 3 always, 4 no with what instead", async () => {
    const { input, prompter, printed } = setup();
    input.write("1\n2\r\n3\n4 please run the linter first\n4\n");
    assert.deepEqual(await prompter.ask(edit), { kind: "yes" });
    assert.deepEqual(await prompter.ask(edit), { kind: "session", rule: "Edit(./**)" });
    assert.deepEqual(await prompter.ask(edit), { kind: "always", rule: "Edit(src/app.ts)" });
    assert.deepEqual(await prompter.ask(request), { kind: "no", message: "please run the linter first" });
    assert.deepEqual(await prompter.ask(request), { kind: "no" });
    assert.match(printed(), /Allow Edit: src\/app\.ts/);
    assert.match(printed(), /2 yes, and don't ask again this session for Edit\(\.\/\*\*\)/);
    assert.match(printed(), /3 always allow Edit\(src\/app\.ts\) \(saved\)/);
    assert.match(printed(), /needs approval in default mode/);
  });

  test("answers typed later and split across chunks are read; nonsense is asked again", async () => {
    const { input, prompter, printed } = setup();
    const answer = prompter.ask(request);
    input.write("mayb");
    input.write("e\ny\n");
    input.write("1\n");
    assert.deepEqual(await answer, { kind: "yes" });
    assert.match(printed(), /Please answer 1, 2, 3 or 4/);
  });

  test("end of input and abort count as no", async () => {
    const { input, prompter } = setup();
    const controller = new AbortController();
    const aborted = prompter.ask({ ...request, signal: controller.signal });
    controller.abort();
    assert.deepEqual(await aborted, { kind: "no" });
    const ended = prompter.ask(request);
    input.end();
    assert.deepEqual(await ended, { kind: "no" });
  });

  test("parsePromptAnswer", () => {
    const rules = { sessionRule: "S", suggestedRule: "A" };
    assert.deepEqual(parsePromptAnswer("  1 ", rules), { kind: "yes" });
    assert.deepEqual(parsePromptAnswer("2", rules), { kind: "session", rule: "S" });
    assert.deepEqual(parsePromptAnswer("3", rules), { kind: "always", rule: "A" });
    assert.deepEqual(parsePromptAnswer("4", rules), { kind: "no" });
    assert.equal(parsePromptAnswer("", rules), null);
    assert.equal(parsePromptAnswer("y", rules), null);
    assert.equal(parsePromptAnswer("1 extra", rules), null);
  });
});
