// End-to-end: output styles through the built CLI against the fake model server, reading the system
// prompt of the request it records: the built-ins, file styles with and without
// keep-coding-instructions, a plugin-style extra folder name, an unknown name (a warning, the default
// style), broken frontmatter (a warning naming file and line), `/output-style NAME` saving the choice
// to the local settings as Claude Code does, and the stream-json init naming the active style.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const CODING = "run the project's own tests";
const BRIEF = "be brief, use plain text";

const environment = (server: FakeModelServer) =>
  cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });

function systemOf(server: FakeModelServer, index = 0): string {
  const body = server.requests[index]?.body as { system: Array<{ text: string }> };
  return body.system.map((block) => block.text).join("\n");
}

async function promptWith(files: Record<string, string>, extra: string[] = []) {
  const space = scopedWorkspace(files);
  const server = await serveScoped([{ text: "done" }]);
  const run = await runCli(["-p", "hello", ...extra], { cwd: space.dir, env: environment(server) });
  assert.equal(run.code, 0, run.stderr);
  return { system: systemOf(server), stderr: run.stderr, space };
}

const settings = (value: unknown) => JSON.stringify({ outputStyle: value });

test("the default style sends reagent's own prompt with no output style section", async () => {
  const { system } = await promptWith({});
  assert.match(system, new RegExp(BRIEF));
  assert.ok(system.includes(CODING));
  assert.doesNotMatch(system, /# Output style:/);
});

for (const name of ["Explanatory", "learning"]) {
  test(`the built-in ${name} style reaches the system prompt, keeping the coding instructions`, async () => {
    const { system, stderr } = await promptWith({ ".claude/settings.json": settings(name) });
    assert.equal(stderr, "");
    const title = name === "learning" ? "Learning" : name;
    assert.match(system, new RegExp(`# Output style: ${title}\\n`));
    assert.match(system, name === "learning" ? /TODO\(human\)/ : /Insight:/);
    assert.ok(system.includes(CODING), "built-ins keep the coding instructions");
    assert.doesNotMatch(system, new RegExp(BRIEF), "a style drops the brevity rules");
  });
}

test("a project style file replaces the coding instructions unless keep-coding-instructions is true", async () => {
  const poet =
    "---\nname: Poet\ndescription: Answers in verse\n---\nAnswer every question as a short poem.\n";
  const reviewer =
    "---\ndescription: Terse reviewer\nkeep-coding-instructions: true\n---\nList problems first, one line each.\n";
  const files = {
    ".claude/output-styles/poet.md": poet,
    ".claude/output-styles/reviewer.md": reviewer,
  };
  const poem = await promptWith({ ...files, ".claude/settings.json": settings("poet") });
  assert.match(poem.system, /# Output style: Poet\nAnswer every question as a short poem\./);
  assert.ok(!poem.system.includes(CODING), "the coding instructions are gone");
  assert.match(poem.system, /The output style at the end of this prompt sets your role/);
  assert.match(poem.system, /# Safety/, "safety stays");
  const review = await promptWith({ ...files, ".claude/settings.json": settings("reviewer") });
  assert.match(review.system, /# Output style: reviewer\nList problems first/);
  assert.ok(review.system.includes(CODING), "keep-coding-instructions: true keeps them");
});

test("a user style in ~/.claude/output-styles is found; the project's of the same name wins", async () => {
  const space = scopedWorkspace({
    ".claude/settings.json": settings("Pirate"),
    ".claude/output-styles/pirate.md": "---\nname: Pirate\n---\nProject pirate.\n",
  });
  const server = await serveScoped([{ text: "one" }, { text: "two" }]);
  const env = environment(server);
  const home = scopedWorkspace({
    ".claude/output-styles/pirate.md": "---\nname: Pirate\n---\nUser pirate.\n",
    ".claude/output-styles/owl.md": "Hoot wisely.\n",
  });
  env.HOME = home.dir;
  const first = await runCli(["-p", "x"], { cwd: space.dir, env });
  assert.equal(first.code, 0, first.stderr);
  assert.match(systemOf(server, 0), /Project pirate\./);
  assert.doesNotMatch(systemOf(server, 0), /User pirate/);
  const second = await runCli(["-p", "x", "--settings", settings("owl")], { cwd: space.dir, env });
  assert.equal(second.code, 0, second.stderr);
  assert.match(systemOf(server, 1), /# Output style: owl\nHoot wisely\./, "no frontmatter: the file name");
});

test("an unknown style name is a warning and the default style is used", async () => {
  const { system, stderr } = await promptWith({ ".claude/settings.json": settings("Shakespeare") });
  assert.match(stderr, /"outputStyle": no output style is named "Shakespeare"; using the default style/);
  assert.match(stderr, /known: default, Explanatory, Learning/);
  assert.doesNotMatch(system, /# Output style:/);
  assert.match(system, new RegExp(BRIEF));
});

test("broken frontmatter skips the file with its path and line; an odd field is a warning", async () => {
  const { system, stderr, space } = await promptWith({
    ".claude/settings.json": settings("odd"),
    ".claude/output-styles/open.md": "---\nname: Open\nnever closed\n",
    ".claude/output-styles/odd.md": "---\nkeep-coding-instructions: sometimes\n---\nBe odd.\n",
  });
  const open = join(space.dir, ".claude", "output-styles", "open.md");
  assert.ok(stderr.includes(`Output style skipped: ${open}:1: frontmatter is not closed`), stderr);
  assert.match(stderr, /odd\.md:2: "keep-coding-instructions" must be true or false; ignored/);
  assert.match(system, /# Output style: odd\nBe odd\./);
  assert.ok(!system.includes(CODING), "the ignored field leaves the default: false");
});

test("/output-style NAME saves the choice to .claude/settings.local.json; the next run uses it", async () => {
  const space = scopedWorkspace({ ".claude/settings.json": "{}" });
  const server = await serveScoped([{ text: "styled" }]);
  const env = environment(server);
  const list = await runCli(["-p", "/output-style"], { cwd: space.dir, env });
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^Output style: default\n\* default/);
  assert.match(list.stdout, /\n {2}Learning {2}/);
  const unknown = await runCli(["-p", "/output-style Sonnet"], { cwd: space.dir, env });
  assert.notEqual(unknown.code, 0);
  assert.match(unknown.stdout + unknown.stderr, /no output style is named "Sonnet"/);
  const set = await runCli(["-p", "/output-style explanatory"], { cwd: space.dir, env });
  assert.equal(set.code, 0, set.stderr);
  assert.match(set.stdout, /Output style: Explanatory \(saved to \.claude\/settings\.local\.json\)/);
  const saved = JSON.parse(readFileSync(join(space.dir, ".claude", "settings.local.json"), "utf8"));
  assert.deepEqual(saved, { outputStyle: "Explanatory" });
  assert.equal(server.requests.length, 0, "local commands make no request");
  const next = await runCli(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
    cwd: space.dir,
    env,
  });
  assert.equal(next.code, 0, next.stderr);
  const init = JSON.parse(next.stdout.split("\n")[0] ?? "{}");
  assert.equal(init.output_style, "Explanatory");
  assert.match(systemOf(server), /# Output style: Explanatory/);
});

test("a plugin's output style (--plugin-dir) is named plugin:style and reaches the system prompt", async () => {
  const plugin = scopedWorkspace({
    ".claude-plugin/plugin.json": JSON.stringify({ name: "voices", version: "1.0.0" }),
    "output-styles/haiku.md":
      "---\ndescription: Answers as a haiku\n---\nAnswer in three lines of 5, 7 and 5 syllables.\n",
  });
  const space = scopedWorkspace({ ".claude/settings.json": settings("voices:haiku") });
  const server = await serveScoped([{ text: "done" }]);
  const env = environment(server);
  const list = await runCli(["-p", "/output-style", "--plugin-dir", plugin.dir], { cwd: space.dir, env });
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^Output style: voices:haiku\n/);
  assert.match(list.stdout, /\* voices:haiku +Answers as a haiku/);
  const run = await runCli(["-p", "hi", "--plugin-dir", plugin.dir], { cwd: space.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    systemOf(server),
    /# Output style: voices:haiku\nAnswer in three lines of 5, 7 and 5 syllables\./,
  );
  assert.ok(!systemOf(server).includes(CODING), "a plugin's file style drops the coding instructions");
});
