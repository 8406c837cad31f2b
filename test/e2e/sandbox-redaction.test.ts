// End-to-end through the built CLI against the fake Anthropic server: a secret in a tool's output —
// the value of a variable the environment filter takes out, and key shapes — never reaches the
// model's request body or the transcript; the markers say what was there. `redactSecrets: false` in
// the user's settings turns it off. Redaction does not need the sandbox.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { type SandboxHome, sandboxHome, sandboxSession, transcriptsText } from "../support/sandbox-cli.js";

const machines: SandboxHome[] = [];
after(() => {
  for (const machine of machines) machine.cleanup();
});
const TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
const VALUE = "correct-horse-battery-staple";
const KEY = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";

function machineWithSecrets(settings?: unknown): SandboxHome {
  const machine = sandboxHome("redaction");
  machines.push(machine);
  writeFileSync(join(machine.project, "deploy.env"), `GITHUB=${TOKEN}\nDEPLOY=${VALUE}\nKEY=${KEY}\n`);
  if (settings !== undefined) {
    mkdirSync(join(machine.home, ".claude"), { recursive: true });
    writeFileSync(join(machine.home, ".claude", "settings.json"), JSON.stringify(settings));
  }
  return machine;
}
const calls = [
  { id: "cat", input: { command: "cat deploy.env" } },
  { id: "read", name: "Read", input: { file_path: "deploy.env" } },
];

test("secrets in Bash and Read output reach neither the model nor the transcript", async () => {
  const machine = machineWithSecrets();
  const run = await sandboxSession(machine, calls, {
    args: ["--permission-mode", "bypassPermissions"],
    env: { DEPLOY_TOKEN: VALUE },
  });
  const sent = JSON.stringify(run.model.requests.map((request) => request.body));
  for (const secret of [TOKEN, VALUE, KEY]) assert.equal(sent.includes(secret), false, secret);
  assert.match(sent, /\[redacted: GitHub token\]/);
  assert.match(sent, /\[redacted: value of DEPLOY_TOKEN\]/);
  assert.match(sent, /\[redacted: Anthropic API key\]/);
  const transcript = transcriptsText(machine.home);
  assert.match(transcript, /redacted: GitHub token/);
  for (const secret of [TOKEN, VALUE, KEY]) assert.equal(transcript.includes(secret), false, secret);
});

test("redactSecrets: false in the user's settings turns it off", async () => {
  const machine = machineWithSecrets({ redactSecrets: false });
  const run = await sandboxSession(machine, [calls[0]!], {
    args: ["--permission-mode", "bypassPermissions"],
  });
  assert.ok(JSON.stringify(run.model.requests[1]?.body).includes(TOKEN));
});

test("a secret a hook prints on stderr is redacted in its notice too (screen, stream, transcript)", async () => {
  const machine = machineWithSecrets({
    hooks: {
      PostToolUse: [{ hooks: [{ type: "command", command: "head -1 deploy.env >&2" }] }],
    },
  });
  const run = await sandboxSession(machine, [calls[0] as (typeof calls)[number]], {
    args: ["--permission-mode", "bypassPermissions"],
  });
  const shown = `${run.stdout}\n${run.stderr}\n${transcriptsText(machine.home)}`;
  assert.match(shown, /says: GITHUB=\[redacted: GitHub token\]/);
  assert.equal(shown.includes(TOKEN), false);
});
