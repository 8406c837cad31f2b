// End-to-end: slash commands as headless prompts (`-p "/compact"` fires PreCompact like the REPL,
// skills expand into a prompt, unknown commands fail with a suggestion, paths are not commands),
// and a prompt argument whose stdin stays open and silent does not block the run.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { serveScoped } from "../support/scoped.js";
import { createWorkspace } from "../support/workspace.js";

const env = (server: FakeModelServer, home?: string) => {
  const base = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  return home ? { ...base, HOME: home } : base;
};

type Body = { messages: Array<{ role: string; content: Array<{ type: string; text?: string }> }> };

test('-c -p "/compact" compacts the resumed session and fires PreCompact, as interactively', async () => {
  const space = createWorkspace({
    ".claude/settings.json": JSON.stringify({
      hooks: {
        PreCompact: [{ hooks: [{ type: "command", command: 'echo "$(cat)" > pre-compact.json' }] }],
      },
    }),
  });
  after(() => space.cleanup());
  const server = await serveScoped([
    // Long enough that compaction has something beyond the recent part it keeps word for word.
    { text: `First answer about the project. ${"The project has many parts. ".repeat(400)}` },
    { text: "Summary: the user asked about the project and got an answer." },
  ]);
  const environment = { ...env(server), CONTEXT_WINDOW_TOKENS: "20000", AUTOCOMPACT: "0" };
  const first = await runCli(["-p", "tell me about the project"], { cwd: space.dir, env: environment });
  assert.equal(first.code, 0, first.stderr);
  const compact = await runCli(["-c", "-p", "/compact", "--output-format", "stream-json"], {
    cwd: space.dir,
    env: environment,
  });
  assert.equal(compact.code, 0, compact.stderr);
  const lines = compact.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const result = lines.at(-1);
  assert.equal(result.type, "result");
  assert.equal(result.subtype, "success");
  assert.equal(result.num_turns, 0, "a local command makes no agent turn");
  assert.match(result.result, /Compacted the conversation \(manual\)/);
  assert.ok(
    lines.some((line) => line.subtype === "compact_boundary" && line.compact_metadata.trigger === "manual"),
  );
  const payload = JSON.parse(readFileSync(join(space.dir, "pre-compact.json"), "utf8"));
  assert.equal(payload.hook_event_name, "PreCompact");
  assert.equal(payload.trigger, "manual");
  assert.equal(server.requests.length, 2, "one request for the answer, one for the summary");
});

test("an unknown command fails with a suggestion; a path-like prompt goes to the model", async () => {
  const space = createWorkspace();
  after(() => space.cleanup());
  const server = await serveScoped([{ text: "Looked at it." }]);
  const unknown = await runCli(["-p", "/compcat", "--output-format", "json"], {
    cwd: space.dir,
    env: env(server),
  });
  assert.equal(unknown.code, 1);
  const result = JSON.parse(unknown.stdout);
  assert.equal(result.subtype, "error_during_execution");
  assert.match(result.errors[0], /Unknown command \/compcat\. Did you mean \/compact\?/);
  assert.equal(server.requests.length, 0, "no model request for a mistyped command");
  const path = await runCli(["-p", "/usr/lib is full, why?"], { cwd: space.dir, env: env(server) });
  assert.equal(path.code, 0, path.stderr);
  assert.equal(path.stdout, "Looked at it.\n");
  const body = server.requests[0]!.body as Body;
  assert.equal(body.messages[0]!.content[0]!.text, "/usr/lib is full, why?");
});

test("a skill named as a command puts the skill itself in the prompt: one request, no Skill tool call asked for", async () => {
  const space = createWorkspace({
    ".claude/skills/release-notes/SKILL.md":
      "---\nname: release-notes\ndescription: Write release notes\n---\nSteps.\n",
  });
  after(() => space.cleanup());
  const server = await serveScoped([{ text: "Notes written." }]);
  const run = await runCli(["-p", "/release-notes v2.0"], { cwd: space.dir, env: env(server) });
  assert.equal(run.code, 0, run.stderr);
  const body = server.requests[0]!.body as Body;
  const text = body.messages[0]!.content[0]!.text ?? "";
  assert.match(text, /^\/release-notes v2\.0/);
  assert.equal(server.requests.length, 1);
  assert.match(text, /<skill name="release-notes">\nBase directory for this skill: /);
  assert.match(text, /Steps\.\n\nARGUMENTS: v2\.0\n<\/skill>$/);
  assert.doesNotMatch(text, /Skill tool/);
});

test("a prompt argument does not wait for a stdin that stays open and silent", async () => {
  const space = createWorkspace();
  after(() => space.cleanup());
  const server = await serveScoped([{ text: "answered without stdin" }]);
  // stdin is never written to and never closed.
  const { code, stdout, stderr } = await runCli(["-p", "hi"], {
    cwd: space.dir,
    env: env(server),
    keepStdinOpen: true,
  });
  assert.equal(code, 0, stderr);
  assert.equal(stdout, "answered without stdin\n");
  assert.match(stderr, /no input on stdin after 3 s; going on without it/);
  const body = server.requests[0]!.body as Body;
  assert.equal(body.messages[0]!.content[0]!.text, "hi", "nothing was appended");
});
