import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { editTool } from "../../src/tools/edit.js";
import { readTool } from "../../src/tools/read.js";
import { writeTool } from "../../src/tools/write.js";
import { makeContext, makeWorkspace, removeWorkspace, run, writeTree } from "./context.js";

describe("Write", () => {
  let root: string;
  before(async () => {
    root = await makeWorkspace();
  });
  after(() => removeWorkspace(root));

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
});

describe("Edit", () => {
  let root: string;
  before(async () => {
    root = await makeWorkspace();
    await writeTree(root, {
      "code.ts": "const a = 1;\nconst b = 2;\nconst a2 = 1;\n",
      "crlf.txt": "\uFEFFfirst\r\nsecond\r\nthird\r\n",
      "spaces.txt": "keep   \nthis\n",
      "dup.txt": "x\ny\nx\nz\nx\n",
    });
  });
  after(() => removeWorkspace(root));

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
    assert.deepEqual(result.data, {
      filePath: path.join(root, "code.ts"),
      oldString: "const b = 2;",
      newString: "const b = 3;",
      replaceAll: false,
      replacements: 1,
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
