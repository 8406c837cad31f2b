// The permission dialog's keys are documented once: the README's Permission dialog table lists the
// keys the dialog shows (DIALOG_KEYS), other sections point to it, and no second key set (the old
// y / a / n letters, or a numbering with three choices) is described anywhere.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { DIALOG_KEYS } from "../../../src/ui/repl/dialog-view.js";
import { REPO_ROOT } from "../../support/cli.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");

test("the README gives the dialog's key set once, the one the dialog shows", () => {
  const tables = readme.split("\n| key | choice |").length - 1;
  assert.equal(tables, 1, "one key table");
  const section = readme.slice(readme.indexOf("### Permission dialog"));
  const table = section.slice(
    section.indexOf("| key | choice |"),
    section.indexOf("\n\n", section.indexOf("| key |")),
  );
  const rows = table.split("\n").slice(2);
  const keyOf = (row: string) => /^\| `(\d)`/.exec(row)?.[1];
  assert.deepEqual(rows.map(keyOf).filter(Boolean), ["1", "2", "3", "4"], table);
  // Each choice the dialog's key line names is the one the table gives that digit.
  for (const [digit, words] of [...DIALOG_KEYS.matchAll(/(\d) ([a-z ,]+?)(?= ·|$)/g)].map((m) => [
    m[1],
    m[2],
  ])) {
    assert.ok(digit && words, DIALOG_KEYS);
    const row = rows.find((candidate) => keyOf(candidate) === digit) ?? "";
    const first = (words.split(",")[0] ?? "").trim();
    assert.ok(row.includes(first === "no" ? "no, and tell the agent" : first), `${digit} ${words}: ${row}`);
  }
});

test("no second key set for the dialog anywhere in the README", () => {
  assert.doesNotMatch(readme, /^- \*\*[yan]\*\*[: ]/m, "the old y / a / n letters");
  // (Other dialogs, such as plan mode's approval, have their own choices.)
  const section = (heading: string) => {
    const start = readme.indexOf(heading);
    return readme.slice(start, readme.indexOf("\n### ", start + heading.length));
  };
  for (const heading of ["### Permission dialog", "### Prompts: this session, always"])
    assert.doesNotMatch(section(heading), /three choices/, `the old three-choice dialog in ${heading}`);
  assert.doesNotMatch(readme, /^\d\. \*\*(Yes|No)[^\n]*— `\d`/m, "a numbered list of keys beside the table");
});
