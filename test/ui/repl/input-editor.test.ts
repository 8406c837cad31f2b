import assert from "node:assert/strict";
import { test } from "node:test";
import {
  type EditorKey,
  type EditorState,
  editKey,
  emptyEditor,
  expandPastes,
  PASTE_FOLD_CHARS,
} from "../../../src/ui/repl/input-editor.js";

function type(state: EditorState, ...steps: Array<string | [string, EditorKey]>) {
  let current = state;
  for (const step of steps) {
    const [input, key] = typeof step === "string" ? [step, {}] : step;
    const result = editKey(current, input, key);
    if (result.type === "edit") current = result.state;
    else if (result.type !== "ignored") return { state: current, result };
  }
  return { state: current, result: undefined };
}

test("typing, cursor moves and deleting", () => {
  const { state } = type(
    emptyEditor(),
    "h",
    "e",
    "l",
    "o",
    ["", { leftArrow: true }],
    "l",
    ["", { end: true }],
    "!",
  );
  assert.equal(state.text, "hello!");
  const deleted = type(state, ["", { delete: true }], ["", { backspace: true }]);
  assert.equal(deleted.state.text, "hell");
  assert.equal(type(emptyEditor("one two"), ["w", { ctrl: true }]).state.text, "one ");
  assert.equal(type(emptyEditor("abc"), ["a", { ctrl: true }], ["k", { ctrl: true }]).state.text, "");
});

test("Enter submits; Shift+Enter, Alt+Enter, Ctrl+J and a trailing backslash add a line", () => {
  const submitted = type(emptyEditor("hi"), ["\r", { return: true }]);
  assert.deepEqual(submitted.result, { type: "submit", text: "hi" });
  for (const key of [
    { return: true, shift: true },
    { return: true, meta: true },
  ]) {
    assert.equal(type(emptyEditor("a"), ["\r", key], "b").state.text, "a\nb");
  }
  assert.equal(type(emptyEditor("a"), ["j", { ctrl: true }], "b").state.text, "a\nb");
  const continued = type(emptyEditor("first \\"), ["\r", { return: true }], "second");
  assert.equal(continued.state.text, "first \nsecond");
  assert.equal(continued.result, undefined);
});

test("up/down move between lines, then ask for history at the edges", () => {
  const state = { ...emptyEditor("ab\ncd"), cursor: 4 };
  const up = editKey(state, "", { upArrow: true });
  assert.equal(up.type === "edit" && up.state.cursor, 1);
  assert.deepEqual(editKey({ ...state, cursor: 1 }, "", { upArrow: true }), {
    type: "history",
    direction: "up",
  });
  assert.deepEqual(editKey(state, "", { downArrow: true }), { type: "history", direction: "down" });
});

test("small pastes are inserted; large ones fold into a placeholder expanded on submit", () => {
  assert.equal(type(emptyEditor(), "line1\rline2").state.text, "line1\nline2");
  const big = Array.from({ length: 50 }, (_, index) => `row ${index}`).join("\r");
  const { state } = type(emptyEditor("see "), big, " please");
  assert.equal(state.text, "see [Pasted text #1 +50 lines] please");
  assert.equal(expandPastes(state), `see ${big.replace(/\r/g, "\n")} please`);
  const long = type(emptyEditor(), "x".repeat(PASTE_FOLD_CHARS + 1)).state;
  assert.equal(long.text, "[Pasted text #1 +1 lines]");
});

test("text and Enter in one read are typed and submitted", () => {
  assert.deepEqual(type(emptyEditor(), "hello\r").result, { type: "submit", text: "hello" });
});
