// Prompt caching end to end: the built CLI against the fake server's cache emulation. Every request
// after the first reads the previous request's prefix (Anthropic breakpoints, OpenAI automatic
// prefix cache); a memory file edited mid-session does not change the cached system prompt but
// reaches the model as a note with the next prompt; the server never refuses a request.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { cleanEnv, runCli } from "../support/cli.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { createWorkspace } from "../support/workspace.js";

const files = Object.fromEntries(
  Array.from({ length: 6 }, (_, index) => [
    `src/f${index}.ts`,
    `export const value${index} = ${index};\n`.repeat(120),
  ]),
);
const workspace = createWorkspace(files);
const servers: FakeModelServer[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
  workspace.cleanup();
});

const readAll: Script = [
  ...Array.from({ length: 6 }, (_, index) => ({
    text: `Reading ${index}.`,
    tool_calls: [{ name: "Read", input: { file_path: `src/f${index}.ts` } }],
  })),
  { text: "Read them all." },
];

type Usage = { input_tokens: number; cache_creation_input_tokens?: number; cache_read_input_tokens?: number };

test("Anthropic: tools and system cached, each request reads the last one's prefix, ≤ 4 breakpoints", async () => {
  const server = await startFakeModelServer(readAll);
  servers.push(server);
  const run = await runCli(["-p", "read the files", "--output-format", "stream-json"], {
    cwd: workspace.dir,
    env: cleanEnv({
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: server.anthropicBaseURL,
      ANTHROPIC_MODEL: "claude-sonnet-4-6",
    }),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  const usages = run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; message?: { usage: Usage } })
    .filter((event) => event.type === "assistant")
    .map((event) => event.message!.usage);
  assert.equal(usages.length, 7);
  assert.equal(usages[0]!.cache_read_input_tokens ?? 0, 0);
  assert.ok(
    (usages[0]!.cache_creation_input_tokens ?? 0) > 1024,
    "the first request writes tools + system + prompt",
  );
  for (const [index, usage] of usages.entries()) {
    if (index === 0) continue;
    const previous = usages[index - 1]!;
    const previousTotal =
      previous.input_tokens +
      (previous.cache_creation_input_tokens ?? 0) +
      (previous.cache_read_input_tokens ?? 0);
    assert.equal(
      usage.cache_read_input_tokens,
      previousTotal,
      `request ${index + 1} reads everything request ${index} sent`,
    );
    assert.equal(usage.input_tokens, 0);
  }
  for (const request of server.requests) {
    const body = JSON.stringify(request.body);
    assert.ok((body.match(/"cache_control"/g) ?? []).length <= 4);
  }
});

test("OpenAI-compatible: the request prefix stays byte-stable, so the automatic cache covers most of it", async () => {
  const server = await startFakeModelServer(readAll);
  servers.push(server);
  const run = await runCli(["-p", "read the files", "--output-format", "json"], {
    cwd: workspace.dir,
    env: cleanEnv({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiBaseURL, OPENAI_MODEL: "gpt-4.1" }),
  });
  assert.equal(run.code, 0, run.stderr);
  const usage = (JSON.parse(run.stdout) as { usage: Usage }).usage;
  const cached = usage.cache_read_input_tokens ?? 0;
  assert.ok(cached / (cached + usage.input_tokens) > 0.75, JSON.stringify(usage));
  const bodies = server.requests.map((request) => request.body as { messages: unknown[] });
  for (let index = 1; index < bodies.length; index++) {
    const before = JSON.stringify(bodies[index - 1]!.messages);
    assert.ok(
      JSON.stringify(bodies[index]!.messages).startsWith(before.slice(0, -1)),
      `request ${index + 1} extends request ${index}`,
    );
  }
});

test("a memory edit mid-session keeps the system prompt and reaches the model as a note", async () => {
  // A PreToolUse hook rewrites the memory file while the turn runs (as a model's Write would).
  const hook = { type: "command", command: "printf -- '- uses npm\\n' > .agents/memory/MEMORY.md" };
  const dir = createWorkspace({
    ".agents/memory/MEMORY.md": "- uses pnpm\n",
    "a.txt": "alpha\n",
    ".claude/settings.json": JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Read", hooks: [hook] }] } }),
  });
  const server = await startFakeModelServer([
    { text: "Reading.", tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
    { text: "Saved." },
    { text: "Second answer." },
  ]);
  servers.push(server);
  try {
    const env = cleanEnv({
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: server.anthropicBaseURL,
      ALLOW_WRITE: "1",
    });
    const first = await runCli(["-p", "remember npm"], { cwd: dir.dir, env });
    assert.equal(first.code, 0, first.stderr);
    const second = await runCli(["-p", "-c", "what next?"], { cwd: dir.dir, env });
    assert.equal(second.code, 0, second.stderr);
    const systems = server.requests.map((request) =>
      JSON.stringify((request.body as { system: unknown }).system),
    );
    assert.match(systems[0]!, /uses pnpm/);
    assert.equal(systems[0], systems[1], "the change inside the turn does not change the system prompt");
    assert.match(systems[2]!, /uses npm/, "a new run starts from the current memory");
    assert.deepEqual(server.refusals, []);
  } finally {
    dir.cleanup();
  }
});
