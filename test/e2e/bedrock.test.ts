// Claude on Amazon Bedrock through the built CLI (CLAUDE_CODE_USE_BEDROCK=1) against the fake server's
// invoke-with-response-stream route, which speaks Bedrock's event-stream framing and checks the SigV4
// header's shape: access keys with a session token, a profile in ~/.aws/credentials, prompt caching
// and signed thinking through a tool loop, aliases as inference profiles, and the start-up errors.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const workspace = scopedWorkspace({ "a.txt": "alpha\n", "b.txt": "beta\n" });
const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=AKIDFAKE\/\d{8}\/us-west-2\/bedrock\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/;

const loop: Script = [
  { thinking: "Read a.", tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
  { thinking: "Now b.", tool_calls: [{ name: "Read", input: { file_path: "b.txt" } }] },
  { thinking: "Both.", text: "alpha and beta" },
];

function bedrockEnv(server: FakeModelServer, extra: Record<string, string> = {}) {
  return cleanEnv({
    CLAUDE_CODE_USE_BEDROCK: "1",
    ANTHROPIC_BEDROCK_BASE_URL: server.url,
    AWS_REGION: "us-west-2",
    AWS_EC2_METADATA_DISABLED: "true",
    ...extra,
  });
}

type Body = Record<string, unknown> & {
  messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
};

test("access keys with a session token: signed requests, caching and thinking through a tool loop", async () => {
  const server = await serveScoped(loop, { bedrockRegion: "us-west-2" });
  const env = bedrockEnv(server, {
    AWS_ACCESS_KEY_ID: "AKIDFAKE",
    AWS_SECRET_ACCESS_KEY: "secret",
    AWS_SESSION_TOKEN: "session-token",
    ANTHROPIC_MODEL: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    MAX_THINKING_TOKENS: "4000",
  });
  const run = await runCli(["-p", "read both", "--output-format", "json"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  assert.deepEqual(
    server.requests.map((request) => request.path),
    Array(3).fill("/model/us.anthropic.claude-sonnet-4-5-20250929-v1:0/invoke-with-response-stream"),
  );
  for (const request of server.requests) {
    assert.match(String(request.headers.authorization), SIGV4);
    assert.match(String(request.headers.authorization), /SignedHeaders=[^,]*x-amz-security-token/);
    assert.equal(request.headers["x-amz-security-token"], "session-token");
    assert.match(String(request.headers["x-amz-date"]), /^\d{8}T\d{6}Z$/);
  }
  const bodies = server.requests.map((request) => request.body as Body);
  assert.equal(bodies[0]!.anthropic_version, "bedrock-2023-05-31");
  assert.equal(bodies[0]!.model, undefined);
  assert.deepEqual(bodies[0]!.thinking, { type: "enabled", budget_tokens: 4000 });
  assert.deepEqual((bodies[0]!.system as Array<Record<string, unknown>>)[0]!.cache_control, {
    type: "ephemeral",
  });
  const history = bodies[2]!.messages;
  assert.equal(history[1]!.content[0]!.type, "thinking", "the signed thinking went back unchanged");
  assert.equal(history[1]!.content[0]!.thinking, "Read a.");
  const result = JSON.parse(run.stdout) as { result: string; usage: Record<string, number> };
  assert.equal(result.result, "alpha and beta");
  assert.ok(result.usage.cache_read_input_tokens! > 0, "the later requests read the cache");
  assert.ok(result.usage.cache_creation_input_tokens! > 0);
});

test("a profile in ~/.aws/credentials signs the requests; an alias becomes the region's inference profile", async () => {
  const server = await serveScoped([{ text: "from the profile" }], { bedrockRegion: "us-west-2" });
  const env = bedrockEnv(server, { AWS_PROFILE: "work" });
  delete env.AWS_REGION;
  mkdirSync(join(env.HOME!, ".aws"), { recursive: true });
  writeFileSync(
    join(env.HOME!, ".aws", "credentials"),
    "[default]\naws_access_key_id = AKIDWRONG\naws_secret_access_key = wrong\n\n[work]\naws_access_key_id = AKIDFAKE\naws_secret_access_key = secret\n",
  );
  writeFileSync(join(env.HOME!, ".aws", "config"), "[profile work]\nregion = us-west-2\n");
  const run = await runCli(["-p", "hi", "--model", "sonnet"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), "from the profile");
  assert.deepEqual(server.refusals, []);
  const request = server.requests[0]!;
  assert.equal(request.path, "/model/us.anthropic.claude-sonnet-5/invoke-with-response-stream");
  assert.match(String(request.headers.authorization), SIGV4);
  assert.equal(request.headers["x-amz-security-token"], undefined);
});

test("no region anywhere is a start-up error naming AWS_REGION", async () => {
  const server = await serveScoped([{ text: "never" }]);
  const env = bedrockEnv(server, { AWS_ACCESS_KEY_ID: "AKIDFAKE", AWS_SECRET_ACCESS_KEY: "secret" });
  delete env.AWS_REGION;
  const run = await runCli(["-p", "hi"], { cwd: workspace.dir, env });
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /Amazon Bedrock \(CLAUDE_CODE_USE_BEDROCK=1\) needs an AWS region: set AWS_REGION/,
  );
  assert.equal(server.requests.length, 0);
});

test("half a key pair and a missing profile are start-up errors that say what to set", async () => {
  const server = await serveScoped([{ text: "never" }]);
  const half = await runCli(["-p", "hi"], {
    cwd: workspace.dir,
    env: bedrockEnv(server, { AWS_ACCESS_KEY_ID: "AKIDFAKE" }),
  });
  assert.equal(half.code, 2);
  assert.match(half.stderr, /AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not/);
  const none = await runCli(["-p", "hi"], {
    cwd: workspace.dir,
    env: bedrockEnv(server, { AWS_PROFILE: "nowhere" }),
  });
  assert.equal(none.code, 2, none.stderr);
  assert.match(none.stderr, /no AWS credentials for AWS_PROFILE=nowhere/);
  assert.equal(server.requests.length, 0);
});

test("throttling is retried; an in-stream exception before content is retried too", async () => {
  const server = await serveScoped(
    [
      { fault: { status: 429 } },
      { fault: { stream_error: "throttlingException" } },
      { text: "after the wait" },
    ],
    { bedrockRegion: "us-west-2" },
  );
  const env = bedrockEnv(server, { AWS_ACCESS_KEY_ID: "AKIDFAKE", AWS_SECRET_ACCESS_KEY: "secret" });
  const run = await runCli(["-p", "hi"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), "after the wait");
  assert.match(run.stderr, /HTTP 429 rate limited/);
  assert.equal(server.requests.length, 3);
});

test("AWS_BEARER_TOKEN_BEDROCK (a Bedrock API key) is sent as a bearer token instead of a signature", async () => {
  const server = await serveScoped([{ text: "with a key" }], { bedrockRegion: "us-west-2" });
  const env = bedrockEnv(server, {
    AWS_BEARER_TOKEN_BEDROCK: "bedrock-api-key",
    AWS_DEFAULT_REGION: "us-west-2",
  });
  delete env.AWS_REGION;
  const run = await runCli(["-p", "hi", "--model", "haiku"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), "with a key");
  const request = server.requests[0]!;
  assert.equal(request.headers.authorization, "Bearer bedrock-api-key");
  assert.equal(request.headers["x-amz-date"], undefined);
  assert.equal(
    request.path,
    "/model/us.anthropic.claude-haiku-4-5-20251001-v1:0/invoke-with-response-stream",
  );
});
