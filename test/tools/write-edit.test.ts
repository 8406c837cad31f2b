import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { editTool } from "../../src/tools/edit.js";
import { readTool } from "../../src/tools/read.js";
import { writeTool } from "../../src/tools/write.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { makeContext, run } from "./context.js";

describe("Write", () => {
  let root: string;
  before(async () => {
    root = tempFolder("tools");
  });
  after(() => removeFolder(root));

  it("creates files and parent folders without a prior read", async () => {
    const result = await run(
      writeTool,
      { file_path: "a/b/new.txt", content: "one\ntwo\n" },
      makeContext(root),
    );
    assert.equal(result.isError, false);
    assert.match(result.content, /Created a\/b\/new\.txt \(2 lines\)/);
    assert.equal((result.data as { type: string }).type, "create");
    assert.equal(await fs.readFile(path.join(root, "a/b/new.txt"), "utf8"), "one\ntwo\n");
  });

  it("refuses to overwrite an unread or changed file, and keeps mode bits", async () => {
    const file = path.join(root, "script.sh");
    await fs.writeFile(file, "echo old\n", { mode: 0o755 });
    const context = makeContext(root);
    const unread = await run(writeTool, { file_path: file, content: "x" }, context);
    assert.equal(unread.isError && unread.code, "not_read_yet");
    await run(readTool, { file_path: file }, context);
    await fs.writeFile(file, "echo changed elsewhere\n");
    await fs.utimes(file, new Date(), new Date(Date.now() + 5000));
    const changed = await run(writeTool, { file_path: file, content: "x" }, context);
    assert.equal(changed.isError && changed.code, "file_changed");
    await run(readTool, { file_path: file }, context);
    const written = await run(writeTool, { file_path: file, content: "echo new\n" }, context);
    assert.equal(written.isError, false);
    assert.equal((written.data as { type: string }).type, "update");
    assert.equal((await fs.stat(file)).mode & 0o777, 0o755);
    const again = await run(writeTool, { file_path: file, content: "echo newer\n" }, context);
    assert.equal(again.isError, false, "a file we wrote ourselves stays fresh");
    const leftovers = (await fs.readdir(root)).filter((name) => name.endsWith(".tmp"));
    assert.deepEqual(leftovers, []);
  });

  it("fails on a directory", async () => {
    const result = await run(writeTool, { file_path: ".", content: "x" }, makeContext(root));
    assert.equal(result.isError && result.code, "is_directory");
  });

  it("fails promptly where a folder cannot be created (/proc)", {
    skip: process.platform !== "linux",
  }, async () => {
    for (const tool of [writeTool, editTool]) {
      const input = { file_path: "/proc/nope/x", content: "x", old_string: "", new_string: "x" };
      const result = await run(tool, input, makeContext(root));
      assert.equal(result.isError, true, result.content);
      assert.match(result.content, /\/proc\/nope/);
    }
    await assert.rejects(fs.stat("/proc/nope"));
  });

  it("names the file that is in the way of a folder", async () => {
    await fs.writeFile(path.join(root, "a.txt"), "I am a file\n");
    for (const file_path of ["a.txt/b.txt", "a.txt/deeper/b.txt"]) {
      const result = await run(writeTool, { file_path, content: "x" }, makeContext(root));
      assert.equal(result.isError && result.code, "invalid_path", result.content);
      assert.match(result.content, /a\.txt is a file, not a folder/);
    }
    const edit = await run(
      editTool,
      { file_path: "a.txt/b.txt", old_string: "", new_string: "x" },
      makeContext(root),
    );
    assert.equal(edit.isError && edit.code, "invalid_path", edit.content);
    assert.equal(await fs.readFile(path.join(root, "a.txt"), "utf8"), "I am a file\n");
  });

  it("reports an unwritable parent folder", {
    skip: process.getuid?.() === 0 ? "root bypasses folder permissions" : false,
  }, async () => {
    const locked = path.join(root, "locked");
    await fs.mkdir(locked, { mode: 0o500 });
    try {
      const result = await run(writeTool, { file_path: "locked/sub/x.txt", content: "x" }, makeContext(root));
      assert.equal(result.isError && result.code, "permission_denied", result.content);
      assert.match(result.content, /locked\/sub/);
    } finally {
      await fs.chmod(locked, 0o700);
    }
  });

  it("stops before creating folders once aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await run(
      writeTool,
      { file_path: "never/made/x.txt", content: "x" },
      makeContext(root, { signal: controller.signal }),
    );
    assert.equal(result.isError && result.code, "aborted");
    await assert.rejects(fs.stat(path.join(root, "never")));
  });
});

describe("Edit", () => {
  let root: string;
  before(async () => {
    root = tempFolder("tools");
    await writeTree(root, {
      "code.ts": "const a = 1;\nconst b = 2;\nconst a2 = 1;\n",
      "crlf.txt": "\uFEFFfirst\r\nsecond\r\nthird\r\n",
      "spaces.txt": "keep   \nthis\n",
      "dup.txt": "x\ny\nx\nz\nx\n",
    });
  });
  after(() => removeFolder(root));

  async function readFirst(name: string) {
    const context = makeContext(root);
    await run(readTool, { file_path: name }, context);
    return context;
  }

  it("replaces a unique string and shows a numbered snippet; consecutive edits need no re-read", async () => {
    const context = await readFirst("code.ts");
    const result = await run(
      editTool,
      { file_path: "code.ts", old_string: "const b = 2;", new_string: "const b = 3;" },
      context,
    );
    assert.equal(result.isError, false);
    assert.match(result.content, /\s+2\tconst b = 3;/);
    assert.doesNotMatch(result.content, /\s4\t/, "no numbered line for the final newline, as in Read");
    assert.match(result.content, /\s+3\tconst a2 = 1;$/);
    assert.deepEqual(result.data, {
      filePath: path.join(root, "code.ts"),
      oldString: "const b = 2;",
      newString: "const b = 3;",
      replaceAll: false,
      replacements: 1,
      // Claude Code's shape: hunks with 3 lines of context and 1-based line numbers.
      structuredPatch: [
        {
          oldStart: 1,
          oldLines: 3,
          newStart: 1,
          newLines: 3,
          lines: [" const a = 1;", "-const b = 2;", "+const b = 3;", " const a2 = 1;"],
        },
      ],
    });
    const second = await run(
      editTool,
      { file_path: "code.ts", old_string: "b = 3", new_string: "b = $& 4" },
      context,
    );
    assert.equal(second.isError, false);
    assert.equal(
      await fs.readFile(path.join(root, "code.ts"), "utf8"),
      "const a = 1;\nconst b = $& 4;\nconst a2 = 1;\n",
    );
  });

  it("reports several matches with count and lines, and replace_all replaces them", async () => {
    const context = await readFirst("dup.txt");
    const multiple = await run(editTool, { file_path: "dup.txt", old_string: "x", new_string: "w" }, context);
    assert.equal(multiple.isError && multiple.code, "multiple_matches");
    assert.match(multiple.content, /3 times .*lines 1, 3, 5/);
    const all = await run(
      editTool,
      { file_path: "dup.txt", old_string: "x", new_string: "w", replace_all: true },
      context,
    );
    assert.equal(all.isError, false);
    assert.equal(await fs.readFile(path.join(root, "dup.txt"), "utf8"), "w\ny\nw\nz\nw\n");
  });

  it("keeps CRLF endings and the BOM", async () => {
    const context = await readFirst("crlf.txt");
    const result = await run(
      editTool,
      { file_path: "crlf.txt", old_string: "first\nsecond", new_string: "one\ntwo" },
      context,
    );
    assert.equal(result.isError, false);
    assert.equal(await fs.readFile(path.join(root, "crlf.txt"), "utf8"), "\uFEFFone\r\ntwo\r\nthird\r\n");
  });

  it("tolerates trailing-whitespace differences when the match is unique", async () => {
    const context = await readFirst("spaces.txt");
    const result = await run(
      editTool,
      { file_path: "spaces.txt", old_string: "keep\nthis", new_string: "kept\nthat" },
      context,
    );
    assert.equal(result.isError, false);
    assert.equal(await fs.readFile(path.join(root, "spaces.txt"), "utf8"), "kept\nthat\n");
  });

  it("fails with codes for the unhappy paths", async () => {
    const fresh = makeContext(root);
    const unread = await run(editTool, { file_path: "code.ts", old_string: "a", new_string: "b" }, fresh);
    assert.equal(unread.isError && unread.code, "not_read_yet");
    const context = await readFirst("code.ts");
    const same = await run(editTool, { file_path: "code.ts", old_string: "a", new_string: "a" }, context);
    assert.equal(same.isError && same.code, "identical_strings");
    const missing = await run(
      editTool,
      { file_path: "code.ts", old_string: "nothing like it", new_string: "b" },
      context,
    );
    assert.equal(missing.isError && missing.code, "no_match");
    const empty = await run(editTool, { file_path: "code.ts", old_string: "", new_string: "b" }, context);
    assert.equal(empty.isError && empty.code, "empty_old_string");
    const nofile = await run(editTool, { file_path: "nope.ts", old_string: "a", new_string: "b" }, context);
    assert.equal(nofile.isError && nofile.code, "file_not_found");
    await fs.appendFile(path.join(root, "code.ts"), "// changed by someone else\n");
    const changed = await run(
      editTool,
      { file_path: "code.ts", old_string: "const a = 1;", new_string: "x" },
      context,
    );
    assert.equal(changed.isError && changed.code, "file_changed");
  });

  it("creates a missing file from an empty old_string", async () => {
    const result = await run(
      editTool,
      { file_path: "made/new.md", old_string: "", new_string: "# hi\n" },
      makeContext(root),
    );
    assert.equal(result.isError, false);
    assert.equal(await fs.readFile(path.join(root, "made/new.md"), "utf8"), "# hi\n");
  });
});
