// End-to-end (tmux, built CLI, fake model server): the /resume picker lists the project's saved
// sessions (first prompt, age, messages; one held by a live process is marked and refused), choosing
// one replays it, fires SessionStart "resume" and continues its history; `reagent --resume` without an
// id opens the picker first; the /model picker switches the model the next request uses.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { projectSessionsDir } from "../../src/transcript/transcript-index.js";
import { BIN, cleanEnv, runCli } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";
import { createWorkspace } from "../support/workspace.js";
import { startTmux } from "../ui/repl/tmux.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const hookSettings = JSON.stringify({
  hooks: {
    SessionStart: [{ hooks: [{ type: "command", command: "cat >> starts.jsonl; echo >> starts.jsonl" }] }],
  },
});

/** Two saved sessions made by headless runs; the second is held by a live process (this test). */
async function savedSessions() {
  const space = createWorkspace({ ".agents/settings.json": hookSettings });
  cleanups.push(() => space.cleanup());
  const server = await startFakeModelServer([{ text: "parser answer" }, { text: "docs answer" }]);
  cleanups.push(() => server.close());
  const env = cleanEnv({ ANTHROPIC_API_KEY: "x", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  for (const prompt of ["fix the parser", "write the docs"]) {
    const run = await runCli(["-p", prompt], { cwd: space.dir, env });
    assert.equal(run.code, 0, run.stderr);
    await pause(30);
  }
  // The folder's SessionStart hook is this test's own: trusted, so the REPL does not ask first.
  const trusted = await runCli(["trust"], { cwd: space.dir, env });
  assert.equal(trusted.code, 0, trusted.stderr);
  const dir = projectSessionsDir(join(env.HOME, ".agents", "sessions"), realpathSync(space.dir));
  const ids = readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl"))
    .map((name) => name.slice(0, -6));
  const docs = ids.find((id) => readFileSync(join(dir, `${id}.jsonl`), "utf8").includes("write the docs"))!;
  const parser = ids.find((id) => id !== docs)!;
  writeFileSync(join(dir, `${docs}.lock`), `${process.pid}\n`);
  return { workspace: space.dir, home: env.HOME, parser, docs };
}

test("/resume: sessions with prompt, age and count; the one in use is refused; choosing continues it", {
  skip,
}, async () => {
  const saved = await savedSessions();
  const { tmux, server } = await openRepl(cleanups, [{ text: "back on the parser" }], {
    reuse: { dir: saved.workspace, home: saved.home },
  });
  await sendLine(tmux, "/resume");
  const picker = await tmux.waitFor((screen) => screen.includes("Resume a session (2)"), "the picker");
  assert.ok(picker.indexOf("write the docs") < picker.indexOf("fix the parser"), `newest first:\n${picker}`);
  assert.match(picker, /write the docs {2}(just now|\d+ min ago) · 2 messages · .*in use by process \d+/);
  assert.match(picker, /fix the parser {2}(just now|\d+ min ago) · 2 messages/);
  assert.match(picker, /❯ fix the parser/, "the first session that can be resumed is selected");
  tmux.keys("Up");
  await tmux.waitFor((screen) => /❯ write the docs/.test(screen), "the selection on the one in use");
  tmux.keys("Enter");
  await tmux.waitFor((screen) => /write the docs: in use by process/.test(screen), "the refusal");
  tmux.keys("Down");
  await pause(100);
  tmux.keys("Enter");
  const replay = await tmux.waitFor(
    (screen) => screen.includes("parser answer") && screen.includes("resumed session"),
    "the replay",
  );
  assert.match(replay, /> fix the parser/);
  assert.match(replay, new RegExp(`resumed session ${saved.parser}`));
  await tmux.waitFor(
    () => /"source":"resume"/.test(readFileSync(join(saved.workspace, "starts.jsonl"), "utf8")),
    "SessionStart with source resume",
  );
  await sendLine(tmux, "carry on");
  await tmux.waitFor((screen) => screen.includes("back on the parser"), "the answer");
  const sent = JSON.stringify(server.requests.at(-1)!.body);
  assert.match(sent, /fix the parser[\s\S]*parser answer[\s\S]*carry on/);
  tmux.keys("C-d");
  await tmux.waitFor((screen) => screen.includes(`reagent --resume ${saved.parser}`), "the resume hint");
  const file = readFileSync(
    join(
      projectSessionsDir(join(saved.home, ".agents", "sessions"), realpathSync(saved.workspace)),
      `${saved.parser}.jsonl`,
    ),
    "utf8",
  );
  assert.match(file, /carry on/, "the new messages were appended to the resumed session");
});

test("reagent --resume without an id opens the picker before start-up", { skip }, async () => {
  const saved = await savedSessions();
  const server = await startFakeModelServer([{ text: "more parser work" }]);
  cleanups.push(() => server.close());
  const tmux = startTmux({
    command: [process.execPath, BIN, "--resume"],
    cwd: saved.workspace,
    env: cleanEnv({
      HOME: saved.home,
      ANTHROPIC_API_KEY: "x",
      ANTHROPIC_BASE_URL: server.anthropicBaseURL,
      TERM: "xterm-256color",
    }),
  });
  cleanups.push(() => tmux.kill());
  const picker = await tmux.waitFor((screen) => screen.includes("Resume a session (2)"), "the picker first");
  const before = readFileSync(join(saved.workspace, "starts.jsonl"), "utf8").trim().split("\n");
  assert.equal(before.length, 2, "no SessionStart while the picker waits");
  assert.match(picker, /fix the parser/);
  // The picker may still be attaching its key handler on a loaded machine: type until the filter shows.
  for (let attempt = 0; ; attempt++) {
    tmux.type("parser");
    const shown = await tmux
      .waitFor((screen) => screen.includes("Filter: parser"), "the filter", 10_000)
      .then(
        () => true,
        () => false,
      );
    if (shown) break;
    if (attempt === 3) assert.fail("the picker never took the typed filter");
  }
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("parser answer"), "the replay");
  await sendLine(tmux, "continue");
  await tmux.waitFor((screen) => screen.includes("more parser work"), "the answer");
  assert.match(JSON.stringify(server.requests.at(-1)!.body), /fix the parser[\s\S]*continue/);
  const starts = readFileSync(join(saved.workspace, "starts.jsonl"), "utf8").trim().split("\n");
  assert.match(starts.at(-1)!, /"source":"resume"/, "the REPL's only SessionStart is the resume");
  assert.equal(starts.length, 3, "two headless start-ups, then the resume");
});

test("/model: a picker of the provider's aliases and models; the choice is what the next request uses", {
  skip,
}, async () => {
  const { tmux, server } = await openRepl(cleanups, [{ text: "from haiku" }]);
  await sendLine(tmux, "/model");
  const picker = await tmux.waitFor((screen) => screen.includes("Switch model"), "the model picker");
  assert.match(picker, /sonnet {2}alias for claude-sonnet-5 · \$3 \/ \$15 per Mtok/);
  assert.match(picker, /\(current\)/);
  tmux.type("haiku");
  await tmux.waitFor((screen) => /❯ haiku/.test(screen), "filtered to haiku");
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("model: claude-haiku-4-5"), "the switch");
  await sendLine(tmux, "hello");
  await tmux.waitFor((screen) => screen.includes("from haiku"), "the answer");
  assert.equal((server.requests.at(-1)!.body as { model: string }).model, "claude-haiku-4-5");
});
