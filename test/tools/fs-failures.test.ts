import assert from "node:assert/strict";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { editTool } from "../../src/tools/edit.js";
import { fsFailure } from "../../src/tools/fs-failure.js";
import { createGrepTool } from "../../src/tools/grep.js";
import { createJavascriptGrepBackend } from "../../src/tools/grep-js.js";
import { readTool } from "../../src/tools/read.js";
import { writeTool } from "../../src/tools/write.js";
import { removeFolder, tempFolder } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

const globTool = builtinTool("Glob");

/** An error as node's fs functions raise it. */
function fsError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed`), { code });
}

describe("fsFailure", () => {
  it("maps fs error codes to tool failure codes, naming the path and the action", () => {
    const expected: Record<string, string> = {
      EACCES: "permission_denied",
      EPERM: "permission_denied",
      EROFS: "permission_denied",
      ENOENT: "file_not_found",
      ENOTDIR: "invalid_path",
      ENAMETOOLONG: "invalid_path",
      EISDIR: "is_directory",
      ENOSPC: "disk_full",
    };
    for (const [code, toolCode] of Object.entries(expected)) {
      const failure = fsFailure(fsError(code), "notes/a.txt", "writing");
      assert.equal(failure?.isError && failure.code, toolCode, code);
      assert.match(failure?.content ?? "", /writing notes\/a\.txt/, code);
    }
    assert.match(fsFailure(fsError("ENOSPC"), "a", "writing")?.content ?? "", /no space left/);
    assert.match(fsFailure(fsError("EROFS"), "a", "writing")?.content ?? "", /read-only/);
  });

  it("leaves other errors to the caller", () => {
    assert.equal(fsFailure(fsError("EBUSY"), "a", "reading"), undefined);
    assert.equal(fsFailure(new Error("not an fs error"), "a", "reading"), undefined);
    assert.equal(fsFailure("text", "a", "reading"), undefined);
  });
});

describe("file tools on a name too long for the file system", () => {
  const longName = `${"n".repeat(300)}.txt`;
  let root: string;
  before(async () => {
    root = tempFolder("tools");
  });
  after(() => removeFolder(root));

  it("fail with invalid_path instead of crashing", async () => {
    const grepTool = createGrepTool({ backend: async () => createJavascriptGrepBackend() });
    const calls = [
      { tool: readTool, input: { file_path: longName } },
      { tool: writeTool, input: { file_path: longName, content: "x" } },
      { tool: editTool, input: { file_path: longName, old_string: "", new_string: "x" } },
      { tool: editTool, input: { file_path: longName, old_string: "a", new_string: "b" } },
      { tool: globTool, input: { pattern: "*", path: longName } },
      { tool: grepTool, input: { pattern: "x", path: longName } },
    ];
    for (const { tool, input } of calls) {
      const result = await run(tool, input, makeContext(root));
      assert.equal(result.isError && result.code, "invalid_path", `${tool.name}: ${result.content}`);
      assert.match(result.content, /too long/, tool.name);
    }
    assert.deepEqual(await fs.readdir(root), [], "nothing was created");
  });

  it("name the long folder when it is in the middle of the path", async () => {
    const result = await run(writeTool, { file_path: `${longName}/a.txt`, content: "x" }, makeContext(root));
    assert.equal(result.isError && result.code, "invalid_path", result.content);
    assert.match(result.content, /too long/);
  });
});

describe("Edit creating a file where the file system refuses", () => {
  it("reports permission_denied, not a crash (sysfs)", {
    skip: !existsSync("/sys/kernel") && "needs Linux sysfs",
  }, async () => {
    const root = tempFolder("tools");
    try {
      const target = path.join("/sys/kernel", `reagent-edit-${process.pid}.txt`);
      const result = await run(
        editTool,
        { file_path: target, old_string: "", new_string: "x" },
        makeContext(root),
      );
      assert.equal(result.isError && result.code, "permission_denied", result.content);
      assert.match(result.content, /reagent-edit-/);
      assert.equal(existsSync(target), false);
    } finally {
      removeFolder(root);
    }
  });
});
