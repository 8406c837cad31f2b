// End-to-end: UserPromptExpansion hooks from ~/.claude/settings.json see a typed slash command after
// it expanded (a custom command with its shell output, a skill) — name, arguments, source, the
// expanded prompt — and can block it (bash + jq, exit 2) or add context (python3, matcher on the
// command's name), while UserPromptSubmit hooks see the line as typed. Built CLI, fake model server;
// the REPL in tmux.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { BIN, cleanEnv, runCli } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { hasJq } from "../support/programs.js";
import { createWorkspace } from "../support/workspace.js";
import { hasTmux, startTmux } from "../ui/repl/tmux.js";

const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks");

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const command = (path: string) => ({ type: "command", command: join(FIXTURES, path) });

test("UserPromptExpansion: a custom command's expansion gets the checklist, /deploy is refused before any request, a skill is seen with its source", {
  skip: hasJq ? false : "jq is not installed (.ci/run installs it)",
}, async () => {
  const server = await startFakeModelServer([{ text: "reviewed" }, { text: "greeted" }]);
  const space = createWorkspace({
    ".claude/commands/review.md":
      "---\ndescription: Review a PR\nallowed-tools: Bash(echo:*)\n---\nReview PR #$0.\nBranch: !`echo on-main`\n",
    ".claude/commands/deploy.md": "---\ndescription: Deploy\n---\nDeploy $ARGUMENTS now.\n",
    ".agents/skills/greet/SKILL.md": "---\nname: greet\ndescription: Greets someone\n---\nGreet warmly.\n",
  });
  cleanups.push(
    () => server.close(),
    () => space.cleanup(),
  );
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  mkdirSync(join(env.HOME, ".claude"), { recursive: true });
  writeFileSync(
    join(env.HOME, ".claude", "settings.json"),
    JSON.stringify({
      hooks: {
        UserPromptSubmit: [{ hooks: [command("prompt-context.py")] }],
        UserPromptExpansion: [
          { hooks: [command("expansion-guard.sh")] },
          { matcher: "review", hooks: [command("expansion-checklist.py")] },
        ],
      },
    }),
  );
  const run = (prompt: string) => runCli(["-p", prompt], { cwd: space.dir, env, timeoutMs: 60_000 });
  const sent = () => JSON.stringify((server.requests.at(-1)!.body as { messages: unknown }).messages);

  const review = await run("/review 42");
  assert.equal(review.code, 0, review.stderr);
  assert.equal(review.stdout, "reviewed\n");
  assert.doesNotMatch(review.stderr, /does not fire the UserPromptExpansion event/);
  assert.match(sent(), /Review PR #42\.\\nBranch: on-main/);
  assert.match(sent(), /Team checklist for \/review: tests, docs, changelog\./);

  const deploy = await run("/deploy prod");
  assert.equal(server.requests.length, 1, "a refused command makes no model request");
  assert.match(
    deploy.stderr,
    /prompt blocked by a UserPromptExpansion hook: Deploys need an approval file \(deploy-approved\)\./,
  );

  const greet = await run("/greet Ada");
  assert.equal(greet.code, 0, greet.stderr);
  assert.equal(greet.stdout, "greeted\n");
  assert.doesNotMatch(sent(), /Team checklist/, "the checklist hook matches /review only");

  const expansions = readFileSync(join(space.dir, "expansions.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.deepEqual(
    expansions.map((entry) => [
      entry.hook_event_name,
      entry.expansion_type,
      entry.command_name,
      entry.command_args,
      entry.command_source,
    ]),
    [
      ["UserPromptExpansion", "slash_command", "review", "42", "skill"],
      ["UserPromptExpansion", "slash_command", "deploy", "prod", "skill"],
      ["UserPromptExpansion", "slash_command", "greet", "Ada", "skill"],
    ],
  );
  assert.match(expansions[0].prompt, /Review PR #42\.\nBranch: on-main/, "the hook sees the expansion");
  assert.match(expansions[1].prompt, /Deploy prod now\./);
  assert.match(
    expansions[2].prompt,
    /^\/greet Ada\n\n<skill name="greet">[\s\S]*Greet warmly\.\n\nARGUMENTS: Ada/,
  );
  assert.equal(
    readFileSync(join(space.dir, "prompts.log"), "utf8"),
    "/review 42\n/deploy prod\n/greet Ada\n",
    "UserPromptSubmit sees each line as typed",
  );
});

test("REPL: a typed skill reaches UserPromptExpansion; a refused command shows the hook's reason and sends nothing", {
  skip: hasJq && hasTmux ? false : "jq and tmux are needed (.ci/run installs them)",
}, async () => {
  const server = await startFakeModelServer([{ text: "greeted in the repl" }]);
  const space = createWorkspace({
    ".claude/commands/deploy.md": "---\ndescription: Deploy\n---\nDeploy $ARGUMENTS now.\n",
    ".agents/skills/greet/SKILL.md": "---\nname: greet\ndescription: Greets someone\n---\nGreet warmly.\n",
  });
  const env = cleanEnv({
    ANTHROPIC_API_KEY: "test-key",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    TERM: "xterm-256color",
  });
  mkdirSync(join(env.HOME, ".claude"), { recursive: true });
  writeFileSync(
    join(env.HOME, ".claude", "settings.json"),
    JSON.stringify({ hooks: { UserPromptExpansion: [{ hooks: [command("expansion-guard.sh")] }] } }),
  );
  const tmux = startTmux({ command: [process.execPath, BIN], cwd: space.dir, env });
  cleanups.push(
    () => server.close(),
    () => space.cleanup(),
    () => tmux.kill(),
  );
  await tmux.waitFor((screen) => screen.includes("Type a message"), "the prompt");
  const send = async (text: string) => {
    tmux.type(text);
    await new Promise((done) => setTimeout(done, 150));
    tmux.keys("Enter");
  };
  await send("/deploy prod");
  await tmux.waitFor((screen) => screen.includes("Deploys need an approval file"), "the refusal");
  assert.equal(server.requests.length, 0, "nothing was sent");
  await send("/greet Ada");
  await tmux.waitFor((screen) => screen.includes("greeted in the repl"), "the skill's answer");
  const expansions = readFileSync(join(space.dir, "expansions.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.deepEqual(
    expansions.map((entry) => [entry.command_name, entry.command_args, entry.command_source]),
    [
      ["deploy", "prod", "skill"],
      ["greet", "Ada", "skill"],
    ],
  );
});
