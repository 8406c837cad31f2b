// ripgrep's NUL-separated listing read chunk by chunk (ripgrep-files.ts): a listing of some
// hundred KB arrives in many pipe reads, which cut names — and the UTF-8 bytes of one character —
// in two; every name comes back whole, once, also names ending in a character beyond ASCII.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { rgPath } from "@vscode/ripgrep";
import { ripgrepFiles } from "../../src/tools/ripgrep-files.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";

let root: string;
const names: string[] = [];

before(() => {
  root = tempFolder("ripgrep-files");
  const tree: Record<string, string> = {};
  for (let file = 0; file < 1500; file++) {
    // ~120 bytes a name, 3- and 4-byte characters throughout, some at the very end.
    const name = `dir${file % 7}/ünïcödé-${"中文✓".repeat(8)}-${file}-${"🚀".repeat(file % 4)}.txt${file % 3 ? "" : "é"}`;
    tree[name] = "";
    names.push(name);
  }
  writeTree(root, tree);
});
after(() => removeFolder(root));

describe("ripgrepFiles", () => {
  it("gives every name of a listing many reads long, whole and once", async () => {
    const listing = await ripgrepFiles(rgPath, root, {});
    assert.ok(listing.ok, listing.ok ? "" : listing.message);
    const bytes = listing.files.toArray().reduce((sum, name) => sum + Buffer.byteLength(name) + 1, 0);
    assert.ok(bytes > 2 * 65536, `the listing is ${bytes} bytes: more than a few pipe reads`);
    assert.deepEqual([...listing.files].sort(), [...names].sort());
    assert.equal(listing.files.length, names.length, "counted as the chunks came");
  });

  it("newest first and below named folders, the same way", async () => {
    const listing = await ripgrepFiles(rgPath, root, { newestFirst: true, folders: ["dir1", "dir3"] });
    assert.ok(listing.ok, listing.ok ? "" : listing.message);
    const expected = names.filter((name) => name.startsWith("dir1/") || name.startsWith("dir3/"));
    assert.deepEqual([...listing.files].sort(), expected.sort());
  });

  it("finds the names that hold a text in the bytes, each once, across chunks", async () => {
    const listing = await ripgrepFiles(rgPath, root, {});
    assert.ok(listing.ok, listing.ok ? "" : listing.message);
    const all = listing.files.toArray();
    for (const text of [
      "🚀🚀🚀.txt",
      "-7-",
      ".txtésuffix",
      "dir",
      "dir0/",
      "中",
      "é\0",
      "-1499\0",
      "txt\0",
    ]) {
      const wanted = all.filter((name) =>
        text.endsWith("\0") ? name.endsWith(text.slice(0, -1)) : name.includes(text),
      );
      assert.deepEqual(listing.files.holding(text).sort(), wanted.sort(), JSON.stringify(text));
    }
    assert.equal(
      listing.files.holding("dir").length,
      all.length,
      "a name at the start of a chunk counts too",
    );
  });
});
