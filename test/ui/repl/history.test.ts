import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import {
  appendHistory,
  HISTORY_LIMIT,
  historyDown,
  historyUp,
  loadHistory,
  remember,
} from "../../../src/ui/repl/history.js";
import { tempFolder } from "../../support/temp-folder.js";

test("history persists across loads, keeps multi-line entries whole, creates its folder", async () => {
  const dir = tempFolder("history");
  const file = join(dir, "projects", "x", "history.jsonl");
  assert.deepEqual(await loadHistory(file), []);
  await appendHistory(file, "first", []);
  await appendHistory(file, "second\nline two", ["first"]);
  assert.deepEqual(await loadHistory(file), ["first", "second\nline two"]);
});

test("damaged lines are skipped, not fatal", async () => {
  const dir = tempFolder("history");
  const file = join(dir, "history.jsonl");
  await writeFile(file, '"good"\n{"not":"a string"}\n"cut sho\n"also good"\n');
  assert.deepEqual(await loadHistory(file), ["good", "also good"]);
});

test("the file is compacted to the limit when it grows past twice the limit", async () => {
  const dir = tempFolder("history");
  const file = join(dir, "history.jsonl");
  const current = Array.from({ length: HISTORY_LIMIT * 2 }, (_, index) => `p${index}`);
  await writeFile(file, current.map((value) => JSON.stringify(value)).join("\n") + "\n");
  await appendHistory(file, "newest", current);
  const lines = (await readFile(file, "utf8")).trim().split("\n");
  assert.equal(lines.length, HISTORY_LIMIT);
  assert.equal(JSON.parse(lines.at(-1)!), "newest");
  assert.equal((await loadHistory(file)).length, HISTORY_LIMIT);
});

test("remember skips blanks and immediate repeats", () => {
  assert.deepEqual(remember(["a"], "a"), ["a"]);
  assert.deepEqual(remember(["a"], "  "), ["a"]);
  assert.deepEqual(remember(["a"], "b"), ["a", "b"]);
});

test("up and down walk the history and restore the draft", () => {
  const entries = ["one", "two"];
  let cursor = { index: entries.length, draft: "" };
  const up1 = historyUp(entries, cursor, "draft text")!;
  assert.equal(up1.text, "two");
  cursor = up1.cursor;
  const up2 = historyUp(entries, cursor, "two")!;
  assert.equal(up2.text, "one");
  cursor = up2.cursor;
  assert.equal(historyUp(entries, cursor, "one"), undefined);
  const down1 = historyDown(entries, cursor)!;
  assert.equal(down1.text, "two");
  const down2 = historyDown(entries, down1.cursor)!;
  assert.equal(down2.text, "draft text");
  assert.equal(historyDown(entries, down2.cursor), undefined);
});
