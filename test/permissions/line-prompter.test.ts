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
  suggestedRule: "Bash(npm run test:*)",
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
  test("y, a and n with a message, one line each, over the same stream", async () => {
    const { input, prompter, printed } = setup();
    input.write("y\na\r\nn please run the linter first\n");
    assert.deepEqual(await prompter.ask(request), { kind: "yes" });
    assert.deepEqual(await prompter.ask(request), { kind: "always", rule: "Bash(npm run test:*)" });
    assert.deepEqual(await prompter.ask(request), { kind: "no", message: "please run the linter first" });
    assert.match(printed(), /Allow Bash: npm run test:unit/);
    assert.match(printed(), /don't ask again for Bash\(npm run test:\*\)/);
    assert.match(printed(), /needs approval in default mode/);
  });

  test("answers typed later and split across chunks are read; nonsense is asked again", async () => {
    const { input, prompter, printed } = setup();
    const answer = prompter.ask(request);
    input.write("mayb");
    input.write("e\nye");
    input.write("s\n");
    assert.deepEqual(await answer, { kind: "yes" });
    assert.match(printed(), /Please answer y, a or n/);
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
    assert.deepEqual(parsePromptAnswer("  YES ", "R"), { kind: "yes" });
    assert.deepEqual(parsePromptAnswer("no", "R"), { kind: "no" });
    assert.deepEqual(parsePromptAnswer("always", "R"), { kind: "always", rule: "R" });
    assert.equal(parsePromptAnswer("", "R"), null);
    assert.equal(parsePromptAnswer("sure", "R"), null);
  });
});
