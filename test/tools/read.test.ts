import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { readTool } from "../../src/tools/read.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { makeContext, run } from "./context.js";

describe("Read", () => {
  let root: string;
  before(async () => {
    root = tempFolder("tools");
    const many = Array.from({ length: 2500 }, (_, index) => `line ${index + 1}`).join("\n");
    await writeTree(root, {
      "a.txt": "alpha\nbeta\r\ngamma\n",
      "long.txt": many,
      "wide.txt": "x".repeat(2500),
      "empty.txt": "",
      "config.json": "{}",
      "bin.dat": Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02]),
      "big.txt": "y".repeat(100).concat("\n").repeat(3000),
      "dir/inner.txt": "inner",
    });
  });
  after(() => removeFolder(root));

  it("numbers lines like cat -n and records the snapshot", async () => {
    const context = makeContext(root);
    const result = await run(readTool, { file_path: "a.txt" }, context);
    assert.equal(result.isError, false);
    assert.equal(result.content, "1\talpha\n2\tbeta\n3\tgamma");
    const data = result.data as { type: string; file: { numLines: number; totalLines: number } };
    assert.equal(data.type, "text");
    assert.equal(data.file.totalLines, 3);
    assert.ok(context.files.get(path.join(root, "a.txt")));
  });

  it("pages with offset/limit and says how to read on", async () => {
    const context = makeContext(root);
    const first = await run(readTool, { file_path: path.join(root, "long.txt") }, context);
    assert.match(first.content, /Showing lines 1-2000 of 2500\. Use offset=2001/);
    const page = await run(readTool, { file_path: "long.txt", offset: 2499, limit: 5 }, context);
    assert.equal(page.content, "2499\tline 2499\n2500\tline 2500");
  });

  it("cuts very long lines and expands ~", async () => {
    const context = makeContext(root, { homeDir: root });
    const result = await run(readTool, { file_path: "~/wide.txt" }, context);
    assert.match(result.content, /line truncated: 500 more characters/);
  });

  it("notes an empty file without failing", async () => {
    const result = await run(readTool, { file_path: "empty.txt" }, makeContext(root));
    assert.equal(result.isError, false);
    assert.match(result.content, /empty/);
  });

  it("suggests similar names for a missing file", async () => {
    const result = await run(readTool, { file_path: "config.jsn" }, makeContext(root));
    assert.equal(result.isError, true);
    assert.equal(result.isError && result.code, "file_not_found");
    assert.match(result.content, /config\.json/);
  });

  it("fails with codes for directory, binary, too large and unreadable files", async () => {
    const context = makeContext(root);
    const directory = await run(readTool, { file_path: "dir" }, context);
    assert.equal(directory.isError && directory.code, "is_directory");
    assert.match(directory.content, /Glob/);
    const binary = await run(readTool, { file_path: "bin.dat" }, context);
    assert.equal(binary.isError && binary.code, "binary_file");
    const big = await run(readTool, { file_path: "big.txt" }, context);
    assert.equal(big.isError && big.code, "file_too_large");
    const bigPage = await run(readTool, { file_path: "big.txt", offset: 2999, limit: 10 }, context);
    assert.equal(bigPage.isError, false);
    assert.match(bigPage.content, /^2999\ty+\n3000\ty+$/);
    const invalid = await run(readTool, { file_path: "  " }, context);
    assert.equal(invalid.isError && invalid.code, "invalid_path");
    if (process.getuid?.() !== 0) {
      await fs.chmod(path.join(root, "a.txt"), 0o000);
      const denied = await run(readTool, { file_path: "a.txt" }, context);
      await fs.chmod(path.join(root, "a.txt"), 0o644);
      assert.equal(denied.isError && denied.code, "permission_denied");
    }
  });

  it("reports real paths for the permission gate, following symlinks", async () => {
    await fs.symlink(path.join(root, "dir"), path.join(root, "link"));
    const context = makeContext(root);
    const touched = await readTool.paths?.({ file_path: "link/inner.txt" }, context);
    assert.deepEqual(touched, [path.join(root, "dir", "inner.txt")]);
    const missing = await readTool.paths?.({ file_path: "link/new/file.txt" }, context);
    assert.deepEqual(missing, [path.join(root, "dir", "new", "file.txt")]);
  });

  it("suggests similar files for a missing one, folders only when no file is alike", async () => {
    const suggestions = tempFolder("tools");
    await writeTree(suggestions, { "src.js": "x", "src/index.ts": "x", ".git/HEAD": "x", "lib/a.ts": "x" });
    const context = makeContext(suggestions);
    const file = await run(readTool, { file_path: "src.ts" }, context);
    assert.equal(file.isError && file.code, "file_not_found");
    assert.match(file.content, /Did you mean: src\.js\?$/, "the folder src is not suggested");
    const hidden = await run(readTool, { file_path: ".gi" }, context);
    assert.match(hidden.content, /Did you mean: \.git\?$/);
    const folder = await run(readTool, { file_path: "lib.ts" }, context);
    assert.match(folder.content, /Did you mean: lib\?$/);
    removeFolder(suggestions);
  });
});
