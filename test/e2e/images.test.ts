// Images where the user meets them: Read of a PNG reaches the model as an image in both wire
// formats (the fake server checks the image blocks as the real APIs do), a model without vision
// gets a clear refusal, an image above the API limits is refused with a way out, an image path in a
// -p prompt is attached, and an MCP tool's image result (server-everything) reaches the model as one.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { Script } from "../../src/providers/script-format.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { serveScoped } from "../support/scoped.js";
import { createWorkspace } from "../support/workspace.js";

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);
/** A PNG header claiming 9000×10 pixels: above the 8,000-pixel limit. */
const wide = Buffer.concat([
  png.subarray(0, 16),
  Buffer.from([0, 0, 0x23, 0x28, 0, 0, 0, 10]),
  png.subarray(24),
]);
const workspace = createWorkspace();
writeFileSync(join(workspace.dir, "shot.png"), png);
writeFileSync(join(workspace.dir, "wide.png"), wide);

after(async () => {
  workspace.cleanup();
});
const readShot: Script = [
  { tool_calls: [{ name: "Read", input: { file_path: "shot.png" } }] },
  { text: "a pixel" },
];
type Messages = { messages: Array<{ role: string; content: unknown }> };
const lastMessages = (server: FakeModelServer) => (server.requests.at(-1)!.body as Messages).messages;

test("Anthropic: Read of a PNG is an image block inside the tool_result", async () => {
  const server = await serveScoped(readShot);
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "look"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  const result = (
    lastMessages(server).at(-1)!.content as Array<{ type: string; content: Array<Record<string, unknown>> }>
  )[0]!;
  assert.equal(result.type, "tool_result");
  assert.match(String(result.content[0]!.text), /PNG image, 1×1 pixels/);
  assert.deepEqual(result.content[1], {
    type: "image",
    source: { type: "base64", media_type: "image/png", data: png.toString("base64") },
  });
});

test("OpenAI-compatible: the image goes in a user message after the tool message", async () => {
  const server = await serveScoped(readShot);
  const env = cleanEnv({
    OPENAI_API_KEY: "k",
    OPENAI_BASE_URL: server.openaiBaseURL,
    OPENAI_MODEL: "gpt-4.1",
  });
  const run = await runCli(["-p", "look"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  const messages = lastMessages(server);
  assert.equal(messages.at(-2)!.role, "tool");
  const parts = messages.at(-1)!.content as Array<{ type: string; image_url?: { url: string } }>;
  assert.equal(parts[1]!.image_url!.url, `data:image/png;base64,${png.toString("base64")}`);
});

test("a model without vision is told the file is an image; an oversized image is refused with a way out", async () => {
  const server = await serveScoped([
    { tool_calls: [{ name: "Read", input: { file_path: "shot.png" } }] },
    { text: "ok" },
    { tool_calls: [{ name: "Read", input: { file_path: "wide.png" } }] },
    { text: "ok" },
  ]);
  const noVision = cleanEnv({
    OPENAI_API_KEY: "k",
    OPENAI_BASE_URL: server.openaiBaseURL,
    OPENAI_MODEL: "deepseek-chat",
  });
  const first = await runCli(["-p", "look"], { cwd: workspace.dir, env: noVision });
  assert.match(
    first.stderr,
    /image_not_supported: shot\.png is an image, and the model in use does not read images/,
  );
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const second = await runCli(["-p", "look"], { cwd: workspace.dir, env });
  assert.match(second.stderr, /image_too_large: wide\.png is a 9000×10 PNG .* 8000 pixels a side/);
  assert.deepEqual(server.refusals, []);
});

test("an image path in a -p prompt is attached before the text; one too large is named", async () => {
  const server = await serveScoped([{ text: "one pixel" }]);
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "what is in shot.png and ./wide.png?"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  const content = lastMessages(server)[0]!.content as Array<{ type: string }>;
  assert.deepEqual(
    content.map((block) => block.type),
    ["image", "text"],
  );
  assert.match(run.stderr, /wide\.png was not attached: .*9000×10/);
});

test("an MCP tool's image result reaches the model as an image (server-everything)", async () => {
  const bin = fileURLToPath(
    new URL("dist/index.js", import.meta.resolve("@modelcontextprotocol/server-everything/package.json")),
  );
  const mcp = JSON.stringify({
    mcpServers: { everything: { command: process.execPath, args: [bin, "stdio"] } },
  });
  const server = await serveScoped([
    { tool_calls: [{ name: "mcp__everything__get-tiny-image", input: {} }] },
    { text: "a logo" },
  ]);
  const env = cleanEnv({
    ANTHROPIC_API_KEY: "k",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    MCP_TIMEOUT: "60000",
  });
  const run = await runCli(
    ["-p", "get the image", "--mcp-config", mcp, "--allowedTools", "mcp__everything"],
    {
      cwd: workspace.dir,
      env,
      timeoutMs: 90_000,
    },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  const result = (
    lastMessages(server).at(-1)!.content as Array<{
      content: Array<{ type: string; source?: { media_type: string } }>;
    }>
  )[0]!;
  const image = result.content.find((block) => block.type === "image");
  assert.equal(image?.source?.media_type, "image/png");
});
