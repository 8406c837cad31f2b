import assert from "node:assert/strict";
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import {
  loadMcpConfig,
  McpConfigError,
  readMcpTimeouts,
  splitMcpConfigList,
} from "../../src/config/mcp-config.js";
import { UsageError } from "../../src/util/errors.js";
import { tempFolder } from "../support/temp-folder.js";
import { fixturePath } from "./fixture-specs.js";

async function workspace() {
  const root = tempFolder("mcpcfg");
  const projectDir = join(root, "project");
  const homeDir = join(root, "home");
  await mkdir(join(homeDir, ".agents"), { recursive: true });
  await mkdir(projectDir, { recursive: true });
  return { root, projectDir, homeDir };
}

function captureError(run: () => unknown): McpConfigError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof McpConfigError, `expected McpConfigError, got ${error}`);
    assert.ok(error instanceof UsageError);
    return error;
  }
  assert.fail("expected an error");
}

test("no files: no servers", async () => {
  const { projectDir, homeDir } = await workspace();
  assert.deepEqual(loadMcpConfig({ projectDir, homeDir, env: {} }), { servers: {}, warnings: [] });
});

test("sources merge per server name: user < project < MCP_CONFIG files < --mcp-config", async () => {
  const { root, projectDir, homeDir } = await workspace();
  const user = join(homeDir, ".agents", "mcp.json");
  const project = join(projectDir, ".mcp.json");
  await writeFile(
    user,
    JSON.stringify({ mcpServers: { a: { command: "user-a" }, b: { command: "user-b" } } }),
  );
  await writeFile(
    project,
    JSON.stringify({ mcpServers: { b: { command: "project-b" }, c: { command: "project-c" } } }),
  );
  await writeFile(
    join(root, "one.json"),
    JSON.stringify({ mcpServers: { c: { command: "one-c" }, d: { command: "one-d" } } }),
  );
  await writeFile(join(projectDir, "two.json"), JSON.stringify({ mcpServers: { d: { command: "two-d" } } }));
  const config = loadMcpConfig({
    projectDir,
    homeDir,
    env: {},
    configFiles: [
      ...splitMcpConfigList(` ${join(root, "one.json")} ,two.json,`),
      '{"mcpServers": {"e": {"type": "http", "url": "https://example.test/mcp"}}}',
    ],
  });
  const summary = Object.fromEntries(
    Object.entries(config.servers).map(([name, server]) => [
      name,
      server.type === "stdio" ? server.command : server.type === "sdk" ? server.name : server.url,
    ]),
  );
  assert.deepEqual(summary, {
    a: "user-a",
    b: "project-b",
    c: "one-c",
    d: "two-d",
    e: "https://example.test/mcp",
  });
  assert.equal(config.servers.a?.source, user);
  assert.equal(config.servers.b?.source, project);
  assert.equal(config.servers.d?.source, join(projectDir, "two.json"));
  assert.equal(config.servers.e?.source, "--mcp-config (inline JSON)");
});

test("stdio, http and sse entries are normalised; relative cwd resolves against the file", async () => {
  const { projectDir, homeDir } = await workspace();
  await writeFile(
    join(projectDir, ".mcp.json"),
    JSON.stringify({
      mcpServers: {
        local: { type: "stdio", command: "node", args: ["server.js"], env: { A: "1" }, cwd: "tools" },
        bare: { command: "srv" },
        web: { type: "http", url: "http://127.0.0.1:1234/mcp", headers: { Authorization: "Bearer x" } },
        inferred: { url: "https://example.test/mcp" },
        legacy: { type: "sse", url: "https://example.test/sse" },
      },
    }),
  );
  const { servers } = loadMcpConfig({ projectDir, homeDir, env: {} });
  const source = join(projectDir, ".mcp.json");
  assert.deepEqual(servers.local, {
    type: "stdio",
    command: "node",
    args: ["server.js"],
    env: { A: "1" },
    cwd: join(projectDir, "tools"),
    source,
  });
  assert.deepEqual(servers.bare, { type: "stdio", command: "srv", args: [], env: {}, source });
  assert.deepEqual(servers.web, {
    type: "http",
    url: "http://127.0.0.1:1234/mcp",
    headers: { Authorization: "Bearer x" },
    source,
  });
  assert.equal(servers.inferred?.type, "http");
  assert.equal(servers.legacy?.type, "sse");
});

test("variables expand in command, args, env, url and headers (with :- defaults)", async () => {
  const { projectDir, homeDir } = await workspace();
  await copyFile(fixturePath("expansion.mcp.json"), join(projectDir, ".mcp.json"));
  const { servers } = loadMcpConfig({ projectDir, homeDir, env: { BIN_DIR: "/opt/bin", TOKEN: "t0k" } });
  const { s, h } = servers;
  assert.deepEqual(s?.type === "stdio" && [s.command, s.args, s.env], [
    "/opt/bin/srv",
    ["--token=t0k", "fast", "$NOT_EXPANDED"],
    { KEY: "t0k", EMPTY_DEFAULT: "" },
  ]);
  assert.deepEqual(h?.type === "http" && [h.url, h.headers], [
    "http://localhost:9000/mcp",
    { Authorization: "Bearer t0k" },
  ]);
});

test("errors name the file, the server and the field", async () => {
  const { projectDir, homeDir } = await workspace();
  const file = join(projectDir, ".mcp.json");
  const cases: Array<[unknown, string | undefined, string | undefined, RegExp]> = [
    [
      { mcpServers: { s: { command: "x", args: "no" } } },
      "s",
      "args",
      /server "s", field "args": must be an array/,
    ],
    [{ mcpServers: { s: { args: [] } } }, "s", "command", /server "s", field "command": is required/],
    [{ mcpServers: { s: { type: "websocket", url: "ws://x" } } }, "s", "type", /unknown type "websocket"/],
    [{ mcpServers: { s: { type: "http", url: "not a url" } } }, "s", "url", /is not a valid URL/],
    [{ mcpServers: { s: { type: "http", url: "ftp://x" } } }, "s", "url", /must start with http/],
    [{ mcpServers: { s: { command: "x", env: { A: 1 } } } }, "s", "env.A", /field "env.A": must be a string/],
    [{ mcpServers: { s: { command: "$" + "{MISSING_VAR}" } } }, "s", "command", /MISSING_VAR is not set/],
    [{ mcpServers: { s: "x" } }, "s", undefined, /server "s": expected an object/],
    [{ servers: {} }, undefined, "mcpServers", /"mcpServers"/],
  ];
  for (const [document, server, field, pattern] of cases) {
    await writeFile(file, JSON.stringify(document));
    const error = captureError(() => loadMcpConfig({ projectDir, homeDir, env: {} }));
    assert.equal(error.file, file);
    assert.equal(error.server, server);
    assert.equal(error.field, field);
    assert.match(error.message, pattern);
    assert.ok(error.message.startsWith(`${file}: `), error.message);
  }
  await writeFile(file, "{ not json");
  assert.match(captureError(() => loadMcpConfig({ projectDir, homeDir, env: {} })).message, /invalid JSON/);
});

test("a missing MCP_CONFIG or --mcp-config file is an error; missing user/project files are not", async () => {
  const { projectDir, homeDir } = await workspace();
  const error = captureError(() =>
    loadMcpConfig({ projectDir, homeDir, env: {}, configFiles: ["nope.json"] }),
  );
  assert.match(error.message, /nope\.json: cannot read MCP config \(ENOENT\)/);
  const inline = captureError(() => loadMcpConfig({ projectDir, homeDir, env: {}, configFiles: ["{bad"] }));
  assert.equal(inline.file, "--mcp-config (inline JSON)");
});

test("a HOME that is not a folder (HOME=/dev/null) means no user file; named files still must be readable", async () => {
  const { root, projectDir } = await workspace();
  const fileHome = join(root, "not-a-folder");
  await writeFile(fileHome, "");
  assert.deepEqual(loadMcpConfig({ projectDir, homeDir: fileHome, env: {} }), { servers: {}, warnings: [] });
  const named = captureError(() =>
    loadMcpConfig({ projectDir, homeDir: fileHome, env: {}, configFiles: [join(fileHome, "mcp.json")] }),
  );
  assert.match(
    named.message,
    /cannot read MCP config \(ENOTDIR\)\. Check the path given in MCP_CONFIG or --mcp-config/,
  );
});

test("an unreadable user file names itself without blaming MCP_CONFIG or --mcp-config", async () => {
  const { projectDir, homeDir } = await workspace();
  await mkdir(join(homeDir, ".agents", "mcp.json"));
  const error = captureError(() => loadMcpConfig({ projectDir, homeDir, env: {} }));
  assert.ok(error.message.startsWith(join(homeDir, ".agents", "mcp.json")), error.message);
  assert.match(error.message, /\(EISDIR\)/);
  assert.doesNotMatch(error.message, /MCP_CONFIG/);
});

test("MCP_TIMEOUT and MCP_TOOL_TIMEOUT are read as milliseconds and validated", () => {
  assert.deepEqual(readMcpTimeouts({}), { connectTimeoutMs: undefined, callTimeoutMs: undefined });
  assert.deepEqual(readMcpTimeouts({ MCP_TIMEOUT: "30000", MCP_TOOL_TIMEOUT: " 5000 " }), {
    connectTimeoutMs: 30000,
    callTimeoutMs: 5000,
  });
  const error = captureError(() => readMcpTimeouts({ MCP_TOOL_TIMEOUT: "5s" }));
  assert.match(error.message, /^MCP_TOOL_TIMEOUT=5s: expected a positive whole number of milliseconds/);
});
