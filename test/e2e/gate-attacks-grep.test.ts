// End-to-end through the built CLI: the Grep oracle. With `Read(./.env)` denied, a model asks Grep
// about the file one character at a time; every answer it gets is the same whatever .env holds, in
// default and plan mode.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { attackSession } from "../support/gate-attacks.js";
import { outcomeOf, type SandboxHome, sandboxHome } from "../support/sandbox-cli.js";

const machines: SandboxHome[] = [];
after(() => {
  for (const machine of machines) machine.cleanup();
});

const QUESTIONS = ["^KEY=a", "^KEY=b", "^KEY=ab", "KEY"].flatMap((pattern, index) => [
  { id: `files-${index}`, name: "Grep", input: { pattern } },
  { id: `count-${index}`, name: "Grep", input: { pattern, output_mode: "count" } },
  { id: `content-${index}`, name: "Grep", input: { pattern, output_mode: "content", head_limit: 1 } },
  { id: `glob-${index}`, name: "Grep", input: { pattern, glob: ".env*" } },
]);

async function answers(secret: string, mode: string): Promise<string[]> {
  const machine = sandboxHome("gate-grep");
  machines.push(machine);
  writeFileSync(join(machine.project, ".env"), `KEY=${secret}\n`);
  writeFileSync(join(machine.project, "notes.txt"), "KEY is documented in the wiki\n");
  const run = await attackSession(machine, [QUESTIONS], {
    args: [
      "--permission-mode",
      mode,
      "--settings",
      JSON.stringify({ permissions: { deny: ["Read(./.env)"] } }),
    ],
  });
  return QUESTIONS.map((question) => `${question.id}: ${outcomeOf(run, question.id).text}`);
}

for (const mode of ["default", "plan"])
  test(`${mode} mode: Grep answers the same whatever the denied .env holds`, async () => {
    const [first, second] = [await answers("abc", mode), await answers("zzz", mode)];
    assert.deepEqual(first, second);
    assert.doesNotMatch(first.join("\n"), /hidden|\.env:|abc/);
    assert.match(first.join("\n"), /notes\.txt/);
  });
