import assert from "node:assert/strict";
import { test } from "node:test";
import { renderMarkdown } from "../../../src/ui/repl/markdown.js";
import { createStyle, stripAnsi } from "../../../src/ui/repl/style.js";
import { visibleWidth, wrapLine } from "../../../src/ui/repl/text-width.js";

const color = createStyle(false);
const mono = createStyle(true);
const plain = (markdown: string, width = 80) =>
  renderMarkdown(markdown, { width, style: mono }).map(stripAnsi);

test("headings are bold and paragraphs are separated by one blank line", () => {
  const lines = renderMarkdown("# Title\n\nFirst para.\n\nSecond para.", { width: 80, style: color });
  assert.equal(lines[0], "\u001b[1m\u001b[4mTitle\u001b[24m\u001b[22m");
  assert.deepEqual(lines.map(stripAnsi), ["Title", "", "First para.", "", "Second para."]);
});

test("inline bold, italics, code and links", () => {
  const [line] = renderMarkdown("a **b** *c* `d` [e](https://x.dev) ~~f~~", { width: 80, style: color });
  assert.ok(line !== undefined);
  assert.match(line, /\u001b\[1mb\u001b\[22m/);
  assert.match(line, /\u001b\[3mc\u001b\[23m/);
  assert.match(line, /\u001b\[36md\u001b\[39m/);
  assert.match(line, /\u001b\[9mf\u001b\[29m/);
  assert.equal(stripAnsi(line), "a b c d e (https://x.dev) f");
});

test("NO_COLOR drops colours but keeps inline code readable", () => {
  const [line] = renderMarkdown("run `npm test` now & [docs](https://x.dev)", { width: 80, style: mono });
  assert.ok(line !== undefined);
  assert.doesNotMatch(line, /\u001b\[3[0-9]m/);
  assert.equal(stripAnsi(line), "run `npm test` now & docs (https://x.dev)");
});

test("autolinks do not repeat the address", () => {
  assert.deepEqual(plain("see https://example.com"), ["see https://example.com"]);
});

test("lists: bullets, numbers, nesting, tasks", () => {
  assert.deepEqual(plain("- one\n- two\n  - inner\n\n1. first\n2. second\n\n- [x] done\n- [ ] todo"), [
    "• one",
    "• two",
    "  ◦ inner",
    "",
    "1. first",
    "2. second",
    "",
    "• [x] done",
    "• [ ] todo",
  ]);
});

test("fenced code is set apart with a gutter and keeps indentation", () => {
  const lines = plain("Before:\n\n```ts\nif (a) {\n  b();\n}\n```\nAfter.");
  assert.deepEqual(lines, ["Before:", "", "┌ ts", "│ if (a) {", "│   b();", "│ }", "", "After."]);
  const coloured = renderMarkdown("```\nx\n```", { width: 80, style: color });
  assert.match(coloured[0] ?? "", /\u001b\[32mx/);
});

test("blockquotes, rules and tables", () => {
  assert.deepEqual(plain("> quoted\n\n---\n\n| a | bb |\n|---|---|\n| 1 | 2 |"), [
    "▌ quoted",
    "",
    "─".repeat(40),
    "",
    "a │ bb",
    "──┼───",
    "1 │ 2",
  ]);
});

test("a table wider than the terminal shrinks its widest column, wraps inside cells, keeps alignment", () => {
  const table =
    "| Name | Notes | Count |\n|:--|:--|--:|\n| alpha | a long note that must wrap | 7 |\n| beta | ok | 12345 |";
  const lines = plain(table, 30);
  for (const line of lines) assert.ok(visibleWidth(line) <= 30, line);
  assert.equal(lines.filter((line) => line.includes("┼")).length, 1);
  const alpha = lines.findIndex((line) => line.startsWith("alpha"));
  assert.ok(lines[alpha + 1]?.startsWith("      │ "), `wrapped inside the Notes cell: ${lines[alpha + 1]}`);
  const seven = lines[alpha];
  const big = lines.find((line) => line.includes("12345"));
  assert.ok(seven !== undefined && big !== undefined, lines.join("\n"));
  assert.equal(seven.length, big.length, `right aligned:\n${lines.join("\n")}`);
  assert.ok(seven.endsWith(" 7"));
});

test("long paragraphs wrap to the width, list items hang under their text", () => {
  const lines = plain("- alpha beta gamma delta epsilon zeta eta theta", 20);
  assert.ok(lines.length > 1);
  for (const line of lines) assert.ok(visibleWidth(line) <= 20, line);
  assert.ok(lines[1]?.startsWith("  "));
  assert.equal(
    lines.join(" ").replace(/\s+/g, " ").replace("• ", ""),
    "alpha beta gamma delta epsilon zeta eta theta",
  );
});

test("wrapLine hard-splits words longer than the width and keeps escape codes", () => {
  assert.deepEqual(wrapLine("abcdefghij", 4), ["abcd", "efgh", "ij"]);
  const styled = wrapLine(`\u001b[1m${"x".repeat(10)}\u001b[22m`, 5);
  assert.deepEqual(styled.map(stripAnsi), ["xxxxx", "xxxxx"]);
  assert.equal(visibleWidth("日本"), 4);
});

test("unfinished markdown while streaming renders without throwing", () => {
  assert.deepEqual(plain("```js\nconst a"), ["┌ js", "│ const a"]);
  assert.deepEqual(plain("some **bold"), ["some **bold"]);
});
