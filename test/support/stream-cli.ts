// Drives the real CLI in `--input-format stream-json` mode the way a program does: writes JSON lines
// to its stdin while it runs, collects every stdout line parsed, and waits for lines by condition
// (never by time).
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { BIN } from "./cli.js";
import { killAtExit } from "./processes.js";

export type JsonLine = Record<string, ReturnType<typeof JSON.parse>>;

export type StreamCli = {
  child: ChildProcessWithoutNullStreams;
  lines: JsonLine[];
  stderr(): string;
  send(message: unknown): void;
  /** A user turn with string content. */
  user(text: string, uuid?: string): void;
  /** A control request from "the SDK"; resolves with the matching control_response's `response`. */
  control(request: Record<string, unknown>): Promise<JsonLine>;
  waitFor(predicate: (line: JsonLine) => boolean, what: string, timeoutMs?: number): Promise<JsonLine>;
  end(): void;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export const STREAM_ARGS = ["--output-format", "stream-json", "--verbose", "--input-format", "stream-json"];

export function startStreamCli(
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): StreamCli {
  const child = spawn(process.execPath, [BIN, ...STREAM_ARGS, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  killAtExit(child);
  const lines: JsonLine[] = [];
  let stderr = "";
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout }).on("line", (text) => {
    lines.push(JSON.parse(text));
    for (const check of [...waiters]) check();
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => {
      for (const check of [...waiters]) check();
      resolve({ code, signal });
    }),
  );
  let counter = 0;
  const cli: StreamCli = {
    child,
    lines,
    stderr: () => stderr,
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    user: (text, uuid) =>
      cli.send({
        type: "user",
        message: { role: "user", content: text },
        parent_tool_use_id: null,
        session_id: "",
        ...(uuid ? { uuid } : {}),
      }),
    async control(request) {
      const id = `test-${++counter}`;
      cli.send({ type: "control_request", request_id: id, request });
      const line = await cli.waitFor(
        (candidate) => candidate.type === "control_response" && candidate.response.request_id === id,
        `control_response to ${String(request.subtype)}`,
      );
      return line.response;
    },
    waitFor(predicate, what, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < lines.length; seen++) {
            if (predicate(lines[seen]!)) {
              cleanup();
              resolve(lines[seen]!);
              return;
            }
          }
          if (child.exitCode !== null || child.signalCode !== null) {
            cleanup();
            reject(new Error(`reagent exited before ${what}; stderr:\n${stderr}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${what} within ${timeoutMs} ms; stderr:\n${stderr}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    end: () => child.stdin.end(),
    exit,
  };
  return cli;
}
