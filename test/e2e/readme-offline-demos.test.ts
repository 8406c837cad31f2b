// README's offline demos, run as written (the command lines are taken from the README) in a copy of
// the repository's examples and README: what the scripted answer says happened is what stderr shows
// happened. The first demo runs without hooks (its calls succeed and it says nothing about a hook);
// the Hooks section's demo, after its `cp`, has its Bash call blocked by the hook and says so; and that
// example's Stop hook asks once, then lets the agent stop even after a tool round (issue 30, defect 1).
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cleanEnv, REPO_ROOT, runCli } from "../support/cli.js";
import { tempFolder } from "../support/temp-folder.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");

/** The arguments of the README's `npx reagent --model scripted:… -p "demo"` lines, in order. */
function demoLines(): string[][] {
  return [...readme.matchAll(/^npx reagent (--model scripted:\S+) -p "demo"$/gm)].map((match) => [
    ...match[1]!.split(" "),
    "-p",
    "demo",
  ]);
}

function copyOfTheRepository(): string {
  const dir = tempFolder("demo");
  cpSync(join(REPO_ROOT, "examples"), join(dir, "examples"), { recursive: true });
  cpSync(join(REPO_ROOT, "README.md"), join(dir, "README.md"));
  return dir;
}

test("the README's first offline demo says only what happened: both calls ran", async () => {
  const [first] = demoLines();
  assert.ok(first, "the README has an offline demo");
  const dir = copyOfTheRepository();
  const run = await runCli(first, { cwd: dir, env: cleanEnv() });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /● Bash\(ls\) → ok/);
  assert.match(run.stderr, /● Read\(README\.md\) → ok/);
  assert.doesNotMatch(run.stdout, /block|denied/i, "nothing was blocked, and the answer must not say so");
});

test("the Hooks section's demo, after its cp, has Bash blocked by the hook, as its answer says", async () => {
  const lines = demoLines();
  const hooksDemo = lines.find((args) => args.some((arg) => arg.includes("examples/hooks/demo.json")));
  assert.ok(hooksDemo, "the Hooks section has its demo");
  assert.match(readme, /cp examples\/hooks\/hooks\.json \.agents\/hooks\.json/);
  const dir = copyOfTheRepository();
  mkdirSync(join(dir, ".agents"));
  cpSync(join(dir, "examples", "hooks", "hooks.json"), join(dir, ".agents", "hooks.json"));
  const run = await runCli(hooksDemo, { cwd: dir, env: cleanEnv() });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /● Bash\(ls\) → hook_denied/);
  assert.match(run.stdout, /the Bash call was denied by the PreToolUse demo hook/);
});

test("the Hooks example's Stop hook (stop-verify.mjs) lets a continued agent stop, also after a tool round", async () => {
  const dir = copyOfTheRepository();
  mkdirSync(join(dir, ".agents"));
  cpSync(join(dir, "examples", "hooks", "hooks.json"), join(dir, ".agents", "hooks.json"));
  // Each answer is followed, should the hook block it, by a Read and another answer: without the
  // stop_hook_active it sends after the first block, the hook would block every answer.
  const turns = Array.from({ length: 10 }, (_, index) => [
    { text: `answer ${index + 1}` },
    { tool_calls: [{ name: "Read", input: { file_path: "README.md" } }] },
  ]).flat();
  const script = join(dir, "stop-script.json");
  writeFileSync(script, JSON.stringify(turns));
  const run = await runCli(["--model", `scripted:${script}`, "-p", "go", "--output-format", "json"], {
    cwd: dir,
    env: cleanEnv(),
  });
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.result, "answer 2", "blocked once, then allowed to stop after the Read");
  assert.equal(result.num_turns, 3, run.stderr);
});
