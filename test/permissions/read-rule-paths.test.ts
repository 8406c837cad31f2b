// The paths Read rules name, as the read-only profile hides (deny) or shows (allow) them: a rule
// without a glob names its base; a glob rule what it matches in a walk of its base (any depth for a
// bare name); other rules (Edit, Bash, whole tools) name nothing.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { readRulePaths } from "../../src/permissions/read-rule-paths.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

test("bases and matches of Read rules", () => {
  const root = tempFolder("read-denied");
  const project = join(root, "project");
  const home = join(root, "home");
  writeTree(root, {
    "project/.env": "A=1\n",
    "project/app/.env": "B=2\n",
    "project/config/a.key": "k\n",
    "project/config/a.txt": "t\n",
    "project/node_modules/x/.env": "skipped\n",
    "project/secrets/s.txt": "s\n",
    "home/notes/n.txt": "n\n",
  });
  const paths = readRulePaths({ cwd: project, homeDir: home });
  const hidden = paths([
    "Read(./secrets/**)",
    "Read(~/notes)",
    "Read(./config/*.key)",
    "Read(.env)",
    "Edit(./config/**)",
    "Bash(rm:*)",
    "Read",
  ]);
  assert.deepEqual(hidden.problems, []);
  assert.deepEqual(
    [...hidden.paths].sort(),
    [
      join(home, "notes"),
      join(project, ".env"),
      join(project, "app", ".env"),
      join(project, "config", "a.key"),
      join(project, "secrets"),
    ].sort(),
  );
});

test("a file made later that a glob rule matches is named on the next question, also in a new folder", () => {
  const root = tempFolder("read-denied-later");
  const project = join(root, "project");
  writeTree(root, { "project/config/a.key": "k\n", "project/src/main.ts": "" });
  const paths = readRulePaths({ cwd: project, homeDir: join(root, "home") });
  const rules = ["Read(./config/*.key)", "Read(.env)"];
  assert.deepEqual(paths(rules).paths, [join(project, "config", "a.key")]);
  writeTree(project, { "config/b.key": "k\n", "src/deep/new/.env": "C=3\n" });
  assert.deepEqual(
    [...paths(rules).paths].sort(),
    [
      join(project, "config", "a.key"),
      join(project, "config", "b.key"),
      join(project, "src", "deep", "new", ".env"),
    ].sort(),
  );
});

test("a rule whose folder does not exist yet names what is made in it later", () => {
  const root = tempFolder("read-denied-missing");
  const project = join(root, "project");
  writeTree(root, { "project/src/main.ts": "" });
  const paths = readRulePaths({ cwd: project, homeDir: join(root, "home") });
  const rules = ["Read(./keys/deep/*.pem)"];
  assert.deepEqual(paths(rules).paths, []);
  writeTree(project, { "keys/deep/a.pem": "k\n" });
  assert.deepEqual(paths(rules).paths, [join(project, "keys", "deep", "a.pem")]);
});
