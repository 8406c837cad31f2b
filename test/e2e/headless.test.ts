// End-to-end: the built CLI against the wire-level fake model server, for both providers.
import assert from "node:assert/strict";
import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { serveScoped } from "../support/scoped.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "notes.txt": "alpha\nbeta\n" });
after(() => workspace.cleanup());

const anthropicEnv = (server: FakeModelServer, extra: Record<string, string> = {}) =>
  cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL, ...extra });
const openaiEnv = (server: FakeModelServer) =>
  cleanEnv({
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: server.openaiBaseURL,
    OPENAI_MODEL: "local-model",
  });

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

const readThenAnswer: Script = [
  { text: "Reading.", tool_calls: [{ id: "call_1", name: "Read", input: { file_path: "notes.txt" } }] },
  { text: "The file says alpha and beta." },
];

type Body = { messages: Array<{ role: string; content: unknown }>; tools: Array<Record<string, unknown>> };

test("--version and --help", async () => {
  const version = await runCli(["--version"], { cwd: workspace.dir });
  assert.equal(version.code, 0);
  assert.match(version.stdout.trim(), /^\d+\.\d+\.\d+$/);
  const help = await runCli(["--help"], { cwd: workspace.dir });
  assert.equal(help.code, 0);
  for (const flag of [
    "--print",
    "--output-format",
    "--model",
    "--max-turns",
    "--provider",
    "--verbose",
    "--allowedTools",
  ])
    assert.ok(help.stdout.includes(flag), `help documents ${flag}`);
});

test("no provider configured: exit 2 naming the variables and the Ollama example", async () => {
  const run = await runCli(["-p", "hi"], { cwd: workspace.dir });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /ANTHROPIC_API_KEY/);
  assert.match(run.stderr, /OPENAI_API_KEY/);
  assert.match(run.stderr, /11434/);
  assert.equal(run.stdout, "");
});

test("Anthropic: a tool round trip prints the answer on stdout and activity on stderr", async () => {
  const server = await serveScoped(readThenAnswer);
  const run = await runCli(["-p", "what is in notes.txt?"], {
    cwd: workspace.dir,
    env: anthropicEnv(server),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "The file says alpha and beta.\n");
  assert.match(run.stderr, /Read\(notes\.txt\) → ok/);
  assert.equal(server.requests.length, 2);
  const [firstRequest, secondRequest] = server.requests;
  assert.ok(firstRequest && secondRequest);
  const second = secondRequest.body as Body;
  const toolResult = JSON.stringify(second.messages.at(-1));
  assert.match(toolResult, /"tool_use_id":"call_1"/);
  assert.match(toolResult, /1\\talpha/);
  const tools = (firstRequest.body as Body).tools.map((tool) => tool.name);
  assert.ok(tools.includes("Read") && tools.includes("Bash"), `tools sent: ${tools.join(",")}`);
});

test("OpenAI-compatible: the same round trip; the tool result goes back as a tool message", async () => {
  const server = await serveScoped(readThenAnswer);
  const run = await runCli(["-p", "what is in notes.txt?"], { cwd: workspace.dir, env: openaiEnv(server) });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "The file says alpha and beta.\n");
  const [firstRequest, secondRequest] = server.requests;
  assert.ok(firstRequest && secondRequest, `${server.requests.length} requests`);
  const second = secondRequest.body as Body & { model: string };
  assert.equal(second.model, "local-model");
  const toolMessage = second.messages.find((message) => message.role === "tool") as unknown as {
    tool_call_id: string;
  };
  assert.equal(toolMessage.tool_call_id, "call_1");
  const readSchema = (firstRequest.body as Body).tools.find(
    (tool) => (tool.function as { name: string }).name === "Read",
  );
  assert.ok(readSchema, "Read schema sent as a function tool");
});

test("--output-format json prints one result object shaped like claude -p", async () => {
  const server = await serveScoped(readThenAnswer);
  const run = await runCli(["-p", "go", "--output-format", "json"], {
    cwd: workspace.dir,
    env: anthropicEnv(server),
  });
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.type, "result");
  assert.equal(result.subtype, "success");
  assert.equal(result.is_error, false);
  assert.equal(result.result, "The file says alpha and beta.");
  assert.equal(result.num_turns, 2);
  assert.match(result.session_id, /^[0-9a-f-]{36}$/);
  for (const field of ["duration_ms", "duration_api_ms"]) assert.equal(typeof result[field], "number");
  const { usage } = result;
  assert.ok(usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens > 0);
  assert.equal(typeof result.total_cost_usd, "number");
  assert.deepEqual(result.permission_denials, []);
  assert.ok("api_error_status" in result, "always present, as in Claude Code");
  assert.equal(result.api_error_status, null);
});

test("--output-format stream-json prints init, assistant, user and result lines", async () => {
  const server = await serveScoped(readThenAnswer);
  const run = await runCli(["-p", "go", "--output-format", "stream-json"], {
    cwd: workspace.dir,
    env: anthropicEnv(server),
  });
  assert.equal(run.code, 0, run.stderr);
  const lines = jsonLines(run.stdout);
  const kinds = lines.map((line) => (line.subtype ? `${line.type}/${line.subtype}` : line.type));
  assert.equal(kinds[0], "system/init");
  assert.ok(lines[0].tools.includes("Read"));
  assert.equal(lines[0].cwd.endsWith(workspace.dir.split("/").at(-1)), true);
  assert.deepEqual(
    kinds.filter((kind) => !kind.startsWith("system/hook")),
    ["system/init", "assistant", "user", "assistant", "result/success"],
  );
  // A successful tool_result says is_error: false; the result carries api_error_status: null.
  const user = lines.find((line) => line.type === "user");
  assert.equal(user.message.content[0].type, "tool_result");
  assert.equal(user.message.content[0].is_error, false);
  assert.equal(typeof user.tool_use_result, "object", "Read's structured result");
  assert.equal(lines.at(-1).api_error_status, null);
});

test("stream-json: a denied call's user line has is_error true and Claude Code's `Error: …` tool_use_result", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "toolu_w", name: "Write", input: { file_path: "new.txt", content: "x\n" } }] },
    { text: "could not write" },
  ]);
  const run = await runCli(["-p", "write it", "--output-format", "stream-json", "--verbose"], {
    cwd: workspace.dir,
    env: anthropicEnv(server),
  });
  assert.equal(run.code, 0, run.stderr);
  const lines = jsonLines(run.stdout);
  const user = lines.find((line) => line.type === "user");
  const [block] = user.message.content;
  assert.deepEqual([block.tool_use_id, block.is_error], ["toolu_w", true]);
  assert.equal(user.tool_use_result, `Error: ${block.content}`);
  assert.match(user.tool_use_result, /^Error: .*Write is not allowed in non-interactive mode/);
  const result = lines.at(-1);
  assert.equal(result.permission_denials[0].tool_use_id, "toolu_w");
  assert.equal(result.api_error_status, null);
});

test("with -p and no prompt argument, the prompt is read from stdin", async () => {
  const server = await serveScoped([{ text: "from stdin" }]);
  const run = await runCli(["-p"], {
    cwd: workspace.dir,
    env: anthropicEnv(server),
    stdin: "the piped prompt",
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "from stdin\n");
  const [request] = server.requests;
  assert.ok(request);
  assert.match(JSON.stringify((request.body as Body).messages[0]), /the piped prompt/);
});

test("--max-turns: exit 1 and subtype error_max_turns", async () => {
  const loop = { tool_calls: [{ name: "Read", input: { file_path: "notes.txt" } }] };
  const server = await serveScoped([loop, loop, loop]);
  const run = await runCli(["-p", "go", "--max-turns", "2", "--output-format", "json"], {
    cwd: workspace.dir,
    env: anthropicEnv(server),
  });
  assert.equal(run.code, 1);
  assert.equal(JSON.parse(run.stdout).subtype, "error_max_turns");
  assert.equal(server.requests.length, 2);
});

test("bad usage exits 2 with a message that says what to fix", async () => {
  const run = await runCli(["-p", "x", "--max-turns", "zero"], { cwd: workspace.dir, env: cleanEnv() });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /--max-turns zero: expected a positive whole number/);
});

test("a settings file with a typo is a start-up error naming the file (exit 2)", async () => {
  const bad = createWorkspace({ ".claude/settings.json": '{ "permissions": { "allow": ["Read",] } }' });
  try {
    const server = await serveScoped([{ text: "never" }]);
    const run = await runCli(["-p", "x"], { cwd: bad.dir, env: anthropicEnv(server) });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /\.claude\/settings\.json: invalid JSON \(line 1, column \d+\)/);
    assert.equal(server.requests.length, 0);
  } finally {
    bad.cleanup();
  }
});

test("an auth error is not retried: one request, one actionable line, exit 1", async () => {
  const server = await serveScoped([
    {
      fault: {
        status: 401,
        body: '{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
      },
    },
  ]);
  const run = await runCli(["-p", "x"], { cwd: workspace.dir, env: anthropicEnv(server) });
  assert.equal(run.code, 1);
  assert.equal(server.requests.length, 1);
  assert.match(run.stderr, /ANTHROPIC_API_KEY/);
  assert.equal(run.stdout, "");
});

test("a 429 with retry-after is retried with a stderr line, then succeeds", async () => {
  const server = await serveScoped([{ fault: { status: 429, retry_after: 0 } }, { text: "after retry" }]);
  const run = await runCli(["-p", "x"], { cwd: workspace.dir, env: anthropicEnv(server) });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "after retry\n");
  assert.match(run.stderr, /retrying in/);
  assert.equal(server.requests.length, 2);
});

test("a stream cut mid-way ends the run with a clear error (exit 1)", async () => {
  const server = await serveScoped([
    { text: "a long answer that will be cut off", fault: { drop_after_chunks: 2 } },
  ]);
  const run = await runCli(["-p", "x", "--output-format", "json"], {
    cwd: workspace.dir,
    env: anthropicEnv(server),
  });
  assert.equal(run.code, 1);
  const result = JSON.parse(run.stdout);
  // Claude Code reports an API failure as subtype "success" with is_error and the error as the result.
  assert.equal(result.subtype, "success");
  assert.equal(result.is_error, true);
  assert.equal(result.terminal_reason, "api_error");
  assert.deepEqual(result.errors, []);
  assert.equal(result.api_error_status, null);
  assert.match(result.result, /^API Error: .*(closed|cut|mid)/i);
});

test("SIGINT aborts the request, says so and exits 130", async () => {
  const server = await serveScoped([{ text: "slow ".repeat(200), fault: { chunk_delay_ms: 200 } }]);
  const run = await runCli(["-p", "x"], {
    cwd: workspace.dir,
    env: anthropicEnv(server),
    onSpawn: (child) => {
      const timer = setInterval(() => {
        if (server.requests.length > 0) {
          clearInterval(timer);
          setTimeout(() => child.kill("SIGINT"), 100);
        }
      }, 20);
    },
  });
  assert.equal(run.code, 130);
  assert.match(run.stderr, /interrupted/);
});

test("--model scripted:FILE plays a script offline", async () => {
  const scriptPath = workspace.write("script.json", JSON.stringify([{ text: "scripted answer" }]));
  const run = await runCli(["-p", "x", "--model", `scripted:${scriptPath}`], {
    cwd: workspace.dir,
    env: cleanEnv(),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "scripted answer\n");
});

test("SIGINT during a running Bash command kills it, answers the call and exits 130", async () => {
  const marker = "reagent-sigint-test-marker";
  const script = workspace.write(
    "sigint.json",
    JSON.stringify([
      { tool_calls: [{ name: "Bash", input: { command: `sleep 30; echo ${marker}` } }] },
      { text: "never" },
    ]),
  );
  const started = Date.now();
  const run = await runCli(
    ["-p", "x", "--model", `scripted:${script}`, "--allowedTools", "Bash", "--verbose"],
    {
      cwd: workspace.dir,
      env: cleanEnv(),
      onSpawn: (child) => {
        let seen = "";
        child.stderr?.on("data", (chunk) => {
          seen += chunk;
          if (seen.includes("Bash(") && !seen.includes("SIGINT-sent")) {
            seen += "SIGINT-sent";
            setTimeout(() => child.kill("SIGINT"), 200);
          }
        });
      },
    },
  );
  assert.equal(run.code, 130, run.stderr);
  assert.ok(Date.now() - started < 15_000, "did not wait for sleep 30");
  assert.match(run.stderr, /interrupted/);
  assert.doesNotMatch(run.stdout, new RegExp(marker));
});

test("a prompt argument plus piped stdin: the piped text is appended to the prompt", async () => {
  const log = join(workspace.dir, "pipe-requests.log");
  const script = workspace.write("pipe.json", JSON.stringify([{ text: "reviewed" }]));
  const run = await runCli(["-p", "review this diff", "--model", `scripted:${script}`], {
    cwd: workspace.dir,
    env: cleanEnv({ REAGENT_SCRIPT_LOG: log }),
    stdin: "diff --git a/x b/x\n+added line\n",
  });
  assert.equal(run.code, 0, run.stderr);
  const prompt = JSON.stringify(JSON.parse(readFileSync(log, "utf8").split("\n")[0] ?? "").messages[0]);
  assert.match(prompt, /review this diff\\n\\ndiff --git a\/x b\/x\\n\+added line/);
});

test("an unusable CONTEXT_WINDOW_TOKENS is reported once, and the run goes on", async () => {
  const script = workspace.write("window.json", JSON.stringify([{ text: "fine" }]));
  const run = await runCli(["-p", "x", "--model", `scripted:${script}`], {
    cwd: workspace.dir,
    env: cleanEnv({ CONTEXT_WINDOW_TOKENS: "abc" }),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "fine\n");
  assert.match(run.stderr, /CONTEXT_WINDOW_TOKENS=abc is not a positive number of tokens/);
});

test("configuration mistakes exit 2 naming what to fix: bad base URL, bad script", async () => {
  const badUrl = await runCli(["-p", "x"], {
    cwd: workspace.dir,
    env: cleanEnv({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "not a url" }),
  });
  assert.equal(badUrl.code, 2);
  assert.match(badUrl.stderr, /OPENAI_BASE_URL=not a url is not an http\(s\) URL/);
  const script = workspace.write("bogus.json", JSON.stringify([{ bogus: 1 }]));
  const badScript = await runCli(["-p", "x", "--model", `scripted:${script}`], {
    cwd: workspace.dir,
    env: cleanEnv(),
  });
  assert.equal(badScript.code, 2);
  assert.match(badScript.stderr, /bogus/);
  const noFile = await runCli(["-p", "x", "--model", "scripted:"], { cwd: workspace.dir, env: cleanEnv() });
  assert.equal(noFile.code, 2);
  assert.match(noFile.stderr, /needs a script file/);
});

test("scripted runs trace model requests, and stream-json keeps internal fields out", async () => {
  const script = workspace.write(
    "broken-args.json",
    JSON.stringify([{ tool_calls: [{ name: "Read", raw_arguments: "{oops" }] }, { text: "ok" }]),
  );
  const run = await runCli(["-p", "x", "--model", `scripted:${script}`, "--output-format", "stream-json"], {
    cwd: workspace.dir,
    env: cleanEnv({ TRACE: "1" }),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /\[trace\] model\.request provider=scripted/);
  assert.match(run.stderr, /\[trace\] model\.response provider=scripted stop=tool_use/);
  assert.doesNotMatch(run.stdout, /inputError/);
  assert.match(run.stdout, /not valid JSON/, "the model still sees what was wrong");
});

test("a stuck MCP server whose child keeps the pipes open does not keep reagent from exiting", async () => {
  const project = createWorkspace({
    "stuck-server.sh": "#!/bin/sh\n(sleep 60) &\necho 'this is not JSON-RPC'\nsleep 60\n",
    "s.json": JSON.stringify([{ text: "answered anyway" }]),
  });
  try {
    chmodSync(join(project.dir, "stuck-server.sh"), 0o755);
    project.write(".mcp.json", JSON.stringify({ mcpServers: { stuck: { command: "./stuck-server.sh" } } }));
    const run = await runCli(["-p", "x", "--model", "scripted:s.json"], {
      cwd: project.dir,
      env: cleanEnv({ MCP_TIMEOUT: "1000" }),
      timeoutMs: 20_000,
    });
    assert.equal(run.signal, null, "reagent exited by itself");
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "answered anyway\n");
    assert.match(run.stderr, /MCP server "stuck" failed/);
  } finally {
    project.cleanup();
  }
});
