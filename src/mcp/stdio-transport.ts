// The stdio transport to a server process reagent starts: spawned from a Launch (the environment
// filtered, and bwrap around the server when it runs in the sandbox, whose seccomp program goes in
// on the pipe after stdio), newline-delimited JSON-RPC on stdin/stdout, stderr handed to the log.
// Closing ends stdin, then SIGTERM, then SIGKILL, each after a grace; the launch is finished once
// the process is gone (its sandbox's placeholders are removed then).
import { type ChildProcess, spawn } from "node:child_process";
import { PassThrough } from "node:stream";
import {
  type JSONRPCMessage,
  ReadBuffer,
  serializeMessage,
  type Transport,
} from "@modelcontextprotocol/client";
import type { Launch } from "../contracts/index.js";

type ReadyLaunch = Extract<Launch, { kind: "ready" }>;

export type ChildExit = { code: number | null; signal: NodeJS.Signals | null };

const CLOSE_GRACE_MS = 2000;

export class LaunchedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Told the child's pid as soon as it is spawned (so a server stuck in initialize can be ended). */
  onspawn?: (pid: number) => void;
  /** The child's pid, kept after it exits. */
  spawnedPid: number | null = null;
  /** How the child ended, once it has. */
  exit?: ChildExit;
  /** The server's stderr, readable before start() so no early output is lost. */
  readonly stderr = new PassThrough();
  private child: ChildProcess | undefined;
  private readonly buffer = new ReadBuffer();

  constructor(private readonly launch: ReadyLaunch) {}

  /** The running child's pid (null before start and after it exited). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("the stdio transport is already started");
    const { launch } = this;
    return new Promise((resolve, reject) => {
      const child = spawn(launch.file, launch.args, {
        cwd: launch.cwd,
        env: launch.env,
        stdio: ["pipe", "pipe", "pipe", ...launch.inputPipes.map(() => "pipe" as const)],
        shell: false,
      });
      this.child = child;
      child.on("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on("spawn", () => {
        this.spawnedPid = child.pid ?? null;
        launch.inputPipes.forEach((bytes, index) => {
          const pipe = child.stdio[3 + index];
          if (pipe && "end" in pipe) pipe.end(Buffer.from(bytes));
        });
        if (child.pid !== undefined) this.onspawn?.(child.pid);
        resolve();
      });
      child.once("exit", (code, signal) => {
        this.exit = { code, signal };
      });
      child.on("close", () => {
        this.child = undefined;
        launch.finish();
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => {
        try {
          this.buffer.append(chunk);
          this.readMessages();
        } catch (error) {
          this.onerror?.(error as Error);
          this.close().catch(() => {});
        }
      });
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stderr?.pipe(this.stderr);
    });
  }

  private readMessages(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin) {
        reject(new Error("not connected: the server process is not running"));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
    const within = (ms: number) =>
      Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
    try {
      child.stdin?.end();
    } catch {
      // already closed
    }
    await within(CLOSE_GRACE_MS);
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      if (child.exitCode !== null || child.signalCode !== null) break;
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
      await within(CLOSE_GRACE_MS);
    }
    this.buffer.clear();
  }
}
