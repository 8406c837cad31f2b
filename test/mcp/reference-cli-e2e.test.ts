// End to end through the built CLI with the published reference servers (dev dependencies), configured
// in a temp project's `.mcp.json`: server-everything over stdio (`reagent mcp list`, a tool call the
// fake model makes, an `@everything:<uri>` attachment) and server-filesystem on a temp dir (a read,
// and a write that only an allow rule for the server permits in a headless run).
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { cleanEnv, runCli } from "../support/cli.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { tempFolder } from "../support/temp-folder.js";
import { createWorkspace } from "../support/workspace.js";

function binOf(pkg: string): string {
  return fileURLToPath(new URL("dist/index.js", import.meta.resolve(`${pkg}/package.json`)));
}

const everythingArgs = [binOf("@modelcontextprotocol/server-everything"), "stdio"];
const dataDir = tempFolder("mcp-fs");
writeFileSync(join(dataDir, "notes.txt"), "reference line one\nreference line two\n");

const workspace = createWorkspace({ "README.md": "project\n" });
workspace.write(
  ".mcp.json",
  JSON.stringify({
    mcpServers: {
      everything: { command: process.execPath, args: everythingArgs },
      fs: { command: process.execPath, args: [binOf("@modelcontextprotocol/server-filesystem"), dataDir] },
    },
  }),
);

const models: FakeModelServer[] = [];
after(async () => {
  workspace.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  await Promise.all(models.map((model) => model.close()));
});

/** What server-everything offers, asked of it directly with the SDK client (not through reagent). */
type Catalog = { tools: number; resources: number; prompts: number; uri: string; text: string };
let catalog: Catalog;

before(async () => {
  const client = new Client({ name: "reagent-test", version: "0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: everythingArgs, stderr: "ignore" }),
  );
  try {
    const resources = (await client.listResources()).resources;
    const resource = resources.find((candidate) => candidate.mimeType?.startsWith("text/"));
    assert.ok(resource, "server-everything offers a text resource");
    const [content] = (await client.readResource({ uri: resource.uri })).contents;
    assert.ok(content && "text" in content && typeof content.text === "string");
    catalog = {
      tools: (await client.listTools()).tools.length,
      resources: resources.length,
      prompts: (await client.listPrompts()).prompts.length,
      uri: resource.uri,
      text: content.text,
    };
  } finally {
    await client.close();
  }
});

type ToolResult = { type: "tool_result"; tool_use_id: string; content?: unknown; is_error?: boolean };
type Body = { messages: Array<{ role: string; content: unknown }>; tools: Array<{ name: string }> };

/** The tool results the CLI sent back in request `index`, by tool-use id, with their text flattened. */
function toolResults(model: FakeModelServer, index: number): Map<string, { text: string; isError: boolean }> {
  const body = model.requests[index]?.body as Body | undefined;
  assert.ok(body, `request ${index} was made`);
  const blocks = body.messages.flatMap((message) => (Array.isArray(message.content) ? message.content : []));
  const results = new Map<string, { text: string; isError: boolean }>();
  for (const block of blocks as ToolResult[]) {
    if (block.type !== "tool_result") continue;
    const text =
      typeof block.content === "string"
        ? block.content
        : (block.content as Array<{ text?: string }>).map((part) => part.text ?? "").join("");
    results.set(block.tool_use_id, { text, isError: block.is_error === true });
  }
  return results;
}

function headless(prompt: string, model: FakeModelServer, extra: string[] = []) {
  return runCli(["-p", prompt, ...extra], {
    cwd: workspace.dir,
    env: cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: model.anthropicBaseURL }),
  });
}

test("reagent mcp list: server-everything from .mcp.json is connected with its counts", async () => {
  const run = await runCli(["mcp", "list"], { cwd: workspace.dir });
  assert.equal(run.code, 0, run.stderr);
  const counts = `${catalog.tools} tools, ${catalog.resources} resources, ${catalog.prompts} prompts`;
  assert.match(
    run.stdout,
    new RegExp(`^everything {2}\\[stdio\\] {2}connected · ${counts} .*\\.mcp\\.json`, "m"),
  );
  assert.match(run.stdout, /^fs {2}\[stdio\] {2}connected · \d+ tools/m);
  assert.match(run.stdout, /\/everything:args-prompt <city> \[state\]/);
});

test("headless: the model calls mcp__everything__echo and sees an @everything:<uri> attachment", async () => {
  const model = await startFakeModelServer([
    {
      text: "Echoing.",
      tool_calls: [{ id: "call_echo", name: "mcp__everything__echo", input: { message: "ref e2e 42" } }],
    },
    { text: "All done." },
  ]);
  models.push(model);
  const run = await headless(`echo it, and read @everything:${catalog.uri}`, model, [
    "--allowedTools",
    "mcp__everything__echo",
  ]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "All done.\n");

  const first = model.requests[0]?.body as Body;
  assert.ok(first.tools.some((tool) => tool.name === "mcp__everything__echo"));
  const opening = catalog.text.split("\n").find((line) => line.trim() !== "") ?? "";
  assert.ok(opening.length > 5);
  assert.ok(
    JSON.stringify(first.messages).includes(JSON.stringify(opening).slice(1, -1)),
    `the resource text (${opening}) reaches the first request`,
  );
  const echo = toolResults(model, 1).get("call_echo");
  assert.deepEqual(echo, { text: "Echo: ref e2e 42", isError: false });
});

const fsScript = [
  {
    text: "Reading and writing.",
    tool_calls: [
      { id: "call_read", name: "mcp__fs__read_text_file", input: { path: join(dataDir, "notes.txt") } },
      {
        id: "call_write",
        name: "mcp__fs__write_file",
        input: { path: join(dataDir, "out.txt"), content: "from mcp\n" },
      },
    ],
  },
  { text: "Finished." },
];

test("headless: a server's readOnlyHint is advisory: without an allow rule its read and write tools are denied", async () => {
  const model = await startFakeModelServer(fsScript);
  models.push(model);
  const run = await headless("read notes.txt and write out.txt", model);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "Finished.\n");
  const results = toolResults(model, 1);
  const read = results.get("call_read");
  assert.equal(read?.isError, true);
  assert.match(read?.text ?? "", /mcp__fs__read_text_file is not allowed in non-interactive mode/);
  const write = results.get("call_write");
  assert.equal(write?.isError, true);
  assert.match(write?.text ?? "", /mcp__fs__write_file is not allowed in non-interactive mode/);
  assert.equal(existsSync(join(dataDir, "out.txt")), false);
});

test("headless: --allowedTools mcp__fs allows the server's write tool", async () => {
  const model = await startFakeModelServer(fsScript);
  models.push(model);
  const run = await headless("read notes.txt and write out.txt", model, ["--allowedTools", "mcp__fs"]);
  assert.equal(run.code, 0, run.stderr);
  const results = toolResults(model, 1);
  assert.match(results.get("call_read")?.text ?? "", /reference line one/);
  assert.equal(results.get("call_write")?.isError, false, results.get("call_write")?.text);
  assert.equal(readFileSync(join(dataDir, "out.txt"), "utf8"), "from mcp\n");
});
