// The REPL's view of the terminal's output stream, handed to Ink in place of process.stdout. It
// forwards writes and sizes and counts bytes, and does what Ink leaves undone:
// - Only changed lines are rewritten. Ink redraws its whole live area (erase N lines, write all)
//   for every change; a frame that replaces the one before becomes the lines that differ, so a
//   spinner tick rewrites one line. (Ink's incremental mode misplaces lines when the frame ends
//   with a newline, which ours does.)
// - Resizes are clean. Between frames the cursor waits on the live area's FIRST row, not under it:
//   when the terminal gets narrower it reflows the rows on screen (tmux signals a burst of resizes
//   ~200 ms late, so frames keep coming at the old width meanwhile), and the cursor stays on that
//   row, so "clear everything below the cursor" erases the live area however many rows it became;
//   no count of reflowed rows is needed. Frames go out with line wrapping off, so a line too wide
//   for a terminal that just got narrower is clipped instead of wrapping and scrolling. After a
//   narrowing the live area keeps its height (blank rows on top) until the next print, so its
//   bottom stays low and the next narrowing has room above it.
// - Ink writes one burst per render (erase, printed transcript, frame); the burst is handled as a
//   whole at the end of the tick, where its last part is known to be the frame.
// It also hands the terminal over to another program (Ctrl+G's editor) and takes it back cleanly,
// and keeps bracketed paste on while the REPL has the terminal.
import { EventEmitter } from "node:events";
import { PASTE_MODE_OFF, PASTE_MODE_ON } from "./bracketed-paste.js";
import { alignedPrevious, insertionRow } from "./frame-growth.js";
import { lineChange } from "./line-change.js";
import { stripAnsi } from "./style.js";
import { visibleWidth } from "./text-width.js";

const ESC = "\u001b[";
/** DECAWM off / on: line wrapping at the right margin. */
const NO_WRAP = `${ESC}?7l`;
const WRAP = `${ESC}?7h`;
/** Clears from the cursor's row down. Not a bare `ESC[J`: at the top-left corner that clears the
 *  whole screen, and tmux (scroll-on-clear) then moves the screen into the scrollback. */
const CLEAR_BELOW = `\r${ESC}2K${ESC}1B${ESC}J${ESC}1A`;
/** ansi-escapes' eraseLines(n) as Ink writes it: erase line, up, …, erase line, column 1. */
const ERASE_LINES = /^(?:\u001b\[2K\u001b\[1A)*\u001b\[2K\u001b\[G/;

/** Ink turning the kitty keyboard protocol on (`CSI > flags u`) or off (`CSI < u`). */
const KEYBOARD_ON = /\u001b\[>(\d+)u/;
const KEYBOARD_OFF = /\u001b\[<\d*u/;

/** How long Ink's redraw for a resize waits for the app's own frame at the new size. */
const HOLD_MS = 150;

type Part = { erased: number; body: string; text: string; resizing: boolean };

function parse(text: string, resizing: boolean): Part {
  const prefix = ERASE_LINES.exec(text)?.[0] ?? "";
  const erased = prefix === "" ? 0 : prefix.split(`${ESC}2K`).length - 1;
  return { erased, body: text.slice(prefix.length), text, resizing };
}

/** Lines ending in a newline: a frame or printed transcript (not a clear, not control codes). */
const isContent = (part: Part) => part.body.endsWith("\n") && !part.body.includes(`${ESC}2J`);

export class TerminalOutput extends EventEmitter {
  /** Bytes written since start (for the REPL byte benchmark and tests). */
  bytesWritten = 0;
  /** The lines of the live area on screen, blank rows on top included ([] after an erase). */
  frame: readonly string[] = [];
  /** Blank rows on top of `frame` (kept after a narrowing so the live area's bottom stays). */
  private pad = 0;
  /** Rows the live area keeps until the next print (0: none). */
  private floor = 0;
  /** Ink's redraw for a resize, not yet drawn (see translate). */
  private held: { lines: string[]; timer: NodeJS.Timeout } | undefined;
  private pending: Array<{ part: Part; callback?: (error?: Error | null) => void }> = [];
  private scheduled = false;
  /** A resize is being announced (Ink's redraw for it is not a print). */
  private resizing = false;
  /** The kitty keyboard flags Ink turned on, if it did. */
  private keyboard: string | undefined;
  /** Bracketed paste is on (bracketed-paste.ts). */
  private pasteMode = false;

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
    const done = typeof encoding === "function" ? encoding : callback;
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (KEYBOARD_OFF.test(text)) this.keyboard = undefined;
    this.keyboard = KEYBOARD_ON.exec(text)?.[1] ?? this.keyboard;
    this.pending.push({ part: parse(text, this.resizing), callback: done });
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.flush());
    }
    return true;
  }

  /** Writes what Ink wrote this tick. Content is a frame unless more content follows it with no
   *  erase between: Ink prints the transcript right before the frame and never erases it. */
  flush(): void {
    this.scheduled = false;
    const burst = this.pending;
    this.pending = [];
    if (burst.length === 0) return;
    const parts = burst.map(({ part }) => part);
    const significant = (part: Part) => isContent(part) || part.erased > 0 || part.body.includes(`${ESC}2J`);
    const isFrame = (part: Part, index: number) => {
      const next = parts.slice(index + 1).find(significant);
      return part.erased > 0 || next === undefined || !isContent(next) || next.erased > 0;
    };
    const data = parts
      .map((part, index) => this.translate(part, isContent(part) && isFrame(part, index)))
      .join("");
    const callbacks = burst.flatMap(({ callback }) => (callback ? [callback] : []));
    this.writeOut(data, (error) => {
      for (const callback of callbacks) callback(error);
    });
  }

  private translate(part: Part, isFrame: boolean): string {
    const { erased, body, text } = part;
    if (erased === 0 && !isContent(part)) {
      if (body.includes(`${ESC}2J`)) {
        this.frame = [];
        this.pad = 0;
        this.floor = 0;
      }
      return text;
    }
    // Ink's frame laid out for the old size, squeezed into the new width, is held back for a moment:
    // the app's frame for the new size follows, and the squeezed one (taller, so with fewer blank
    // rows on top) would be the one a quick second narrowing reflows into the scrollback.
    const held = this.held;
    if (held) {
      clearTimeout(held.timer);
      this.held = undefined;
    }
    const after = held !== undefined && erased === held.lines.length + 1;
    if (erased > 0 && !isContent(part)) {
      // Ink erased its frame: to print above it (blank rows kept on top go too, the print takes
      // their place), or to redraw it after a resize (the next frame keeps the live area's height).
      let clear = this.frame.length > 0 && !after ? CLEAR_BELOW : "";
      if (part.resizing && this.frame.length > 0) {
        this.floor = Math.min(this.reflowedRows(), this.rows - 1);
        // The live area goes down to the screen's last rows: rows left empty under it are what
        // the next narrowing would push its top out with. (On a full screen it is there already.)
        clear += `${"\n".repeat(this.floor)}${ESC}${this.rows}B${ESC}${this.floor}A`;
      } else if (!part.resizing) this.floor = 0;
      this.frame = [];
      this.pad = 0;
      return `${clear}${body}`;
    }
    // Printed transcript: it goes where the live area was; the cursor ends on the row under it,
    // which is where the live area starts next.
    if (!isFrame) return erased > 0 && !after ? `${CLEAR_BELOW}${body}` : body;
    const drawn = body.slice(0, -1).split("\n");
    if (part.resizing && erased === 0 && this.frame.length === 0 && this.floor > 0) {
      const timer = setTimeout(() => this.drawHeld(), HOLD_MS);
      timer.unref?.();
      this.held = { lines: drawn, timer };
      return "";
    }
    // Ink counts only its own lines: `erase(N)` matches the live area without the blank rows.
    const follows = erased > 0 && erased === this.frame.length - this.pad + 1 && this.frame.length > 0;
    return this.draw(drawn, follows ? this.frame : [], erased > 0 && !follows && !after);
  }

  /** The live area's lines from its first row (the cursor's): only those that changed when it
   *  replaces `previous`; blank rows on top up to the kept height; the cursor back on the first row. */
  private draw(drawn: string[], previous: readonly string[], clear: boolean): string {
    const padded = this.pad > 0;
    this.pad = Math.max(0, this.floor - drawn.length);
    const lines = [...Array.from({ length: this.pad }, () => ""), ...drawn];
    this.frame = lines;
    let out = `${clear ? CLEAR_BELOW : ""}\r`;
    let under: ReadonlyArray<string | undefined> = previous;
    const at = clear || padded || this.pad > 0 ? undefined : insertionRow(previous, lines);
    if (at !== undefined) {
      // Room first: down to the old last row, one newline per new row (the screen scrolls when the
      // area is at the bottom), then rows inserted where it grew; the cursor back on the first row.
      const count = lines.length - previous.length;
      const up = lines.length - 1 - at;
      out += `${previous.length > 1 ? `${ESC}${previous.length - 1}B` : ""}${"\n".repeat(count)}`;
      out += `${up > 0 ? `${ESC}${up}A` : ""}${ESC}${count}L${at > 0 ? `${ESC}${at}A` : ""}\r`;
      under = alignedPrevious(previous, at, count);
    }
    lines.forEach((line, index) => {
      const was = index < under.length ? under[index] : undefined;
      const change = was === undefined || was === line ? undefined : lineChange(was, line);
      if (was === line) out += "\n";
      else if (change !== undefined) out += `${change}\n`;
      // Nothing to clear after a full-width line (and with wrapping off, `ESC[K` there would erase
      // its last character, under the cursor).
      else out += visibleWidth(stripAnsi(line)) >= this.columns ? `${line}\n` : `${line}${ESC}K\n`;
    });
    if (lines.length < previous.length) out += `${ESC}J`;
    return `${NO_WRAP}${out}${ESC}${lines.length}A${WRAP}`;
  }

  /** The app did not redraw after the resize after all: the held frame is drawn. */
  private drawHeld(): void {
    if (this.held && this.pending.length > 0) this.flush();
    const held = this.held;
    if (!held) return;
    clearTimeout(held.timer);
    this.held = undefined;
    this.writeOut(this.draw(held.lines, [], false));
  }

  private writeOut(data: string, callback?: (error?: Error | null) => void): void {
    this.bytesWritten += Buffer.byteLength(data);
    this.real.write(data, callback);
  }

  /** Rows the live area takes at the terminal's current width (lines wider than it wrap;
   *  trailing spaces written count, as they do in the terminal's reflow). */
  private reflowedRows(): number {
    const size = typeof this.real.getWindowSize === "function" ? this.real.getWindowSize() : undefined;
    const columns = size?.[0] || this.columns;
    return this.frame.reduce(
      (sum, line) => sum + Math.max(1, Math.ceil(visibleWidth(stripAnsi(line)) / columns)),
      0,
    );
  }

  /** Turns bracketed paste on, until the terminal is parked or handed over. */
  bracketPastes(): void {
    this.pasteMode = true;
    this.real.write(PASTE_MODE_ON);
  }

  /** Moves the cursor under the live area (before anything else writes to the terminal); bracketed
   *  paste goes off, as the shell expects. */
  park(): void {
    this.flush();
    this.drawHeld();
    if (this.pasteMode) this.real.write(PASTE_MODE_OFF);
    this.pasteMode = false;
    if (this.frame.length === 0) return;
    this.writeOut(`${ESC}${this.frame.length}B\r`);
    this.frame = [];
    this.pad = 0;
  }

  /** Runs `work` with the terminal handed over (an editor): the live area erased, the cursor shown and
   *  the keyboard protocol off; afterwards all three as they were, the frame rewritten where the
   *  cursor is, so the renderer's picture of the screen stays true whatever the program printed. */
  handOver<T>(work: () => T): T {
    this.flush();
    this.drawHeld();
    const lines = this.frame;
    const erase = lines.length > 0 ? CLEAR_BELOW : "";
    const paste = this.pasteMode;
    this.real.write(`${erase}${ESC}?25h${this.keyboard ? `${ESC}<u` : ""}${paste ? PASTE_MODE_OFF : ""}`);
    try {
      return work();
    } finally {
      const restore = lines.map((line) => `${line}\n`).join("");
      const back = lines.length > 0 ? `${ESC}${lines.length}A` : "";
      const keyboard = this.keyboard ? `${ESC}>${this.keyboard}u` : "";
      this.real.write(`${keyboard}${paste ? PASTE_MODE_ON : ""}${ESC}?25l${restore}${back}`);
    }
  }

  /** Stops listening to the real stream; the cursor goes under the live area. */
  detach(): void {
    this.park();
    this.real.off("resize", this.onResize);
  }

  private onResize = () => {
    this.resizing = true;
    try {
      this.emit("resize");
    } finally {
      this.resizing = false;
    }
  };
}
