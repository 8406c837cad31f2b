import assert from "node:assert/strict";
import { test } from "node:test";
import { firstPart } from "../../src/util/first-part.js";
import { InternalError, present } from "../../src/util/invariant.js";

test("present returns a present value, falsy ones included", () => {
  assert.equal(present(0, "never thrown"), 0);
  assert.equal(present("", "never thrown"), "");
  assert.equal(present(null, "never thrown"), null);
});

test("present throws an InternalError naming the invariant when the value is missing", () => {
  assert.throws(
    () => present([1][1], "the list has a second item"),
    (error: unknown) =>
      error instanceof InternalError && error.message === "internal error: the list has a second item",
  );
});

test("firstPart gives what split(separator)[0] gives", () => {
  for (const [text, separator] of [
    ["a=b=c", "="],
    ["abc", "="],
    ["", "="],
    ["=b", "="],
    ["line one\nline two", "\n"],
    ["a::b", "::"],
  ] as const) {
    assert.equal(firstPart(text, separator), text.split(separator)[0]);
  }
});
