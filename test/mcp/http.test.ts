import assert from "node:assert/strict";
import { test } from "node:test";
import { createMcpManager } from "../../src/mcp/manager.js";
import { startHttpFixture } from "../fixtures/mcp/http-server.js";
import { plainMcpProcesses } from "../support/no-sandbox.js";
import { tempFolder } from "../support/temp-folder.js";
import { FIXTURE_CONNECT_MS, toolContext } from "./fixture-specs.js";

const plainMcp = { processes: plainMcpProcesses(), baseEnv: process.env };

test("Streamable HTTP: tools, headers, resources and prompts", async () => {
  const dir = tempFolder("mcp");
  const fixture = await startHttpFixture();
  const manager = createMcpManager({
    ...plainMcp,
    servers: { web: { type: "http", url: fixture.url, headers: { "X-Api-Key": "secret-1" } } },
    cwd: dir,
    connectTimeoutMs: FIXTURE_CONNECT_MS,
  });
  try {
    assert.deepEqual(await manager.connectAll(), []);
    const status = manager.status()[0];
    assert.ok(status);
    assert.equal(status.transport, "http");
    assert.deepEqual(status.state, { kind: "connected", tools: 8, resources: 2, prompts: 2 });
    assert.ok(fixture.requests.length > 0);
    assert.ok(fixture.requests.every((request) => request.headers["x-api-key"] === "secret-1"));

    const echo = manager.tools().find((tool) => tool.name === "mcp__web__echo");
    const result = await echo?.execute({ message: "over http" }, toolContext(dir));
    assert.deepEqual(result, {
      isError: false,
      content: "echo: over http",
      data: result?.data,
    });
    const attached = await manager.attachResources("see @web:fixture://readme");
    assert.equal(attached.attachments[0]?.text, "Fixture readme text.");
    const prompt = await manager.expandPrompt("web", "review", "x.ts");
    assert.deepEqual(prompt, { ok: true, text: "Review x.ts." });
  } finally {
    await manager.close();
    await fixture.close();
  }
});

test("an unreachable HTTP server is reported as failed with the reason", async () => {
  const dir = tempFolder("mcp");
  const closed = await startHttpFixture();
  await closed.close();
  const refused = createMcpManager({
    ...plainMcp,
    servers: { gone: { type: "http", url: closed.url, headers: {} } },
    cwd: dir,
    connectTimeoutMs: 3000,
  });
  try {
    const failures = await refused.connectAll();
    const [failure] = failures;
    assert.ok(failures.length === 1 && failure);
    assert.equal(failure.server, "gone");
    assert.match(failure.reason, /fetch failed: .*ECONNREFUSED/);
  } finally {
    await refused.close();
  }
});

test("HTTP server that goes away mid-session: unavailable, then the next call reconnects", async () => {
  const dir = tempFolder("mcp");
  let fixture = await startHttpFixture();
  const port = Number(new URL(fixture.url).port);
  const manager = createMcpManager({
    ...plainMcp,
    servers: { web: { type: "http", url: fixture.url, headers: {} } },
    cwd: dir,
    connectTimeoutMs: 3000,
  });
  try {
    assert.deepEqual(await manager.connectAll(), []);
    const echo = manager.tools().find((tool) => tool.name === "mcp__web__echo");
    assert.ok(echo);
    await fixture.close();
    const down = await echo.execute({ message: "a" }, toolContext(dir));
    assert.equal(down.isError && down.code, "mcp_server_unavailable");
    assert.match(down.content, /MCP server "web" is unavailable/);
    fixture = await startHttpFixture(port);
    const back = await echo.execute({ message: "b" }, toolContext(dir));
    assert.deepEqual([back.isError, back.content], [false, "echo: b"]);
  } finally {
    await manager.close();
    await fixture.close();
  }
});
