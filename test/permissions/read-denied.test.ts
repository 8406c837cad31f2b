// readDeniedBy over many search results (Grep/Glob hide files that Read deny rules forbid), and the
// compiled path rules it relies on: compiled once per rule, yet still following the file system
// (symlinks, a rule's folder created after start-up) and the context a hook `if` rule is used in.
import assert from "node:assert/strict";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { matchRule } from "../../src/permissions/match-rule.js";
import { tempFolder } from "../support/temp-folder.js";
import { emptyRules, type Layout, makeGate, makeLayout } from "./support.js";

const DENY = ["Read(.env)", "Read(./secrets/**)", "Read(**/*.pem)"];
const FOLDERS = ["src/d0", "src/d1/deep", "secrets/sub", "linked", "docs", "secrets"];
const NAMES = [".env", "main.ts", "key.pem", ".envrc", "x.env", "env", "pem", "notes.pem.txt"];

type Case = { path: string; expected: string | undefined };

/** 5,000 paths with the answer worked out from their names (not from the matcher under test). */
function generate(project: string): Case[] {
  const cases: Case[] = [];
  for (let index = 0; index < 5000; index++) {
    const folder = FOLDERS[index % FOLDERS.length];
    const name = NAMES[Math.floor(index / FOLDERS.length) % NAMES.length];
    assert.ok(folder !== undefined && name !== undefined);
    const file = index % 3 === 0 ? name : `${index}-${name}`;
    // `linked` is a symlink to secrets/: what it holds is a secret too.
    const secret = folder.startsWith("secrets") || folder === "linked";
    const expected =
      file === ".env" ? DENY[0] : secret ? DENY[1] : file.endsWith(".pem") ? DENY[2] : undefined;
    cases.push({ path: join(project, folder, file), expected });
  }
  return cases;
}

describe("readDeniedBy over many search results", () => {
  let layout: Layout;
  before(async () => {
    layout = await makeLayout();
    for (const folder of FOLDERS.filter((folder) => folder !== "linked")) {
      await mkdir(join(layout.project, folder), { recursive: true });
    }
    await symlink(join(layout.project, "secrets"), join(layout.project, "linked"));
  });
  after(async () => {
    await rm(layout.root, { recursive: true, force: true });
  });

  test("5,000 paths, three deny rules: each answer names the first rule that hides the file", async () => {
    const cases = generate(layout.project);
    // Some of the files exist, the others do not (search results and stale paths alike).
    for (const item of cases.slice(0, 600)) await writeFile(item.path, "x");
    const { gate } = makeGate(layout, { rules: emptyRules({ deny: DENY }) });
    const wrong = cases.filter((item) => gate.readDeniedBy(item.path) !== item.expected);
    assert.deepEqual(wrong.slice(0, 5), []);
    const hidden = cases.filter((item) => item.expected !== undefined).length;
    assert.ok(hidden > 1000 && hidden < 4000, `a mix of hidden and visible files (${hidden} hidden)`);
    for (const rule of DENY)
      assert.ok(
        cases.some((item) => item.expected === rule),
        `${rule} is exercised`,
      );
  });

  test("without deny path rules nothing is hidden; rules added later are compiled and used", () => {
    const { gate } = makeGate(layout, { rules: emptyRules({ deny: ["Bash(rm *)", "WebFetch"] }) });
    const file = join(layout.project, "docs", "a.pem");
    assert.equal(gate.readDeniedBy(file), undefined);
    gate.addRule("deny", "Read(*.pem)");
    assert.equal(gate.readDeniedBy(file), "Read(*.pem)");
    gate.removeRule("deny", "Read(*.pem)");
    assert.equal(gate.readDeniedBy(file), undefined);
  });

  test("readDenyBelow: whether a search below a folder must sort hidden files out", () => {
    const below = (deny: string[], folder: string) =>
      makeGate(layout, { rules: emptyRules({ deny }) }).gate.readDenyBelow(join(layout.project, folder));
    assert.equal(below(["Read(./secrets/**)"], "."), true);
    assert.equal(below(["Read(./secrets/**)"], "secrets/sub"), true);
    assert.equal(below(["Read(./secrets/**)"], "src"), false);
    assert.equal(below(["Read(.env)"], "src/d1"), true, "a rule at any depth reaches every folder");
    assert.equal(below(["Bash(rm *)", "WebFetch"], "."), false, "no deny path rule: nothing to sort out");
    assert.equal(below([], "."), false);
  });

  test("a rule's folder that appears after start-up is followed, also as a symlink", async () => {
    const { gate } = makeGate(layout, { rules: emptyRules({ deny: ["Read(./vault/keys/**)"] }) });
    const vaultKey = join(layout.project, "vault", "keys", "k");
    const stored = join(layout.outside, "stored", "k");
    assert.equal(gate.readDeniedBy(vaultKey), "Read(./vault/keys/**)");
    assert.equal(gate.readDeniedBy(stored), undefined);
    await mkdir(join(layout.project, "vault"));
    await mkdir(join(layout.outside, "stored"), { recursive: true });
    await symlink(join(layout.outside, "stored"), join(layout.project, "vault", "keys"));
    // Reached through the link, the file's real path is outside/stored/k: the rule must see it.
    assert.equal(gate.readDeniedBy(stored), "Read(./vault/keys/**)");
    assert.equal(gate.readDeniedBy(join(layout.project, "vault", "other")), undefined);
  });

  test("symlinked search results are judged by their real path", async () => {
    const { gate } = makeGate(layout, { rules: emptyRules({ deny: ["Read(./secrets/**)"] }) });
    await writeFile(join(layout.project, "secrets", "token"), "x");
    await symlink(join(layout.project, "secrets", "token"), join(layout.project, "src", "token-link"));
    assert.equal(gate.readDeniedBy(join(layout.project, "src", "token-link")), "Read(./secrets/**)");
  });
});

describe("matchRule reuses compiled rules per rule text and context", () => {
  let root: string;
  before(async () => {
    root = tempFolder("match-cache");
    for (const name of ["one", "two"]) await mkdir(join(root, name, "src"), { recursive: true });
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  test("the same rule text follows the working directory it is matched in", () => {
    const one = { cwd: join(root, "one"), homeDir: root };
    const two = { cwd: join(root, "two"), homeDir: root };
    const file = { file_path: join(root, "one", "src", "a.ts") };
    for (let round = 0; round < 3; round++) {
      assert.equal(matchRule("Read(./src/**)", "Read", file, one), true);
      assert.equal(matchRule("Read(./src/**)", "Read", file, two), false);
    }
  });

  test("invalid rule texts still throw every time", () => {
    for (let round = 0; round < 2; round++) {
      assert.throws(() => matchRule("Read(~bob/x)", "Read", {}, { cwd: root, homeDir: root }), /~user/);
    }
  });
});
