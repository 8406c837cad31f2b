// End-to-end: WebFetch through the built CLI against the wire-level fake model server and a real
// local page server — the condensing side request, the loopback refusal without the opt-in, and the
// headless denial of an unallowed domain in permission_denials.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { startWebServer, type WebServer } from "../support/web-fixtures.js";
import { createWorkspace } from "../support/workspace.js";

const space = createWorkspace({});
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
let pages: WebServer;
before(async () => {
  pages = await startWebServer({
    "/logo.png": (_req, res) => {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(PNG);
    },
    "/guide": (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(
        "<html><head><title>Guide</title></head><body><main><h2>Install</h2><p>Run <code>make up</code>.</p></main></body></html>",
      );
    },
  });
});
after(async () => {
  await pages.close();
  space.cleanup();
});

type Body = { tools?: Array<{ name: string }>; messages: Array<{ content: unknown }>; system?: unknown };

async function fetchRun(settings: object, extraArgs: string[], finalText = "done") {
  const url = `${pages.origin}/guide`;
  const server = await startFakeModelServer([
    { tool_calls: [{ id: "f1", name: "WebFetch", input: { url, prompt: "How do I install?" } }] },
    { text: "Install with `make up`." },
    { text: finalText },
  ]);
  try {
    const run = await runCli(
      [
        "-p",
        "read the guide",
        "--output-format",
        "json",
        "--settings",
        JSON.stringify(settings),
        ...extraArgs,
      ],
      {
        cwd: space.dir,
        env: cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL }),
      },
    );
    return { run, requests: server.requests.map((request) => request.body as Body) };
  } finally {
    await server.close();
  }
}

function toolResultOf(body: Body): { content: string; is_error?: boolean } {
  const last = body.messages.at(-1)!.content as Array<{ type: string; content: string; is_error?: boolean }>;
  return last.find((block) => block.type === "tool_result")!;
}

test("WebFetch with the opt-in: page → Markdown → side request without tools → the answer in the tool result", async () => {
  const { run, requests } = await fetchRun({ webFetch: { allowPrivateNetwork: true } }, [
    "--allowedTools",
    "WebFetch(domain:127.0.0.1)",
  ]);
  assert.equal(run.code, 0, run.stderr);
  assert.ok(
    requests[0]!.tools!.some((tool) => tool.name === "WebFetch"),
    "WebFetch is offered",
  );
  const side = requests[1]!;
  assert.equal(side.tools, undefined, "the condensing request has no tools");
  const sideText = JSON.stringify(side.messages);
  assert.match(sideText, /## Install/);
  assert.match(sideText, /How do I install\?/);
  const result = toolResultOf(requests[2]!);
  assert.equal(result.is_error, undefined);
  assert.match(result.content, /^Fetched http:\/\/127\.0\.0\.1:\d+\/guide \(HTTP 200, text\/html/);
  assert.match(result.content, /Install with `make up`\./);
  assert.equal(JSON.parse(run.stdout).result, "done");
});

test("WebFetch without the opt-in: loopback is refused and the page server sees no request", async () => {
  const before = pages.hits.length;
  const { run, requests } = await fetchRun({}, ["--allowedTools", "WebFetch"], "refused");
  assert.equal(run.code, 0, run.stderr);
  assert.equal(requests.length, 2, "no side request");
  const result = toolResultOf(requests[1]!);
  assert.equal(result.is_error, true);
  assert.match(result.content, /Refused to fetch 127\.0\.0\.1: it is a loopback address/);
  assert.equal(pages.hits.length, before);
});

test("headless: an unallowed domain is denied with the reason, listed in permission_denials", async () => {
  const { run, requests } = await fetchRun(
    { webFetch: { allowPrivateNetwork: true } },
    ["--allowedTools", "WebFetch(domain:docs.example.com)"],
    "denied",
  );
  assert.equal(run.code, 0, run.stderr);
  const output = JSON.parse(run.stdout);
  assert.equal(output.permission_denials.length, 1);
  assert.equal(output.permission_denials[0].tool_name, "WebFetch");
  assert.match(output.permission_denials[0].tool_input.url, /^http:\/\/127\.0\.0\.1:/);
  const told = toolResultOf(requests[1]!).content;
  assert.match(told, /not allowed in non-interactive mode/);
  assert.equal(output.permission_denials[0].reason, told, "the reason is the gate's message");
  assert.match(output.permission_denials[0].reason, /--allowedTools "WebFetch\(domain:127\.0\.0\.1\)"/);
});

test("a typo in the webFetch settings is a start-up error naming the field", async () => {
  const run = await runCli(["-p", "x", "--settings", '{"webFetch":{"allowPrivateNetworks":true}}'], {
    cwd: space.dir,
    env: cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" }),
  });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /webFetch/);
  assert.match(run.stderr, /allowPrivateNetworks/);
});

test("hooks see WebFetch: a PreToolUse hook with an `if` domain rule denies it, PostToolUse gets the response data", async () => {
  const before = pages.hits.length;
  const deny = JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "no local pages",
    },
  });
  const denied = await fetchRun(
    {
      webFetch: { allowPrivateNetwork: true },
      hooks: {
        PreToolUse: [
          {
            matcher: "WebFetch",
            hooks: [{ type: "command", command: `echo '${deny}'`, if: "WebFetch(domain:127.0.0.1)" }],
          },
        ],
      },
    },
    ["--allowedTools", "WebFetch"],
    "hook said no",
  );
  assert.equal(denied.run.code, 0, denied.run.stderr);
  assert.match(toolResultOf(denied.requests[1]!).content, /denied by a PreToolUse hook: no local pages/);
  assert.equal(JSON.parse(denied.run.stdout).permission_denials[0].tool_name, "WebFetch");
  assert.equal(pages.hits.length, before, "the page was never requested");

  const record = space.write(
    "record-post.cjs",
    'process.stdin.pipe(require("node:fs").createWriteStream("post-hook.json"));',
  );
  const seen = await fetchRun(
    {
      webFetch: { allowPrivateNetwork: true },
      hooks: {
        PostToolUse: [{ matcher: "WebFetch", hooks: [{ type: "command", command: `node ${record}` }] }],
      },
    },
    ["--allowedTools", "WebFetch"],
  );
  assert.equal(seen.run.code, 0, seen.run.stderr);
  const payload = JSON.parse(readFileSync(join(space.dir, "post-hook.json"), "utf8"));
  assert.equal(payload.tool_name, "WebFetch");
  assert.match(payload.tool_response.finalUrl, /^http:\/\/127\.0\.0\.1:\d+\/guide$/);
  assert.equal(payload.tool_response.status, 200);
});

test("a fetched image reaches the model as an image block in the tool result (the API's image checks pass)", async () => {
  const server = await startFakeModelServer([
    {
      tool_calls: [
        { id: "img", name: "WebFetch", input: { url: `${pages.origin}/logo.png`, prompt: "what is it?" } },
      ],
    },
    { text: "a dot" },
  ]);
  try {
    const run = await runCli(
      [
        "-p",
        "look",
        "--settings",
        JSON.stringify({ webFetch: { allowPrivateNetwork: true } }),
        "--allowedTools",
        "WebFetch",
      ],
      {
        cwd: space.dir,
        env: cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL }),
      },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(server.refusals, []);
    assert.equal(server.requests.length, 2, "no condensing request for an image");
    const result = (
      (server.requests[1]!.body as Body).messages.at(-1)!.content as Array<Record<string, unknown>>
    ).find((block) => block.type === "tool_result")!;
    const parts = result.content as Array<Record<string, unknown>>;
    assert.match(String(parts[0]!.text), /a 1×1 image, attached/);
    assert.deepEqual(parts[1], {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: PNG.toString("base64") },
    });
  } finally {
    await server.close();
  }
});
