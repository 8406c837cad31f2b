import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createMcpManager, type McpManager } from "../../src/mcp/manager.js";
import type { Tool } from "../../src/tools/tool.js";
import { plainMcpProcesses } from "../support/no-sandbox.js";
import { tempFolder } from "../support/temp-folder.js";
import { FIXTURE_CONNECT_MS, fixtureSpec, toolContext } from "./fixture-specs.js";

const plainMcp = { processes: plainMcpProcesses(), baseEnv: process.env };

let dir: string;
let manager: McpManager;

before(async () => {
  dir = tempFolder("mcp");
  manager = createMcpManager({
    ...plainMcp,
    servers: { docs: fixtureSpec("good-server.ts"), plain: fixtureSpec("malformed-server.ts") },
    cwd: dir,
    connectTimeoutMs: FIXTURE_CONNECT_MS,
  });
  assert.deepEqual(await manager.connectAll(), []);
});

after(() => manager.close());

function tool(name: string): Tool {
  const found = manager.tools().find((candidate) => candidate.name === name);
  assert.ok(found, `no tool ${name}`);
  return found;
}

test("ListMcpResources lists resources of all servers or one; unknown servers are errors", async () => {
  const list = tool("ListMcpResources");
  assert.equal(list.isReadOnly({}), true);
  const all = await list.execute({}, toolContext(dir));
  assert.equal(all.isError, false);
  const parsed = JSON.parse(all.content) as Array<{ server: string; uri: string }>;
  assert.deepEqual(
    parsed.map((item) => `${item.server} ${item.uri}`),
    ["docs fixture://readme", "docs fixture://logo.png"],
  );
  const one = await list.execute({ server: "docs" }, toolContext(dir));
  assert.equal(JSON.parse(one.content).length, 2);
  const unknown = await list.execute({ server: "nope" }, toolContext(dir));
  assert.equal(unknown.isError && unknown.code, "mcp_unknown_server");
  assert.match(unknown.content, /unknown MCP server "nope" \(configured servers: docs, plain\)/);
});

test("ReadMcpResource returns text, notes binary content, and reports unknown URIs", async () => {
  const read = tool("ReadMcpResource");
  const text = await read.execute({ server: "docs", uri: "fixture://readme" }, toolContext(dir));
  assert.deepEqual([text.isError, text.content], [false, "Fixture readme text."]);
  const blob = await read.execute({ server: "docs", uri: "fixture://logo.png" }, toolContext(dir));
  assert.equal(blob.content, "[binary resource: fixture://logo.png, image/png, 68 B]");
  const missing = await read.execute({ server: "docs", uri: "fixture://missing" }, toolContext(dir));
  assert.equal(missing.isError && missing.code, "mcp_resource_error");
  assert.match(missing.content, /fixture:\/\/missing/);
});

test("@server:uri mentions attach the resource; unknown servers and URIs are clear errors", async () => {
  const result = await manager.attachResources(
    "Summarise @docs:fixture://readme, then compare with @ghost:file://x and @docs:fixture://nothing. Mail me@example.com",
  );
  assert.deepEqual(
    result.attachments.map((item) => [item.server, item.uri, item.text]),
    [["docs", "fixture://readme", "Fixture readme text."]],
  );
  assert.equal(
    result.text,
    '<mcp-resource server="docs" uri="fixture://readme">\nFixture readme text.\n</mcp-resource>',
  );
  assert.equal(result.errors.length, 2);
  assert.match(result.errors[0] ?? "", /^@ghost:file:\/\/x: unknown MCP server "ghost"/);
  assert.match(result.errors[1] ?? "", /^@docs:fixture:\/\/nothing: Cannot read resource/);
  const none = await manager.attachResources("no mentions here");
  assert.deepEqual(none, { text: "", attachments: [], errors: [] });
});

test("prompts are listed with their declared arguments", () => {
  const prompts = manager.listPrompts();
  assert.deepEqual(
    prompts.map((prompt) => [
      prompt.command,
      prompt.arguments.map((argument) => `${argument.name}:${argument.required}`),
    ]),
    [
      ["docs:review", ["file:true", "focus:false"]],
      ["docs:hello", []],
    ],
  );
});

test("prompt expansion maps quoted positional and key=value arguments", async () => {
  assert.deepEqual(await manager.expandPrompt("docs", "review", '"src/my file.ts" "error handling"'), {
    ok: true,
    text: "Review src/my file.ts focusing on error handling.",
  });
  assert.deepEqual(await manager.expandPrompt("docs", "review", "focus='naming things' a.ts"), {
    ok: true,
    text: "Review a.ts focusing on naming things.",
  });
  assert.deepEqual(await manager.expandPrompt("docs", "hello", ""), { ok: true, text: "Say hello." });
});

test("prompt expansion errors: missing argument, too many, unknown prompt or server", async () => {
  const missing = await manager.expandPrompt("docs", "review", "");
  assert.equal(!missing.ok && missing.code, "mcp_prompt_args");
  assert.match(
    !missing.ok ? missing.message : "",
    /missing required argument "file" \(usage: file \[focus\]\)/,
  );
  const tooMany = await manager.expandPrompt("docs", "hello", "extra");
  assert.match(!tooMany.ok ? tooMany.message : "", /too many arguments/);
  const unknown = await manager.expandPrompt("docs", "nope", "");
  assert.equal(!unknown.ok && unknown.code, "mcp_unknown_prompt");
  const server = await manager.expandPrompt("ghost", "review", "");
  assert.equal(!server.ok && server.code, "mcp_unknown_server");
});

test("resource tools are absent when no server offers resources", async () => {
  const only = createMcpManager({
    ...plainMcp,
    servers: { plain: fixtureSpec("malformed-server.ts") },
    cwd: dir,
    connectTimeoutMs: FIXTURE_CONNECT_MS,
  });
  try {
    await only.connectAll();
    const names = only.tools().map((candidate) => candidate.name);
    assert.ok(names.includes("mcp__plain__bad_content"));
    assert.ok(!names.includes("ListMcpResources"));
  } finally {
    await only.close();
  }
});
