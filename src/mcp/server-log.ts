// A stdio server's stderr: appended to `<logDir>/mcp-<server>.log` (never the terminal) and its last
// lines kept in memory so a failure report can quote them.
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { join } from "node:path";
import type { Stream } from "node:stream";

export class ServerLog {
  private file?: WriteStream;
  private tail = "";

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

  /** " (stderr: <last line>)" when the server wrote anything, else "". */
  hint(): string {
    const last = this.tail.trim().split("\n").filter(Boolean).at(-1);
    return last ? ` (stderr: ${last.slice(0, 200)})` : "";
  }

  close(): void {
    this.file?.end();
    this.file = undefined;
  }

  private open(): WriteStream | undefined {
    if (this.file || !this.logDir) return this.file;
    try {
      mkdirSync(this.logDir, { recursive: true });
      const path = join(this.logDir, `mcp-${this.server.replace(/[^A-Za-z0-9_.-]/g, "_")}.log`);
      this.file = createWriteStream(path, { flags: "a" });
      this.file.on("error", () => {
        this.file = undefined;
      });
    } catch {
      this.file = undefined;
    }
    return this.file;
  }
}
