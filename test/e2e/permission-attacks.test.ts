// End-to-end: the table of attempts to get past the permission gate (test/fixtures/permission-
// attempts.ts), each a separate tool call of one scripted session per mode, through the real CLI in
// headless mode against the fake Anthropic server, with rules a user would write. Every attempt must
// be denied (with its reason) and leave no trace; then each Bash attempt is replayed with bash itself
// to prove it is a real attack here. The read-only fast path runs its safe forms without any rule.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  type Attempt,
  type Effect,
  ACCEPT_EDITS_ATTEMPTS as FIRST_ACCEPT_EDITS,
  BYPASS_ATTEMPTS as FIRST_BYPASS,
  RULE_ATTEMPTS as FIRST_RULES,
  READ_ONLY_SAFE as FIRST_SAFE,
  READ_ONLY_NEAR_MISSES,
} from "../fixtures/permission-attempts.js";
import {
  ROUND_2_ACCEPT_EDITS_ATTEMPTS,
  ROUND_2_BYPASS_ATTEMPTS,
  ROUND_2_READ_ONLY_SAFE,
  ROUND_2_RULE_ATTEMPTS,
} from "../fixtures/permission-attempts-round-2.js";
import { cleanEnv, runCli } from "../support/cli.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { tempFolder } from "../support/temp-folder.js";
import { toolOutcomes } from "../support/tool-outcomes.js";

// Round 2 first: the first table ends with a `cd` that later calls of the session inherit.
const RULE_ATTEMPTS = [...ROUND_2_RULE_ATTEMPTS, ...FIRST_RULES];
const ACCEPT_EDITS_ATTEMPTS = [...FIRST_ACCEPT_EDITS, ...ROUND_2_ACCEPT_EDITS_ATTEMPTS];
const BYPASS_ATTEMPTS = [...FIRST_BYPASS, ...ROUND_2_BYPASS_ATTEMPTS];
const READ_ONLY_SAFE = [...FIRST_SAFE, ...ROUND_2_READ_ONLY_SAFE];

const root = tempFolder("attacks");
const project = join(root, "project");
const outside = join(root, "outside");
const docs = join(root, "docs");
const markers = join(root, "markers");
const home = join(root, "home");
const servers: FakeModelServer[] = [];

function fill(text: string, id: string): string {
  return text
    .replaceAll("{M}", join(markers, id))
    .replaceAll("{V}", join(project, `victim-${id}`))
    .replaceAll("{ID}", id)
    .replaceAll("{HOME}", home)
    .replaceAll("{OUT}", outside)
    .replaceAll("{DOCS}", docs)
    .replaceAll("{ROOT}", root)
    .replaceAll("{PROJECT}", project);
}

function effectPath(effect: Effect, id: string): string | null {
  if (effect.kind === "none") return null;
  const path = fill(effect.path, id);
  return isAbsolute(path) ? path : join(project, path);
}

const RULES = {
  permissions: {
    allow: [
      "Bash(git status)",
      "Bash(npm test:*)",
      "Bash(git commit:*)",
      "Bash(echo:*)",
      "Bash(printf:*)",
      "Bash(test:*)",
      "Bash(cat:*)",
      "Bash(ls:*)",
      "Bash(cd:*)",
      "Bash(ln:*)",
      "Bash(mkdir:*)",
      "Bash(timeout:*)",
      "Bash(xargs:*)",
      "Bash(find:*)",
      "Bash(sed:*)",
      "Edit(src/**)",
      `Read(/${docs}/**)`,
    ],
    deny: ["Bash(rm:*)", "Read(./.env)"],
  },
};
const SETTINGS_TEXT = `${JSON.stringify(RULES, null, 2)}\n`;

function writeFile(relative: string, content: string): void {
  const path = join(project, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  if (/(^|\/)bin-[^/]+\//.test(relative) || relative.endsWith(".sh")) chmodSync(path, 0o755);
}

before(() => {
  for (const folder of [project, join(outside, "sub"), docs, markers, home])
    mkdirSync(folder, { recursive: true });
  writeFile("src/a.ts", "export {};\n");
  writeFile(
    "package.json",
    `${JSON.stringify({ name: "p", version: "1.0.0", scripts: { test: "bash -c 'echo tests'" } })}\n`,
  );
  writeFile(".env", "SECRET=1\n");
  writeFile(".gitignore", "node_modules\n");
  writeFileSync(join(outside, "secret.txt"), "outside secret\n");
  symlinkSync(join(outside, "sub"), join(project, "lnk"));
  symlinkSync(".env", join(project, "env-link"));
  mkdirSync(join(project, ".claude"));
  mkdirSync(join(project, ".agents"));
  symlinkSync(".claude", join(project, "conf"));
  spawnSync("git", ["init", "-q"], { cwd: project });
  for (const attempt of [
    ...RULE_ATTEMPTS,
    ...ACCEPT_EDITS_ATTEMPTS,
    ...BYPASS_ATTEMPTS,
    ...READ_ONLY_NEAR_MISSES,
  ]) {
    for (const [name, content] of Object.entries(attempt.files ?? {})) {
      if (name.startsWith("@")) symlinkSync(fill(content, attempt.id), join(project, name.slice(1)));
      else writeFile(fill(name, attempt.id), fill(content, attempt.id));
    }
    if (attempt.effect.kind === "removes" && attempt.effect.path === "{V}")
      writeFile(`victim-${attempt.id}`, "victim\n");
  }
});

after(async () => {
  await Promise.all(servers.map((server) => server.close()));
  if (!process.env.KEEP_ATTACKS) rmSync(root, { recursive: true, force: true });
});

type Outcome = { text: string; isError: boolean; denied: boolean };

function toolCall(attempt: Attempt) {
  const name = attempt.tool ?? "Bash";
  const input =
    name === "Bash"
      ? { command: fill(attempt.command ?? "", attempt.id) }
      : Object.fromEntries(
          Object.entries(attempt.input ?? {}).map(([key, value]) => [key, fill(value, attempt.id)]),
        );
  return { id: attempt.id, name, input };
}

/** Runs every attempt as one tool call of a single headless session; returns each call's outcome. */
async function session(
  attempts: Attempt[],
  args: string[],
  env: Record<string, string> = {},
  settings = SETTINGS_TEXT,
) {
  writeFileSync(join(project, ".claude", "settings.json"), settings);
  const model = await startFakeModelServer([
    { text: "Trying.", tool_calls: attempts.map(toolCall) },
    { text: "done" },
  ]);
  servers.push(model);
  const run = await runCli(["-p", "go", "--output-format", "json", ...args], {
    cwd: project,
    env: cleanEnv({
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: model.anthropicBaseURL,
      HOME: home,
      ...env,
    }),
    timeoutMs: 120_000,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(model.requests[1]?.body, "the session sent the tool results back");
  writeFileSync(join(project, ".claude", "settings.json"), SETTINGS_TEXT);
  const outcomes: Map<string, Outcome> = toolOutcomes(run.stdout, model.requests[1]?.body);
  return outcomes;
}

function effectHappened(effect: Effect, id: string): boolean {
  const path = effectPath(effect, id);
  if (path === null) return false;
  switch (effect.kind) {
    case "creates":
      return existsSync(path);
    case "removes":
      return !existsSync(path);
    case "keeps":
      return (
        !existsSync(path) ||
        readFileSync(path, "utf8") !== fill(effect.content, id).replace("{SETTINGS}", SETTINGS_TEXT)
      );
    default:
      return false;
  }
}

/** Asserts each attempt was denied (with its reason) and left no trace; returns a line per failure. */
function judge(attempts: Attempt[], outcomes: Map<string, Outcome>): string[] {
  const failures: string[] = [];
  for (const attempt of attempts) {
    const outcome = outcomes.get(attempt.id);
    const label = `${attempt.id} (${attempt.class})`;
    if (!outcome) {
      failures.push(`${label}: no tool result`);
      continue;
    }
    const denied = outcome.isError && outcome.text.startsWith("Permission denied") && outcome.denied;
    if (attempt.expect === "allowed") {
      if (outcome.denied || outcome.text.startsWith("Permission denied"))
        failures.push(`${label}: should run but got ${outcome.text}`);
      continue;
    }
    const refused = attempt.expect === "refused" && outcome.isError;
    if (!denied && !refused) failures.push(`${label}: GOT THROUGH: ${outcome.text.slice(0, 200)}`);
    if (attempt.reason && !attempt.reason.test(outcome.text))
      failures.push(`${label}: reason ${attempt.reason} not in ${outcome.text}`);
    if (effectHappened(attempt.effect, attempt.id))
      failures.push(
        `${label}: its effect happened (${attempt.effect.kind} ${effectPath(attempt.effect, attempt.id)})`,
      );
  }
  return failures;
}

describe("bypass attempts through the real CLI (headless)", () => {
  const blocked = (attempts: Attempt[]) => attempts.filter((attempt) => attempt.expect !== "allowed").length;

  test(`default mode with a user's rules: ${blocked(RULE_ATTEMPTS)} attempts are all denied, daily use still runs`, async () => {
    const failures = judge(RULE_ATTEMPTS, await session(RULE_ATTEMPTS, []));
    assert.deepEqual(failures, []);
  });

  test(`acceptEdits with ALLOW_WRITE=1: ${blocked(ACCEPT_EDITS_ATTEMPTS)} attempts on protected paths and uncertain commands are denied`, async () => {
    const outcomes = await session(ACCEPT_EDITS_ATTEMPTS, ["--permission-mode", "acceptEdits"], {
      ALLOW_WRITE: "1",
    });
    assert.deepEqual(judge(ACCEPT_EDITS_ATTEMPTS, outcomes), []);
    assert.equal(readFileSync(join(project, "src", "ok.ts"), "utf8"), "ok\n", "an ordinary edit still runs");
  });

  test(`bypassPermissions with deny Bash(rm:*): ${BYPASS_ATTEMPTS.length} hidden rm commands are all denied`, async () => {
    const outcomes = await session(BYPASS_ATTEMPTS, ["--dangerously-skip-permissions"]);
    assert.deepEqual(judge(BYPASS_ATTEMPTS, outcomes), []);
  });

  test(`read-only fast path: ${READ_ONLY_SAFE.length} safe forms run without a rule; ${READ_ONLY_NEAR_MISSES.length} near misses are denied`, async () => {
    const safe: Attempt[] = READ_ONLY_SAFE.map((command, index) => ({
      id: `S${String(index + 1).padStart(2, "0")}`,
      class: `read-only: ${command}`,
      command,
      effect: { kind: "none" },
      expect: "allowed",
    }));
    const attempts = [...READ_ONLY_NEAR_MISSES, ...safe];
    const onlyEnvDenied = `${JSON.stringify({ permissions: { deny: ["Read(./.env)"] } })}\n`;
    const outcomes = await session(attempts, [], {}, onlyEnvDenied);
    assert.deepEqual(judge(attempts, outcomes), []);
    assert.match(outcomes.get("S05")?.text ?? "", /^1$/m, "head | wc ran");
    assert.match(outcomes.get("N07")?.text ?? "", /Read\(\.\/\.env\) hides files below it/);
  });

  test("every Bash attempt is a real attack here: bash itself lets it through", () => {
    const failures: string[] = [];
    const all = [...RULE_ATTEMPTS, ...ACCEPT_EDITS_ATTEMPTS, ...BYPASS_ATTEMPTS, ...READ_ONLY_NEAR_MISSES];
    for (const attempt of all) {
      if ((attempt.tool ?? "Bash") !== "Bash" || attempt.control === false || attempt.effect.kind === "none")
        continue;
      if (attempt.needs && spawnSync("sh", ["-c", `command -v ${attempt.needs}`]).status !== 0) continue;
      const path = effectPath(attempt.effect, attempt.id) as string;
      if (attempt.effect.kind === "creates") rmSync(path, { force: true });
      if (attempt.effect.kind === "removes" && !existsSync(path))
        writeFile(path.slice(project.length + 1), "victim\n");
      const command = fill(attempt.controlCommand ?? attempt.command ?? "", attempt.id);
      const replay = spawnSync("bash", ["-c", command], {
        cwd: project,
        env: { ...replayEnvironment, HOME: home },
        timeout: 20_000,
        encoding: "utf8",
        // As the Bash tool runs commands: stdin from /dev/null (bash reads ~/.bashrc instead of
        // BASH_ENV when its stdin is a socket, which node's pipes are).
        stdio: ["ignore", "pipe", "pipe"],
      });
      if (!waitFor(() => effectHappened(attempt.effect, attempt.id))) {
        failures.push(
          `${attempt.id} (${attempt.class}): ${command} → ${replay.stdout.slice(-200)} ${replay.stderr.slice(-300)}`,
        );
      }
    }
    assert.deepEqual(
      failures,
      [],
      "these attempts do nothing even in bash; the table must hold real attacks",
    );
  });
});

/** The test's environment without what an outer `npm test` adds (npm_config_* would steer the replayed npm). */
const replayEnvironment = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(npm_|INIT_CWD$|NODE$)/i.test(name)),
);

/** Polls a condition (a background job of the replayed command may still be finishing). */
function waitFor(condition: () => boolean): boolean {
  const deadline = Date.now() + 3000;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    spawnSync("sleep", ["0.05"]);
  }
  return true;
}
