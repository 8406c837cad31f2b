// Drives the built CLI as an editor would: `reagent --acp` spawned with piped stdio, the official ACP
// library's client side (client().connect over the child's stdin/stdout), every session/update
// collected per session, and the client's own methods (permission answers, files, terminals)
// answered by what the test passes. stderr is kept for diagnostics; stdout must carry only protocol.
import { type ChildProcess, spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import {
  type AnyMessage,
  type ClientCapabilities,
  type ClientContext,
  client,
  type InitializeResponse,
  ndJsonStream,
  type ReadTextFileRequest,
  type RequestPermissionRequest,
  type SessionNotification,
  type SessionUpdate,
  type WriteTextFileRequest,
} from "@agentclientprotocol/sdk";
import { BIN, cleanEnv } from "./cli.js";
import { killAtExit } from "./processes.js";

export type PermissionAnswer = string | "cancel";

export type AcpClientOptions = {
  cwd: string;
  env: Record<string, string>;
  args?: string[];
  /** The agent program and its arguments instead of `reagent --acp` (e.g. an adapter in front of reagent). */
  command?: string[];
  capabilities?: ClientCapabilities;
  /** Answers session/request_permission with an option id (default: reject_once). */
  permission?: (request: RequestPermissionRequest) => PermissionAnswer | Promise<PermissionAnswer>;
  readTextFile?: (request: ReadTextFileRequest) => string | Promise<string>;
  writeTextFile?: (request: WriteTextFileRequest) => void | Promise<void>;
  /** Runs terminal/create's command for real (default) and serves its output. */
  terminals?: boolean;
};

export type AcpClient = {
  agent: ClientContext;
  child: ChildProcess;
  initialized: InitializeResponse;
  updates(sessionId: string): SessionUpdate[];
  /** Resolves once an update of the session satisfies `match` (30 s at most, then rejects). */
  waitFor(sessionId: string, match: (update: SessionUpdate) => boolean): Promise<SessionUpdate>;
  permissions: RequestPermissionRequest[];
  /** Everything the agent printed on stdout that the library did not take as a message. */
  stderr(): string;
  terminalOutputs: Map<string, string>;
  close(): Promise<number | null>;
};

export async function startAcp(options: AcpClientOptions): Promise<AcpClient> {
  const command = options.command ?? [BIN, "--acp", ...(options.args ?? [])];
  const child = spawn(process.execPath, command, {
    cwd: options.cwd,
    env: options.env ?? cleanEnv(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  killAtExit(child);
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const notifications: SessionNotification[] = [];
  const permissions: RequestPermissionRequest[] = [];
  const terminalOutputs = new Map<string, string>();
  const terminals = new Map<string, { output: string; exit: Promise<number | null> }>();
  let nextTerminal = 0;
  const app = client({ name: "test-editor" })
    .onNotification("session/update", ({ params }) => {
      notifications.push(params);
    })
    .onRequest("session/request_permission", async ({ params }) => {
      permissions.push(params);
      const answer = options.permission ? await options.permission(params) : "reject_once";
      return answer === "cancel"
        ? { outcome: { outcome: "cancelled" } }
        : { outcome: { outcome: "selected", optionId: answer } };
    })
    .onRequest("fs/read_text_file", async ({ params }) => {
      if (!options.readTextFile) throw new Error("no fs in this test");
      return { content: await options.readTextFile(params) };
    })
    .onRequest("fs/write_text_file", async ({ params }) => {
      if (!options.writeTextFile) throw new Error("no fs in this test");
      await options.writeTextFile(params);
      return {};
    })
    .onRequest("terminal/create", ({ params }) => {
      const terminalId = `term-${++nextTerminal}`;
      const run = spawn(params.command, params.args ?? [], { cwd: params.cwd ?? options.cwd });
      const state = { output: "", exit: new Promise<number | null>((resolve) => run.on("close", resolve)) };
      run.stdout.on("data", (chunk) => {
        state.output += chunk;
        terminalOutputs.set(terminalId, state.output);
      });
      terminals.set(terminalId, state);
      return { terminalId };
    })
    .onRequest("terminal/output", ({ params }) => ({
      output: terminals.get(params.terminalId)?.output ?? "",
      truncated: false,
    }))
    .onRequest("terminal/wait_for_exit", async ({ params }) => ({
      exitCode: (await terminals.get(params.terminalId)?.exit) ?? null,
    }))
    .onRequest("terminal/kill", () => ({}))
    .onRequest("terminal/release", () => ({}));
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>,
  );
  const connection = app.connect(stream);
  const initialized = await connection.agent.request("initialize", {
    protocolVersion: 1,
    clientCapabilities: options.capabilities ?? {},
    clientInfo: { name: "test-editor", version: "1.0.0" },
  });
  const exit = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const updatesOf = (sessionId: string) =>
    notifications.filter((note) => note.sessionId === sessionId).map((note) => note.update);
  return {
    agent: connection.agent,
    child,
    initialized,
    updates: updatesOf,
    async waitFor(sessionId, match) {
      for (let waited = 0; waited < 30_000; waited += 20) {
        const found = updatesOf(sessionId).find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no matching update for ${sessionId}; stderr:\n${stderr}`);
    },
    permissions,
    stderr: () => stderr,
    terminalOutputs,
    async close() {
      connection.close();
      child.stdin?.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const code = await exit;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Sends raw lines to a fresh `reagent --acp` and collects the JSON lines it answers with. */
export async function rawAcp(
  lines: string[],
  options: {
    cwd: string;
    env: Record<string, string>;
    until: (answers: AnyMessage[]) => boolean;
    /** Sent once the answer to request id 1 (initialize) has come: the agent refuses requests before it. */
    afterInitialize?: string[];
  },
): Promise<{ answers: AnyMessage[]; stdout: string; stderr: string; code: number | null }> {
  const child = spawn(process.execPath, [BIN, "--acp"], {
    cwd: options.cwd,
    env: options.env,
    stdio: "pipe",
  });
  killAtExit(child);
  let stdout = "";
  let stderr = "";
  const answers: AnyMessage[] = [];
  let later = options.afterInitialize ?? [];
  const done = new Promise<void>((resolve) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      answers.length = 0;
      for (const line of stdout.split("\n")) if (line.trim()) answers.push(JSON.parse(line) as AnyMessage);
      if (later.length > 0 && answers.some((answer) => "id" in answer && answer.id === 1)) {
        for (const line of later) child.stdin.write(`${line}\n`);
        later = [];
      }
      if (options.until(answers)) resolve();
    });
    child.on("close", () => resolve());
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  for (const line of lines) child.stdin.write(`${line}\n`);
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  await done;
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.on("close", resolve),
  );
  clearTimeout(timer);
  return { answers, stdout, stderr, code };
}
