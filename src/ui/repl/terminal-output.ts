// The REPL's view of the terminal's output stream, handed to Ink in place of process.stdout. It
// forwards writes and sizes, counts bytes, and makes a resize clean: terminals reflow the lines on
// screen when the width changes, so the live area Ink drew last may now take more rows than Ink
// knows. Before Ink hears of the resize, the reflowed block is erased and the cursor put where Ink
// expects it, so Ink's own erase-and-redraw lands exactly on it (no border fragments, no duplicate
// lines above the prompt). Assumes a terminal that reflows on resize (tmux, iTerm2, VTE, kitty …).
import { EventEmitter } from "node:events";
import { visibleWidth } from "./text-width.js";

const ESC = "\u001b[";

export class TerminalOutput extends EventEmitter {
  /** Bytes written since start (for the REPL byte benchmark and tests). */
  bytesWritten = 0;
  /** The live area's lines as last rendered (set by the app after each render). */
  frame: readonly string[] = [];
  private lastColumns: number;

  constructor(private readonly real: NodeJS.WriteStream) {
    super();
    this.lastColumns = real.columns || 80;
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
    this.bytesWritten += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    return this.real.write(chunk, encoding as BufferEncoding, callback);
  }

  /** Stops listening to the real stream. */
  detach(): void {
    this.real.off("resize", this.onResize);
  }

  private onResize = () => {
    const columns = this.columns;
    if (columns < this.lastColumns && this.frame.length > 0) {
      // Narrower: lines wider than the new width now take several rows. Ink erases `frame.length + 1`
      // rows up from the cursor (the row under the frame included) and redraws in full; erase the
      // whole reflowed block, then stand where Ink's erase has to start. (Wider: lines Ink wrote
      // never rejoin, the block keeps its rows, and Ink's redraw is right as it is.)
      const rows = this.frame.reduce(
        (sum, line) => sum + Math.max(1, Math.ceil(visibleWidth(line) / columns)),
        0,
      );
      const down = this.frame.length;
      this.real.write(`${ESC}${rows}A\r${ESC}J${down > 0 ? `${ESC}${down}B` : ""}`);
    }
    this.lastColumns = columns;
    this.emit("resize");
  };
}
