// End-to-end start-up checks of the built CLI: it never loads Node's bundled undici (behind the global
// fetch, Headers, Response) on a run's usual paths (a headless Bash round trip against the wire-level
// fake server, for both providers; a WebFetch with its side request); the tools' JSON Schemas the
// build computed are what zod gives from the source; the command and agent folders and .mcp.json are
// read once.
import assert from "node:assert/strict";
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { computeToolSchemas } from "../../src/app/prebuilt-tool-schemas.js";
import { BIN, cleanEnv, REPO_ROOT, runProgram } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { startWebServer } from "../support/web-fixtures.js";
import { createWorkspace } from "../support/workspace.js";

const REPORT = join(REPO_ROOT, "test", "fixtures", "startup", "report-undici.mjs");
const READS = join(REPO_ROOT, "test", "fixtures", "startup", "report-reads.mjs");
const space = createWorkspace({});
after(() => space.cleanup());

type Sent = {
  tools: Array<{ name?: string; input_schema?: unknown; function?: { name: string; parameters: unknown } }>;
};

/** The input schemas of the tools a first request offered, by tool name. */
function sentSchemas(provider: "anthropic" | "openai", body: unknown): Record<string, unknown> {
  const tools = (body as Sent).tools;
  return Object.fromEntries(
    tools.map((tool) =>
      provider === "anthropic"
        ? [tool.name, tool.input_schema]
        : [tool.function!.name, tool.function!.parameters],
    ),
  );
}

function undiciLoaded(stderr: string): boolean {
  const found = /undici-loaded=(true|false)/.exec(stderr);
  assert.ok(found, `the exit report is missing:\n${stderr}`);
  return found[1] === "true";
}

for (const provider of ["anthropic", "openai"] as const) {
  test(`${provider}: a headless Bash round trip never loads undici`, async () => {
    const server = await startFakeModelServer([
      { tool_calls: [{ id: "t1", name: "Bash", input: { command: "echo round-trip" } }] },
      { text: "done" },
    ]);
    try {
      const env: Record<string, string> =
        provider === "anthropic"
          ? { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL }
          : { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: server.openaiBaseURL };
      const args = ["-p", "run it", "--output-format", "json", "--allowedTools", "Bash(echo:*)"];
      if (provider === "openai") args.push("--provider", "openai", "--model", "gpt-4o");
      const run = await runProgram(process.execPath, ["--import", REPORT, BIN, ...args], {
        cwd: space.dir,
        env: cleanEnv(env),
      });
      assert.equal(run.code, 0, run.stderr);
      const result = JSON.parse(run.stdout) as { result: string; num_turns: number };
      assert.equal(result.result, "done");
      assert.equal(server.turnsServed(), 2);
      const messages = JSON.stringify((server.requests[1]!.body as { messages: unknown }).messages);
      assert.match(messages, /"content":"round-trip"/, "Bash's output went back");
      assert.equal(undiciLoaded(run.stderr), false, "undici was loaded on the model path");
      // The tools' JSON Schemas the build computed are what zod gives from the source.
      const sent = sentSchemas(provider, server.requests[0]!.body);
      const expected = computeToolSchemas();
      const compared = Object.keys(expected).filter((name) => name in sent);
      assert.ok(compared.length >= 14, `only ${compared.join(", ")} were offered`);
      for (const name of compared) assert.deepEqual(sent[name], expected[name], name);
    } finally {
      await server.close();
    }
  });
}

test("a WebFetch and its condensing side request work without undici", async () => {
  const pages = await startWebServer({
    "/notes": (_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("the answer is 42");
    },
  });
  const url = `${pages.origin}/notes`;
  const server = await startFakeModelServer([
    { tool_calls: [{ id: "f1", name: "WebFetch", input: { url, prompt: "What is the answer?" } }] },
    { text: "It says 42." },
    { text: "done" },
  ]);
  try {
    const run = await runProgram(
      process.execPath,
      [
        "--import",
        REPORT,
        BIN,
        "-p",
        "read the notes",
        "--output-format",
        "json",
        "--settings",
        JSON.stringify({ webFetch: { allowPrivateNetwork: true } }),
        "--allowedTools",
        "WebFetch(domain:127.0.0.1)",
      ],
      {
        cwd: space.dir,
        env: cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL }),
      },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(JSON.stringify(server.requests), /the answer is 42/, "the page's text reached the model");
    assert.equal(JSON.parse(run.stdout).result, "done");
    assert.equal(undiciLoaded(run.stderr), false, "undici was loaded for WebFetch");
  } finally {
    await server.close();
    await pages.close();
  }
});

test("start-up reads the command and agent folders and .mcp.json once; trust and the run share them", async () => {
  const project = createWorkspace({
    ".claude/commands/ship.md": "---\nallowed-tools: Bash(git push:*)\n---\nShip it.\n",
    ".claude/agents/checker.md": "---\nname: checker\ndescription: Checks things\n---\nCheck.\n",
    ".mcp.json": JSON.stringify({ mcpServers: {} }),
  });
  const server = await startFakeModelServer([{ text: "done" }]);
  try {
    const run = await runProgram(
      process.execPath,
      ["--import", READS, BIN, "-p", "/ship", "--output-format", "json"],
      {
        cwd: project.dir,
        env: cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL }),
      },
    );
    assert.equal(run.code, 0, run.stderr);
    const found = /reads=(\{.*\})/.exec(run.stderr);
    assert.ok(found, run.stderr);
    const reads = JSON.parse(found[1]!) as Record<string, number>;
    for (const path of [".claude/commands", ".claude/agents", ".mcp.json"])
      assert.equal(reads[join(realpathSync(project.dir), path)] ?? reads[join(project.dir, path)], 1, path);
    for (const [path, times] of Object.entries(reads)) assert.equal(times, 1, `${path} read ${times} times`);
    const first = server.requests[0]!.body as { messages: unknown; tools: Array<{ name: string }> };
    assert.match(JSON.stringify(first.messages), /Ship it\./, "the command found at start-up ran");
    const agentTool = first.tools.find((tool) => tool.name === "Agent");
    assert.match(JSON.stringify(agentTool), /checker/, "the agent file found at start-up is offered");
  } finally {
    await server.close();
    project.cleanup();
  }
});
