// How Write and Edit replace an existing file: atomically, through a new file renamed over the old
// one (so a hard link to the old file keeps the old content, and a reader never sees half a file),
// with the old file's exact mode bits, including ones the umask would clear (0o664, 0o777).
import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { editTool } from "../../src/tools/edit.js";
import { readTool } from "../../src/tools/read.js";
import type { Tool } from "../../src/tools/tool.js";
import { writeTool } from "../../src/tools/write.js";
import { removeFolder, tempFolder } from "../support/temp-folder.js";
import { makeContext, run } from "./context.js";

const replacers: Array<[string, Tool, (file: string) => Record<string, unknown>]> = [
  ["Write", writeTool, (file) => ({ file_path: file, content: "new content\n" })],
  ["Edit", editTool, (file) => ({ file_path: file, old_string: "old", new_string: "new" })],
];

describe("Write and Edit replace files atomically", () => {
  let root: string;
  let umask = 0;
  before(async () => {
    root = tempFolder("tools");
    umask = process.umask(0o022);
  });
  after(async () => {
    process.umask(umask);
    removeFolder(root);
  });

  for (const [name, tool, input] of replacers) {
    it(`${name}: a new inode; a hard link to the old file keeps the old content`, async () => {
      const file = path.join(root, `${name}-linked.txt`);
      const keeper = path.join(root, `${name}-keeper.txt`);
      await fs.writeFile(file, "old content\n");
      await fs.link(file, keeper);
      const before = (await fs.stat(file)).ino;
      const context = makeContext(root);
      await run(readTool, { file_path: file }, context);
      const result = await run(tool, input(file), context);
      assert.equal(result.isError, false, result.content);
      assert.equal(await fs.readFile(file, "utf8"), "new content\n");
      assert.equal(await fs.readFile(keeper, "utf8"), "old content\n");
      assert.notEqual((await fs.stat(file)).ino, before);
    });

    for (const mode of [0o664, 0o777]) {
      it(`${name}: keeps mode ${mode.toString(8)} exactly (the umask would change it)`, async () => {
        const file = path.join(root, `${name}-mode-${mode.toString(8)}.txt`);
        await fs.writeFile(file, "old content\n");
        await fs.chmod(file, mode);
        const context = makeContext(root);
        await run(readTool, { file_path: file }, context);
        const result = await run(tool, input(file), context);
        assert.equal(result.isError, false, result.content);
        assert.equal((await fs.stat(file)).mode & 0o777, mode);
      });
    }
  }

  it("leaves no temporary files behind", async () => {
    const leftovers = (await fs.readdir(root)).filter((entry) => entry.endsWith(".tmp"));
    assert.deepEqual(leftovers, []);
  });
});
