// The paste collector over the raw input events Ink's parser makes: the markers and every piece in
// between are held, the paste is whole at its end marker, and keys outside a paste pass.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PasteCollector } from "../../../src/ui/repl/bracketed-paste.js";

test("a paste over several reads is one paste; keys around it pass; an empty paste is empty", () => {
  const collector = new PasteCollector();
  assert.deepEqual(collector.take("a"), { kind: "key" });
  assert.deepEqual(collector.take("\u001b[200~"), { kind: "held" });
  assert.deepEqual(collector.take("first read\r"), { kind: "held" });
  assert.deepEqual(collector.take("\r"), { kind: "held" }, "a lone Enter inside a paste is text");
  assert.deepEqual(collector.take("\u001b[A"), { kind: "held" }, "so is an escape sequence");
  assert.deepEqual(collector.take("second read"), { kind: "held" });
  assert.deepEqual(collector.take("\u001b[201~"), {
    kind: "paste",
    text: "first read\r\r\u001b[Asecond read",
  });
  assert.deepEqual(collector.take("\r"), { kind: "key" }, "Enter after the paste submits");
  assert.deepEqual(collector.take("\u001b[200~"), { kind: "held" });
  assert.deepEqual(collector.take("\u001b[201~"), { kind: "paste", text: "" });
});

test("markers and text in one event (a parser that did not split them) still make one paste", () => {
  const collector = new PasteCollector();
  assert.deepEqual(collector.take("\u001b[200~short\u001b[201~"), { kind: "paste", text: "short" });
});
