// The saved task list is data from disk: a valid file comes back as tasks; a missing file is an empty
// list; broken JSON or a wrong shape is a warning naming the file (and the field) and an empty list.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import { loadSavedTasks } from "../../src/tasks/saved-tasks.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";

const dir = tempFolder("tasks");
after(() => removeFolder(dir));

test("a saved list comes back as it was written; missing dependency lists default to empty", () => {
  writeTree(dir, {
    "good.json": JSON.stringify([
      {
        id: "1",
        subject: "Write the parser",
        description: "d",
        status: "completed",
        blocks: ["2"],
        blockedBy: [],
      },
      { id: "2", subject: "Test it", description: "d", status: "in_progress", activeForm: "Testing it" },
    ]),
  });
  const warnings: string[] = [];
  assert.deepEqual(loadSavedTasks(join(dir, "good.json"), warnings), [
    {
      id: "1",
      subject: "Write the parser",
      description: "d",
      status: "completed",
      blocks: ["2"],
      blockedBy: [],
    },
    {
      id: "2",
      subject: "Test it",
      description: "d",
      status: "in_progress",
      activeForm: "Testing it",
      blocks: [],
      blockedBy: [],
    },
  ]);
  assert.deepEqual(warnings, []);
  assert.deepEqual(loadSavedTasks(join(dir, "missing.json"), warnings), []);
  assert.deepEqual(warnings, [], "no saved list yet is not a problem");
});

test("broken JSON and a wrong shape are warnings and an empty list", () => {
  writeTree(dir, {
    "broken.json": "[{",
    "wrong.json": JSON.stringify([{ id: "1", subject: "s", description: "d", status: "done" }]),
  });
  const warnings: string[] = [];
  assert.deepEqual(loadSavedTasks(join(dir, "broken.json"), warnings), []);
  assert.deepEqual(loadSavedTasks(join(dir, "wrong.json"), warnings), []);
  assert.equal(warnings.length, 2);
  assert.match(warnings[0]!, /broken\.json is not valid JSON; starting with an empty task list/);
  assert.match(warnings[1]!, /wrong\.json is not a list of tasks \(.*status.*\)/);
});
