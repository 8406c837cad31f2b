// The REPL's view of the terminal's output stream, handed to Ink in place of process.stdout. It
// forwards writes and sizes and counts bytes, and does two jobs Ink leaves undone:
// - Only changed lines are rewritten. Ink redraws its whole live area (erase N lines, write all)
//   for every change; a frame that replaces the one before is turned into cursor moves plus the lines
//   that differ, so a spinner tick rewrites one line. (Ink's own incremental mode misplaces lines
//   when the frame ends with a newline, which ours does.)
// - A resize is clean: terminals reflow the lines on screen when the width shrinks, so the live
//   area may take more rows than Ink knows. When Ink next erases its frame, the whole reflowed block
//   is erased instead (no border fragments, no duplicate lines). Assumes a terminal that reflows on
//   resize (tmux, iTerm2, VTE, kitty …).
// It also hands the terminal over to another program (Ctrl+G's editor) and takes it back cleanly.
import { EventEmitter } from "node:events";
import { stripAnsi } from "./style.js";
import { visibleWidth } from "./text-width.js";

const ESC = "\u001b[";
/** ansi-escapes' eraseLines(n) as Ink writes it: erase line, up, …, erase line, column 1. */
const ERASE_LINES = /^(?:\u001b\[2K\u001b\[1A)*\u001b\[2K\u001b\[G/;

/** True when a write only carries escape sequences (modes, cursor visibility, keyboard protocol). */
function isControlOnly(text: string): boolean {
  return text.replace(/\u001b\[[0-9;?<>=]*[A-Za-z~]|\u001b[78=>]|\u001b\][^\u0007]*\u0007/g, "") === "";
}

/** Ink turning the kitty keyboard protocol on (`CSI > flags u`) or off (`CSI < u`). */
const KEYBOARD_ON = /\u001b\[>(\d+)u/;
const KEYBOARD_OFF = /\u001b\[<\d*u/;

export class TerminalOutput extends EventEmitter {
  /** Bytes written since start (for the REPL byte benchmark and tests). */
  bytesWritten = 0;
  /** The lines of the last frame written below the transcript ([] after an erase). */
  frame: readonly string[] = [];
  /** The kitty keyboard flags Ink turned on, if it did. */
  private keyboard: string | undefined;

  constructor(private readonly real: NodeJS.WriteStream) {
    super();
    real.on("resize", this.onResize);
  }

  get columns(): number {
    return this.real.columns || 80;
  }

  get rows(): number {
    return this.real.rows || 24;
  }

  get isTTY(): boolean {
    return this.real.isTTY === true;
  }

  write(
    chunk: string | Uint8Array,
    encoding?: BufferEncoding | ((error?: Error | null) => void),
    callback?: (error?: Error | null) => void,
  ): boolean {
    let data = chunk;
    if (typeof chunk === "string") {
      if (KEYBOARD_OFF.test(chunk)) this.keyboard = undefined;
      this.keyboard = KEYBOARD_ON.exec(chunk)?.[1] ?? this.keyboard;
      // Ink is about to erase the last frame's rows (`erase(frame.length + 1)`). If the terminal
      // reflowed the frame into more rows (it got narrower; the resize signal may not even have
      // arrived yet), erase the whole reflowed block here and write the new frame from its top.
      const prefix = ERASE_LINES.exec(chunk)?.[0];
      const rows = prefix === undefined ? 0 : this.reflowedRows();
      data =
        prefix !== undefined && rows > this.frame.length
          ? `${ESC}${rows}A\r${ESC}J${this.transform(chunk.slice(prefix.length), true)}`
          : this.transform(chunk);
    }
    this.bytesWritten += typeof data === "string" ? Buffer.byteLength(data) : data.length;
    return this.real.write(data, encoding as BufferEncoding, callback);
  }

  /** Rows the last frame takes now, at the terminal's current width (lines wider than it wrap). */
  private reflowedRows(): number {
    const size = typeof this.real.getWindowSize === "function" ? this.real.getWindowSize() : undefined;
    const columns = size?.[0] || this.columns;
    return this.frame.reduce(
      (sum, line) => sum + Math.max(1, Math.ceil(visibleWidth(stripAnsi(line).trimEnd()) / columns)),
      0,
    );
  }

  /** Follows Ink's frames: `erase(N) + frame` (N = rows of the previous frame + 1) becomes a diff
   *  against the previous frame; every other write passes unchanged. `fresh`: nothing to diff
   *  against (the caller erased the screen below the cursor). */
  private transform(chunk: string, fresh = false): string {
    const prefix = ERASE_LINES.exec(chunk)?.[0] ?? "";
    const erased = prefix === "" ? 0 : prefix.split(`${ESC}2K`).length - 1;
    const body = chunk.slice(prefix.length);
    const previous = fresh ? [] : this.frame;
    // Pure control writes (synchronized-output brackets, cursor visibility) leave the frame as it is.
    if (prefix === "" && !body.includes("\n") && !/\u001b\[[0-9;]*[HJ]/.test(body) && isControlOnly(body))
      return chunk;
    if (!body.endsWith("\n") || body.includes(`${ESC}2J`)) {
      this.frame = [];
      return chunk;
    }
    const lines = body.slice(0, -1).split("\n");
    this.frame = lines;
    if (erased === 0 || erased !== previous.length + 1 || previous.length === 0) return chunk;
    // The cursor is on the row under the previous frame: go to its top, rewrite what changed.
    let out = `${ESC}${previous.length}A\r`;
    lines.forEach((line, index) => {
      out += index < previous.length && previous[index] === line ? "\n" : `${line}${ESC}K\n`;
    });
    return lines.length < previous.length ? `${out}${ESC}J` : out;
  }

  /** Runs `work` with the terminal handed over (an editor): the live area erased, the cursor shown and
   *  the keyboard protocol off; afterwards all three as they were, the frame rewritten where the
   *  cursor is, so the renderer's picture of the screen stays true whatever the program printed. */
  handOver<T>(work: () => T): T {
    const lines = this.frame;
    const erase = lines.length > 0 ? `${ESC}${lines.length}A\r${ESC}J` : "";
    this.real.write(`${erase}${ESC}?25h${this.keyboard ? `${ESC}<u` : ""}`);
    try {
      return work();
    } finally {
      const restore = lines.map((line) => `${line}\n`).join("");
      this.real.write(`${this.keyboard ? `${ESC}>${this.keyboard}u` : ""}${ESC}?25l${restore}`);
    }
  }

  /** Stops listening to the real stream. */
  detach(): void {
    this.real.off("resize", this.onResize);
  }

  private onResize = () => {
    this.emit("resize");
  };
}
