// A small file read in one open (read-lines.ts readWhole, Read's path for files from the disk): the
// bytes the file holds even when it grew or shrank since its stat, never more than the limit past
// one read, and the text/binary sniff on those same bytes — a NUL in the first 8 KB is binary, one
// after it is not, as the separate sniff decided.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { readTool } from "../../src/tools/read.js";
import { bytesLookBinary, looksBinary, readWhole } from "../../src/tools/read-lines.js";
import { removeFolder, tempFolder } from "../support/temp-folder.js";
import { makeContext, run } from "./context.js";

let root: string;
before(() => {
  root = tempFolder("read-whole");
});
after(() => removeFolder(root));

describe("readWhole", () => {
  it("reads what the file holds, whatever its stat said", async () => {
    const file = join(root, "grown.txt");
    const text = "0123456789".repeat(20_000);
    writeFileSync(file, text);
    for (const size of [0, 10, text.length - 1, text.length, text.length + 50])
      assert.equal((await readWhole(file, size, 1 << 20)).toString("utf8"), text, `stat size ${size}`);
    writeFileSync(join(root, "empty.txt"), "");
    assert.equal((await readWhole(join(root, "empty.txt"), 0, 100)).length, 0);
  });

  it("stops reading on past the limit", async () => {
    const file = join(root, "endless.txt");
    writeFileSync(file, "z".repeat(600_000));
    const read = await readWhole(file, 10, 100_000);
    assert.ok(read.length > 100_000 && read.length < 600_000, `${read.length} bytes`);
  });

  it("sniffs binary from the same bytes as the separate sniff", async () => {
    const early = join(root, "early.bin");
    const late = join(root, "late.txt");
    writeFileSync(early, Buffer.concat([Buffer.from("text "), Buffer.from([0]), Buffer.from(" more")]));
    writeFileSync(late, Buffer.concat([Buffer.alloc(8192, 0x61), Buffer.from([0])]));
    for (const file of [early, late])
      assert.equal(bytesLookBinary(await readWhole(file, 0, 1 << 20)), await looksBinary(file), file);
    assert.equal(await looksBinary(early), true);
    assert.equal(await looksBinary(late), false);
    const context = makeContext(root);
    const binary = await run(readTool, { file_path: "early.bin" }, context);
    assert.equal(binary.isError && binary.code, "binary_file");
    const shown = await run(readTool, { file_path: "late.txt" }, context);
    assert.equal(shown.isError, false);
  });
});
