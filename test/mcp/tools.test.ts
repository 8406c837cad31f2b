import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createMcpManager, type McpManager } from "../../src/mcp/manager.js";
import { type Tool, toolJsonSchema } from "../../src/tools/tool.js";
import { plainMcpProcesses } from "../support/no-sandbox.js";
import { tempFolder } from "../support/temp-folder.js";
import { FIXTURE_CONNECT_MS, fixtureSpec, isAlive, toolContext, waitFor } from "./fixture-specs.js";

const plainMcp = { processes: plainMcpProcesses(), baseEnv: process.env };

let dir: string;
let manager: McpManager;

before(async () => {
  dir = tempFolder("mcp");
  manager = createMcpManager({
    ...plainMcp,
    servers: { "my.server": fixtureSpec("good-server.ts"), broken: fixtureSpec("malformed-server.ts") },
    cwd: dir,
    connectTimeoutMs: FIXTURE_CONNECT_MS,
    callTimeoutMs: 1500,
    maxOutputChars: 1000,
  });
  const failures = await manager.connectAll();
  assert.deepEqual(failures, []);
});

after(() => manager.close());

function tool(name: string): Tool {
  const found = manager.tools().find((candidate) => candidate.name === name);
  assert.ok(
    found,
    `tool ${name} not found among ${manager
      .tools()
      .map((candidate) => candidate.name)
      .join(", ")}`,
  );
  return found;
}

test("tools are named mcp__<server>__<tool> with unsafe characters replaced", () => {
  const names = manager.tools().map((candidate) => candidate.name);
  assert.ok(names.includes("mcp__my_server__echo"));
  assert.ok(names.includes("mcp__my_server__create_issue"));
  assert.ok(names.includes("mcp__broken__bad_content"));
  assert.ok(names.every((name) => /^[A-Za-z0-9_-]{1,64}$/.test(name)));
  assert.ok(names.includes("ListMcpResources") && names.includes("ReadMcpResource"));
});

test("the server's input schema is passed through unchanged, with its description", () => {
  const create = tool("mcp__my_server__create_issue");
  const schema = toolJsonSchema(create);
  assert.deepEqual(schema.required, ["title"]);
  assert.deepEqual((schema.properties as Record<string, unknown>).priority, {
    default: "low",
    type: "string",
    enum: ["low", "high"],
  });
  assert.deepEqual((schema.properties as Record<string, { properties: unknown }>).meta?.properties, {
    estimate: { type: "integer", exclusiveMinimum: 0, maximum: 9007199254740991 },
  });
  assert.equal(create.description, "Creates an issue (rich schema).");
  // The zod schema is permissive: the server validates.
  assert.equal(create.schema.safeParse({ anything: [1, 2] }).success, true);
  assert.equal(create.schema.safeParse("not an object").success, false);
});

test("read-only only when the server says readOnlyHint", () => {
  assert.equal(tool("mcp__my_server__echo").isReadOnly({}), true);
  assert.equal(tool("mcp__my_server__stats").isReadOnly({}), true);
  assert.equal(tool("mcp__my_server__create_issue").isReadOnly({}), false);
});

test("text results are returned; server-side validation errors come back as mcp_tool_error", async () => {
  const echo = await tool("mcp__my_server__echo").execute({ message: "hi there" }, toolContext(dir));
  assert.deepEqual([echo.isError, echo.content], [false, "echo: hi there"]);
  const invalid = await tool("mcp__my_server__create_issue").execute({ title: "" }, toolContext(dir));
  assert.equal(invalid.isError, true);
  assert.equal(invalid.isError && invalid.code, "mcp_tool_error");
  assert.match(invalid.content, /title/);
});

test("structuredContent is rendered as JSON and images are noted", async () => {
  const stats = await tool("mcp__my_server__stats").execute({}, toolContext(dir));
  assert.equal(stats.isError, false);
  assert.deepEqual(JSON.parse(stats.content), { files: 3, lines: 120 });
  const picture = await tool("mcp__my_server__picture").execute({}, toolContext(dir));
  assert.equal(picture.content, "here is a picture\n[image: image/png, 68 B]");
});

test("isError results become mcp_tool_error", async () => {
  const result = await tool("mcp__my_server__fail").execute({}, toolContext(dir));
  assert.equal(result.isError && result.code, "mcp_tool_error");
  assert.equal(result.content, "the widget is broken");
});

test("long output is capped with a note", async () => {
  const result = await tool("mcp__my_server__big").execute({ size: 5000 }, toolContext(dir));
  assert.equal(result.isError, false);
  assert.ok(result.content.length < 1100);
  assert.match(result.content, /MCP output truncated: 4000 more characters/);
});

test("a call past the per-call limit fails with mcp_timeout and the server stays usable", async () => {
  const result = await tool("mcp__my_server__slow").execute({ ms: 5000 }, toolContext(dir));
  assert.equal(result.isError && result.code, "mcp_timeout");
  assert.match(result.content, /1500 ms/);
  const echo = await tool("mcp__my_server__echo").execute({ message: "still here" }, toolContext(dir));
  assert.equal(echo.content, "echo: still here");
});

test("aborting the turn cancels the request", async () => {
  const controller = new AbortController();
  const pending = tool("mcp__my_server__slow").execute({ ms: 5000 }, toolContext(dir, controller.signal));
  setTimeout(() => controller.abort(), 100);
  const result = await pending;
  assert.equal(result.isError && result.code, "aborted");
  const already = await tool("mcp__my_server__echo").execute(
    { message: "x" },
    toolContext(dir, controller.signal),
  );
  assert.equal(already.isError && already.code, "aborted");
});

test("malformed results never crash: errors or notes, and the server keeps working", async () => {
  const bad = await tool("mcp__broken__bad_content").execute({}, toolContext(dir));
  assert.equal(bad.isError && bad.code, "mcp_invalid_result");
  assert.match(bad.content, /MCP server "broken" sent a malformed result for bad_content: /);
  const odd = await tool("mcp__broken__odd_items").execute({}, toolContext(dir));
  assert.equal(odd.isError && odd.code, "mcp_invalid_result");
  assert.ok(!odd.content.includes("\n"), odd.content);
  const garbage = await tool("mcp__broken__not_json").execute({}, toolContext(dir));
  assert.deepEqual([garbage.isError, garbage.content], [false, "after garbage"]);
  assert.equal(manager.status().find((entry) => entry.name === "broken")?.state.kind, "connected");
});

test("a server that dies mid-call: the call names the server, the next call reconnects", async () => {
  const before = manager.childPids();
  const crashed = await tool("mcp__my_server__crash").execute({}, toolContext(dir));
  assert.equal(crashed.isError && crashed.code, "mcp_server_unavailable");
  assert.match(crashed.content, /"my\.server"/);
  const state = manager.status().find((entry) => entry.name === "my.server")?.state;
  assert.equal(state?.kind, "disconnected");

  const echo = await tool("mcp__my_server__echo").execute({ message: "back" }, toolContext(dir));
  assert.deepEqual([echo.isError, echo.content], [false, "echo: back"]);
  assert.equal(manager.status().find((entry) => entry.name === "my.server")?.state.kind, "connected");
  const after = manager.childPids();
  assert.equal(after.length, 2);
  assert.notDeepEqual(after.sort(), before.sort());
  assert.ok(await waitFor(() => after.every(isAlive)));
});
