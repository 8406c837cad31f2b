// A stdio server's stderr: appended to `<logDir>/mcp-<server>.log` (never the terminal) and its last
// lines kept in memory so a failure report can quote them.
import { createWriteStream, type WriteStream } from "node:fs";
import { join } from "node:path";
import type { Stream } from "node:stream";
import { ensureFolderSync } from "../util/index.js";
import type { ChildExit } from "./stdio-transport.js";

export class ServerLog {
  private file?: WriteStream;
  private tail = "";
  private filePath?: string;

  constructor(
    private readonly server: string,
    private readonly logDir: string | undefined,
  ) {}

  /** Starts a new section for a (re)started process and follows its stderr. */
  follow(stream: Stream | null, description: string): void {
    this.tail = "";
    this.open()?.write(`--- ${new Date().toISOString()} starting ${description}\n`);
    stream?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      this.file?.write(text);
      this.tail = (this.tail + text).slice(-2000);
    });
  }

  /** The log file's path (undefined without a log directory or when it could not be opened). */
  get path(): string | undefined {
    return this.file ? this.filePath : undefined;
  }

  /** " (exit code 3; stderr: <last line>; log: <path>)" with the parts that are known, else "".
   *  The log path is named only when the process exited or wrote something worth reading. */
  hint(exit?: ChildExit): string {
    const last = this.tail
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .at(-1);
    const parts: string[] = [];
    if (exit) parts.push(exitText(exit));
    if (last) parts.push(`stderr: ${last.length > 200 ? `${last.slice(0, 200)}…` : last}`);
    if (parts.length > 0 && this.path) parts.push(`log: ${this.path}`);
    return parts.length > 0 ? ` (${parts.join("; ")})` : "";
  }

  close(): void {
    this.file?.end();
    this.file = undefined;
  }

  private open(): WriteStream | undefined {
    if (this.file || !this.logDir) return this.file;
    try {
      ensureFolderSync(this.logDir);
      this.filePath = join(this.logDir, `mcp-${this.server.replace(/[^A-Za-z0-9_.-]/g, "_")}.log`);
      this.file = createWriteStream(this.filePath, { flags: "a" });
      this.file.on("error", () => {
        this.file = undefined;
      });
    } catch {
      this.file = undefined;
    }
    return this.file;
  }
}

function exitText(exit: ChildExit): string {
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exit code ${exit.code ?? "unknown"}`;
}
