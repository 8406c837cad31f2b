// The statusLine command runner with real scripts: the published bash + jq shape reading the payload,
// padding, ANSI kept, one line of many; failures (non-zero exit, timeout with its process group killed,
// nothing printed, a crash) fall back to the built-in line with one notice; requests are debounced; and
// the payload a real application builds, in Claude Code's shape.
import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { createStatusLine, type StatusLineSetup } from "../../src/app/status-line.js";
import { modelDisplayName, statusLinePayload, tallySession } from "../../src/app/status-line-payload.js";
import { plainLauncher } from "../support/no-sandbox.js";
import { tempFolder } from "../support/temp-folder.js";
import { createTestApp } from "../support/test-app.js";

const PAYLOAD = {
  session_id: "s-1",
  model: { id: "claude-opus-4-5", display_name: "Opus 4.5" },
  workspace: { current_dir: "/home/ada/project/src", project_dir: "/home/ada/project" },
};

function script(body: string): string {
  const path = join(tempFolder("status"), "statusline.sh");
  writeFileSync(path, `#!/bin/bash\n${body}\n`, { mode: 0o755 });
  return path;
}

function feedFor(command: string, extra: Partial<StatusLineSetup> = {}) {
  const notices: string[] = [];
  const feed = createStatusLine({
    command,
    cwd: tempFolder("cwd"),
    env: { PATH: process.env.PATH },
    launcher: plainLauncher(),
    containment: "none",
    payload: () => PAYLOAD,
    notice: (message) => notices.push(message),
    debounceMs: 10,
    ...extra,
  });
  const changed = () =>
    new Promise<string | undefined>((resolve) => {
      const stop = feed.subscribe(() => {
        stop();
        resolve(feed.text());
      });
    });
  return { feed, notices, changed };
}

/** Runs once and waits until the run has been judged (a notice or a changed line). */
async function settle(parts: ReturnType<typeof feedFor>, ms = 8000) {
  const before = parts.notices.length;
  parts.feed.request();
  const started = Date.now();
  const last = parts.feed.text();
  while (Date.now() - started < ms) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (parts.notices.length > before || parts.feed.text() !== last) return;
  }
}

test("the published bash + jq script reads the payload; its first line is the status line", async () => {
  const command = script(
    [
      "input=$(cat)",
      `model=$(echo "$input" | jq -r '.model.display_name')`,
      `dir=$(echo "$input" | jq -r '.workspace.current_dir')`,
      `printf '\\033[34m[%s]\\033[0m %s\\n' "$model" "\${dir##*/}"`,
      "echo 'a second line is not shown'",
    ].join("\n"),
  );
  const parts = feedFor(command, { padding: 2 });
  const line = parts.changed();
  parts.feed.request();
  assert.equal(await line, "  \u001b[34m[Opus 4.5]\u001b[0m src");
  assert.deepEqual(parts.notices, []);
  parts.feed.close();
});

test("requests are debounced: a burst runs the command once", async () => {
  const counter = join(tempFolder("count"), "runs");
  const parts = feedFor(script(`echo run >> ${counter}; echo ok`), { debounceMs: 100 });
  const line = parts.changed();
  for (let index = 0; index < 5; index++) parts.feed.request();
  assert.equal(await line, "ok");
  await new Promise((resolve) => setTimeout(resolve, 300));
  const { readFileSync } = await import("node:fs");
  assert.equal(readFileSync(counter, "utf8"), "run\n");
  parts.feed.close();
});

test("a non-zero exit falls back to the built-in line with one notice naming the code and stderr", async () => {
  const flag = join(tempFolder("flag"), "fail");
  const parts = feedFor(script(`if [ -e ${flag} ]; then echo 'jq: error' >&2; exit 3; fi; echo fine`));
  await settle(parts);
  assert.equal(parts.feed.text(), "fine");
  writeFileSync(flag, "");
  await settle(parts);
  assert.equal(parts.feed.text(), undefined, "back to the built-in line");
  assert.equal(parts.notices.length, 1);
  assert.match(
    parts.notices[0] ?? "",
    /status line command exited with code 3 \(jq: error\); showing the built-in/,
  );
  await settle(parts, 500);
  assert.equal(parts.notices.length, 1, "said once");
  parts.feed.close();
});

test("a command that hangs is killed with its process group at the timeout", async () => {
  const marker = join(tempFolder("hang"), "child-alive");
  // A background grandchild would write the marker after the timeout if the group survived.
  const parts = feedFor(script(`(sleep 1.5; touch ${marker}) & sleep 30`), { timeoutMs: 500 });
  const started = Date.now();
  await settle(parts);
  assert.ok(Date.now() - started < 5000, "the run ended at the timeout");
  assert.match(parts.notices[0] ?? "", /status line command failed: timed out after 500 ms/);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.equal(existsSync(marker), false, "the whole group was killed");
  parts.feed.close();
});

test("no output, only blank output, a crash and a missing program all fall back", async () => {
  for (const [body, pattern] of [
    ["true", /printed nothing/],
    ["printf '\\n\\n'", /printed nothing/],
    ["kill -SEGV $$", /failed: killed by SIGSEGV|exited with code/],
    ["no-such-program-here", /exited with code 127 \(.*not found\)/],
  ] as const) {
    const parts = feedFor(script(body));
    await settle(parts);
    assert.equal(parts.feed.text(), undefined, body);
    assert.match(parts.notices[0] ?? "", pattern, body);
    parts.feed.close();
  }
});

test("garbage on stdout is shown as printed (first line only); a closed feed runs nothing", async () => {
  const parts = feedFor(
    script("head -c 300 /dev/urandom | tr -d '\\000\\n' | head -c 40; echo; echo second"),
  );
  await settle(parts);
  const text = parts.feed.text() ?? "";
  assert.ok(text.length > 0 && !text.includes("\n"));
  parts.feed.close();
  const counter = join(tempFolder("closed"), "runs");
  const closed = feedFor(script(`echo run >> ${counter}; echo x`));
  closed.feed.close();
  closed.feed.request();
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(existsSync(counter), false);
});

test("model display names: Claude families and versions, other ids as they are", () => {
  assert.equal(modelDisplayName("claude-opus-4-5-20251101"), "Opus 4.5");
  assert.equal(modelDisplayName("claude-sonnet-4-6"), "Sonnet 4.6");
  assert.equal(modelDisplayName("claude-3-5-haiku-latest"), "Haiku 3.5");
  assert.equal(modelDisplayName("gpt-5.2"), "gpt-5.2");
  assert.equal(modelDisplayName("deepseek/deepseek-chat"), "deepseek-chat");
});

test("the payload of a real application: session, folders, model, style, cost, lines, context", async () => {
  const cwd = tempFolder("payload");
  writeFileSync(join(cwd, "notes.txt"), "alpha\n");
  const made = await createTestApp({
    cwd,
    interactive: true,
    mode: "acceptEdits",
    settings: [{ statusLine: { type: "command", command: "true" }, outputStyle: "Learning" }],
    script: [
      { tool_calls: [{ id: "r", name: "Read", input: { file_path: "notes.txt" } }] },
      {
        tool_calls: [
          {
            id: "e",
            name: "Edit",
            input: { file_path: "notes.txt", old_string: "alpha", new_string: "beta\ngamma" },
          },
        ],
      },
      { text: "changed" },
    ],
  });
  assert.ok(made.app.statusLine, "an interactive run with statusLine has a feed");
  const tally = { startedAt: Date.now() - 1000, apiMs: 0, linesAdded: 0, linesRemoved: 0 };
  const stop = tallySession(made.app.events, tally);
  await made.session.submit("change it");
  stop();
  const payload = statusLinePayload(made.app, tally);
  assert.equal(payload.hook_event_name, "Status");
  assert.equal(payload.session_id, made.app.sessionId);
  assert.equal(payload.transcript_path, made.transcriptPath);
  assert.equal(payload.cwd, cwd);
  assert.deepEqual(payload.workspace, { current_dir: cwd, project_dir: cwd, added_dirs: [] });
  assert.deepEqual(payload.output_style, { name: "Learning" });
  const model = payload.model as { id: string; display_name: string };
  assert.equal(model.id, made.session.model.model);
  const cost = payload.cost as Record<string, number | undefined>;
  assert.ok((cost.total_duration_ms ?? 0) >= 1000);
  assert.equal(cost.total_lines_added, 2, "the Edit's + lines");
  assert.equal(cost.total_lines_removed, 1);
  assert.equal(typeof cost.total_api_duration_ms, "number");
  const context = payload.context_window as Record<string, unknown>;
  assert.equal(typeof context.context_window_size, "number");
  assert.equal(typeof context.used_percentage, "number");
  assert.equal(typeof payload.version, "string");
  assert.equal(payload.exceeds_200k_tokens, false);
  await made.app.close();
});
