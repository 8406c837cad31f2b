import assert from "node:assert/strict";
import { test } from "node:test";
import { formatHookList, formatHookTestReport } from "../../src/hooks/inspect.js";
import { tempFolder } from "../support/temp-folder.js";
import { claude, cmd, harness } from "./harness.js";

test("hooks list shows every handler per event with source, matcher, type, timeout and duplicates", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [claude("PreToolUse", [{ matcher: "Bash", hooks: [cmd("check.sh", { timeout: 3 })] }])],
    compact: { PreToolUse: [{ matcher: "Bash", command: "check.sh" }], Stop: [{ command: "node stop.mjs" }] },
  });
  const text = formatHookList(h.engine.list());
  assert.match(
    text,
    /^PreToolUse:\n {2}\[Bash\] command: check\.sh\n {6}settings-0\.json hooks\.PreToolUse\[0\]\.hooks\[0\] · timeout 3s · onError warn\n/,
  );
  assert.match(
    text,
    /\.agents\/hooks\.json PreToolUse\[0\] · timeout 5s · onError warn · duplicate of settings-0\.json/,
  );
  assert.match(text, /Stop:\n {2}\[\*\] command: node stop\.mjs/);
});

test("hooks test runs the matching hooks on a synthetic payload and prints each result and the merge", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("PreToolUse", [
        { matcher: "Bash", hooks: [cmd("echo 'no network' >&2; exit 2"), cmd("cat >/dev/null; echo '{}'")] },
        { matcher: "Read", hooks: [cmd("exit 1")] },
      ]),
    ],
  });
  const report = await h.engine.test("PreToolUse", { tool: "Bash", input: { command: "curl x" } });
  assert.equal(report.runs.length, 2);
  assert.equal(report.merged.verdict, "deny");
  assert.equal(h.notices.length, 0, "test mode does not emit notices");
  const text = formatHookTestReport(report);
  assert.match(text, /^PreToolUse with payload \{"tool_name":"Bash","tool_input":\{"command":"curl x"\}/);
  assert.match(text, /exit 2 in \d+ ms → deny; block: no network/);
  assert.match(text, /exit 0 in \d+ ms → none; json: \{\}/);
  assert.match(text, /merged: decision deny; reason: no network/);
  const none = await h.engine.test("PreToolUse", { tool: "Glob" });
  assert.match(formatHookTestReport(none), /no matching hooks/);
});
