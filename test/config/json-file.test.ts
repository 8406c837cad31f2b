import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonErrorOffset } from "../../src/config/json-error-offset.js";
import { parseJsonText } from "../../src/config/json-file.js";

test("valid JSON has no error offset", () => {
  for (const text of ['{"a": [1, 2.5e3, true, null, "x\\"y"]}', "[]", " 3 ", '{"nested": {"k": []}}'])
    assert.equal(jsonErrorOffset(text), undefined, text);
});

test("the first syntax error is located", () => {
  assert.equal(jsonErrorOffset('{ "a": [1,] }'), 10);
  assert.equal(jsonErrorOffset('{ "a": 1, }'), 10);
  assert.equal(jsonErrorOffset('{ "a" 1 }'), 6);
  assert.equal(jsonErrorOffset('{ "a": tru }'), 7);
  assert.equal(jsonErrorOffset('{ "a": 1 } x'), 11);
  assert.equal(jsonErrorOffset('{ "a": "unterminated'), 20);
});

test("parse errors name the source, line and column", () => {
  assert.throws(
    () => parseJsonText('{\n  "hooks": {\n    "Stop": [,]\n  }\n}', ".claude/settings.json"),
    /^UsageError: \.claude\/settings\.json: invalid JSON \(line 3, column 14\)/,
  );
});
