// The published reference servers from npm (dev dependencies), driven through the manager:
// server-everything over stdio and Streamable HTTP, server-filesystem on a temp dir.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { createMcpManager, type McpManager } from "../../src/mcp/manager.js";
import type { Tool } from "../../src/tools/tool.js";
import { plainMcpProcesses } from "../support/no-sandbox.js";
import { tempFolder } from "../support/temp-folder.js";
import { FIXTURE_CONNECT_MS, toolContext } from "./fixture-specs.js";

const plainMcp = { processes: plainMcpProcesses(), baseEnv: process.env };

function binOf(pkg: string): string {
  return fileURLToPath(new URL("dist/index.js", import.meta.resolve(`${pkg}/package.json`)));
}

const everythingEntry = binOf("@modelcontextprotocol/server-everything");
const filesystemEntry = binOf("@modelcontextprotocol/server-filesystem");

function find(manager: McpManager, name: string): Tool {
  const tool = manager.tools().find((candidate) => candidate.name === name);
  assert.ok(tool, `no tool ${name}`);
  return tool;
}

async function exerciseEverything(manager: McpManager, server: string, dir: string): Promise<void> {
  const echo = await find(manager, `mcp__${server}__echo`).execute(
    { message: "hello ref" },
    toolContext(dir),
  );
  assert.deepEqual([echo.isError, echo.content], [false, "Echo: hello ref"]);
  const image = await find(manager, `mcp__${server}__get-tiny-image`).execute({}, toolContext(dir));
  assert.match(image.content, /\[image: image\/png, \d+ (B|KB)\]/);

  const listed = await find(manager, "ListMcpResources").execute({ server }, toolContext(dir));
  const resources = JSON.parse(listed.content) as Array<{ uri: string; mimeType?: string }>;
  assert.ok(resources.length > 0);
  const text = resources.find((resource) => resource.mimeType?.startsWith("text/")) ?? resources[0];
  assert.ok(text);
  const read = await find(manager, "ReadMcpResource").execute({ server, uri: text.uri }, toolContext(dir));
  assert.equal(read.isError, false, read.content);
  assert.ok(read.content.length > 20);
  const attached = await manager.attachResources(`look at @${server}:${text.uri}`);
  assert.deepEqual(attached.errors, []);
  assert.equal(attached.attachments.length, 1);

  const prompt = manager.listPrompts().find((candidate) => candidate.command === `${server}:args-prompt`);
  assert.deepEqual(
    prompt?.arguments.map((argument) => [argument.name, argument.required]),
    [
      ["city", true],
      ["state", false],
    ],
  );
  const expanded = await manager.expandPrompt(server, "args-prompt", '"San Francisco" California');
  assert.equal(expanded.ok, true, JSON.stringify(expanded));
  assert.match(expanded.ok ? expanded.text : "", /San Francisco, California/);
}

test("server-everything over stdio", async () => {
  const dir = tempFolder("mcp-ref");
  const manager = createMcpManager({
    ...plainMcp,
    servers: {
      everything: { type: "stdio", command: process.execPath, args: [everythingEntry, "stdio"], env: {} },
    },
    cwd: dir,
    connectTimeoutMs: FIXTURE_CONNECT_MS,
    logDir: join(dir, "logs"),
  });
  try {
    assert.deepEqual(await manager.connectAll(), []);
    await exerciseEverything(manager, "everything", dir);
  } finally {
    await manager.close();
  }
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startEverythingHttp(port: number, mode = "streamableHttp"): Promise<ChildProcess> {
  const child = spawn(process.execPath, [everythingEntry, mode], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (/(listening|running) on port/i.test(output)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`server-everything exited (${code}): ${output}`)));
  });
  return child;
}

test("server-everything over Streamable HTTP", async () => {
  const dir = tempFolder("mcp-ref");
  const port = await freePort();
  const child = await startEverythingHttp(port);
  const manager = createMcpManager({
    ...plainMcp,
    servers: { remote: { type: "http", url: `http://127.0.0.1:${port}/mcp`, headers: {} } },
    cwd: dir,
    connectTimeoutMs: FIXTURE_CONNECT_MS,
  });
  try {
    assert.deepEqual(await manager.connectAll(), []);
    assert.equal(manager.status()[0]?.transport, "http");
    await exerciseEverything(manager, "remote", dir);
  } finally {
    await manager.close();
    child.kill("SIGTERM");
  }
});

test("server-everything over legacy HTTP+SSE", async () => {
  const dir = tempFolder("mcp-ref");
  const port = await freePort();
  const child = await startEverythingHttp(port, "sse");
  const manager = createMcpManager({
    ...plainMcp,
    servers: { legacy: { type: "sse", url: `http://127.0.0.1:${port}/sse`, headers: { "X-Test": "1" } } },
    cwd: dir,
    connectTimeoutMs: FIXTURE_CONNECT_MS,
  });
  try {
    assert.deepEqual(await manager.connectAll(), []);
    assert.equal(manager.status()[0]?.transport, "sse");
    const echo = await find(manager, "mcp__legacy__echo").execute({ message: "sse" }, toolContext(dir));
    assert.equal(echo.content, "Echo: sse");
  } finally {
    await manager.close();
    child.kill("SIGTERM");
  }
});

test("server-filesystem on a temp dir", async () => {
  const dir = tempFolder("mcp-ref");
  await writeFile(join(dir, "notes.txt"), "line one\nline two\n");
  const manager = createMcpManager({
    ...plainMcp,
    servers: { files: { type: "stdio", command: process.execPath, args: [filesystemEntry, dir], env: {} } },
    cwd: dir,
    connectTimeoutMs: FIXTURE_CONNECT_MS,
    logDir: join(dir, "logs"),
  });
  try {
    assert.deepEqual(await manager.connectAll(), []);
    const read = find(manager, "mcp__files__read_text_file");
    assert.equal(read.isReadOnly({}), true);
    assert.equal(find(manager, "mcp__files__write_file").isReadOnly({}), false);
    const result = await read.execute({ path: join(dir, "notes.txt") }, toolContext(dir));
    assert.equal(result.isError, false, result.content);
    assert.match(result.content, /line one\nline two/);
    const outside = await read.execute({ path: "/etc/hostname" }, toolContext(dir));
    assert.equal(outside.isError && outside.code, "mcp_tool_error");
    assert.match(outside.content, /denied|outside|not allowed/i);
    // No resources from this server: the resource tools are not offered.
    assert.ok(!manager.tools().some((tool) => tool.name === "ListMcpResources"));
  } finally {
    await manager.close();
  }
});
