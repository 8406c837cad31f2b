import assert from "node:assert/strict";
import { test } from "node:test";
import { printable } from "../../src/util/printable.js";

test("escape sequences and control characters are removed; newlines and tabs stay", () => {
  assert.equal(printable("\u001b[2J\u001b[31mRED\u001b[0m\u0007"), "RED");
  assert.equal(printable("copy\u001b]52;c;ZXZpbA==\u0007 me"), "copy me", "OSC 52 clipboard write");
  assert.equal(printable("title\u001b]0;pwned\u001b\\ ok"), "title ok");
  assert.equal(printable("dcs\u001bPqpayload\u001b\\ end"), "dcs end");
  assert.equal(printable("a\tb\nc\rd\u0000e\u009b31mf"), "a\tb\ncdef");
  assert.equal(printable("plain → ünïcode ✓"), "plain → ünïcode ✓");
});
