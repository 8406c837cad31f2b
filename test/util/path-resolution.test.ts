// The one path resolution of the tools and the gate, against the real file system: symlinks are
// followed component by component before `..` (as the kernel does), dangling links lead to their
// target, and a `..` after a missing folder or a symlink loop is reported.
import assert from "node:assert/strict";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { absolutePath, expandHome, isInside, realPath, resolveReal } from "../../src/util/path-resolution.js";
import { tempFolder } from "../support/temp-folder.js";

const root = tempFolder("paths");
const project = join(root, "project");
const outside = join(root, "outside");
mkdirSync(join(project, "src"), { recursive: true });
mkdirSync(join(outside, "deep"), { recursive: true });
writeFileSync(join(outside, "secret.txt"), "s\n");
symlinkSync(join(outside, "deep"), join(project, "lnk"));
symlinkSync("../outside/new-file", join(project, "dangling"));
symlinkSync("loop-b", join(project, "loop-a"));
symlinkSync("loop-a", join(project, "loop-b"));
after(() => rmSync(root, { recursive: true, force: true }));
const context = { cwd: project, homeDir: join(root, "home") };

describe("kernel-faithful resolution", () => {
  test("a `..` after a symlink goes up from the link's target, not from the text", () => {
    assert.equal(realPath("lnk/../secret.txt", context), join(outside, "secret.txt"));
    assert.equal(absolutePath("lnk/../secret.txt", context), join(outside, "secret.txt"));
    assert.equal(resolveReal(`${project}/lnk/../secret.txt`).exists, true);
  });

  test("paths without `..` keep their symlinks in the absolute form (what hooks and people see)", () => {
    assert.equal(absolutePath("lnk/x", context), join(project, "lnk", "x"));
    assert.equal(realPath("lnk/x", context), join(outside, "deep", "x"));
  });

  test("a dangling symlink leads to the file the kernel would create", () => {
    const resolved = resolveReal(join(project, "dangling"));
    assert.equal(resolved.path, join(outside, "new-file"));
    assert.equal(resolved.exists, false);
  });

  test("a missing part is appended to the real path of what exists", () => {
    const resolved = resolveReal(join(project, "lnk", "a", "b.txt"));
    assert.equal(resolved.path, join(outside, "deep", "a", "b.txt"));
    assert.equal(resolved.firstMissing, join(outside, "deep", "a"));
    assert.equal(resolved.dotDotAfterMissing, false);
  });

  test("`..` after a missing folder is reported: its meaning depends on what will be created", () => {
    const resolved = resolveReal(`${project}/d/../x`);
    assert.equal(resolved.dotDotAfterMissing, true);
  });

  test("a symlink loop is reported", () => {
    assert.equal(resolveReal(join(project, "loop-a", "x")).loop, true);
  });

  test("~ expands to the home folder; isInside compares whole components", () => {
    assert.equal(expandHome("~/x", "/h"), "/h/x");
    assert.equal(expandHome("~bob/x", "/h"), "~bob/x");
    assert.equal(isInside("/a/b", "/a/b/c"), true);
    assert.equal(isInside("/a/b", "/a/bc"), false);
    assert.equal(isInside("/a/b", "/a/b"), true);
  });
});
