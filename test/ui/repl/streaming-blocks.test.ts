import assert from "node:assert/strict";
import { test } from "node:test";
import { splitFinishedBlocks } from "../../../src/ui/repl/streaming-blocks.js";

test("a block is finished once a blank line and the next block follow it", () => {
  assert.deepEqual(splitFinishedBlocks("One paragraph"), { done: "", rest: "One paragraph" });
  assert.deepEqual(splitFinishedBlocks("First.\n\nSecond is str"), {
    done: "First.\n\n",
    rest: "Second is str",
  });
  const three = splitFinishedBlocks("# Title\n\nFirst.\n\n- a list");
  assert.equal(three.done, "# Title\n\nFirst.\n\n");
  assert.equal(three.rest, "- a list");
});

test("a block that may still change stays open: trailing blank line, a fence with blank lines inside", () => {
  assert.deepEqual(splitFinishedBlocks("Only one.\n\n"), { done: "", rest: "Only one.\n\n" });
  const fence = "Intro.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n";
  const split = splitFinishedBlocks(fence);
  assert.equal(split.done, "Intro.\n\n");
  assert.equal(split.rest, "```ts\nconst a = 1;\n\nconst b = 2;\n", "the open fence is streamed whole");
});

test("done and rest always rebuild the text exactly", () => {
  const text =
    "# A\n\nPara one\nstill one.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quote\n\n1. x\n2. y\n\nEnd";
  for (let cut = 0; cut <= text.length; cut++) {
    const partial = text.slice(0, cut);
    const { done, rest } = splitFinishedBlocks(partial);
    assert.equal(done + rest, partial, `at ${cut}`);
  }
});
