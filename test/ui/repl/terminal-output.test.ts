// The terminal wrapper: Ink's "erase the frame, write it all" becomes a rewrite of the changed lines
// from the live area's first row (where the cursor waits between frames), printed transcript goes
// where the live area was, and a resize erases whatever the terminal reflowed the live area into.
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import { test } from "node:test";
import { TerminalOutput } from "../../../src/ui/repl/terminal-output.js";

class FakeTty extends EventEmitter {
  columns = 80;
  rows = 24;
  isTTY = true;
  written: string[] = [];
  write(chunk: string, callback?: () => void) {
    this.written.push(chunk);
    callback?.();
    return true;
  }
  getWindowSize() {
    return [this.columns, this.rows];
  }
}

const ESC = "\u001b[";
const erase = (count: number) => `${`${ESC}2K${ESC}1A`.repeat(count - 1)}${ESC}2K${ESC}G`;
/** Wrapping off, the lines from the live area's first row, back up, wrapping on. */
const framed = (body: string, rows: number) => `${ESC}?7l\r${body}${ESC}${rows}A${ESC}?7h`;
const CLEAR_BELOW = `\r${ESC}2K${ESC}1B${ESC}J${ESC}1A`;

function setUp() {
  const tty = new FakeTty();
  const out = new TerminalOutput(tty as unknown as NodeJS.WriteStream);
  const write = (...chunks: string[]) => {
    for (const chunk of chunks) out.write(chunk);
    out.flush();
    return tty.written.at(-1);
  };
  return { tty, out, write };
}

test("a replacing frame rewrites only the lines that changed, the cursor back on its first row", () => {
  const { tty, out, write } = setUp();
  assert.equal(write("spin 1\nprompt\nstatus\n"), framed(`spin 1${ESC}K\nprompt${ESC}K\nstatus${ESC}K\n`, 3));
  assert.equal(write(`${erase(4)}spin 2\nprompt\nstatus\n`), framed(`spin 2${ESC}K\n\n\n`, 3));
  assert.equal(
    write(`${erase(4)}spin 2\nprompt\n`),
    framed(`\n\n${ESC}J`, 2),
    "a shorter frame clears below",
  );
  assert.equal(out.bytesWritten, Buffer.byteLength(tty.written.join("")));
});

test("a full-width line gets no erase-to-end (with wrapping off it would eat its last character)", () => {
  const { write } = setUp();
  const rule = "─".repeat(80);
  assert.equal(write(`${rule}\nshort\n`), framed(`${rule}\nshort${ESC}K\n`, 2));
});

test("printed transcript goes where the live area was; the frame follows under it", () => {
  const { write } = setUp();
  write("spin\nprompt\n");
  assert.equal(
    write(erase(3), "answer line\n\n", "prompt\n"),
    `${CLEAR_BELOW}answer line\n\n${framed(`prompt${ESC}K\n`, 1)}`,
  );
  // A frame Ink erases in the same burst was a frame, not transcript: it never stays behind.
  assert.equal(
    write(erase(2), "printed\n", "frame a\n", `${erase(2)}frame b\n`),
    // (frame b changed frame a in one character: only that one is written, at its column)
    `${CLEAR_BELOW}printed\n${framed(`frame a${ESC}K\n`, 1)}${framed(`${ESC}6Cb${ESC}0m\n`, 1)}`,
  );
});

test("control writes pass through; a clear of the screen leaves nothing to diff against", () => {
  const { write } = setUp();
  write("a\nb\n");
  assert.equal(write("\u001b[?2026h"), "\u001b[?2026h");
  assert.equal(write(`${erase(3)}a\nc\n`), framed(`\nc${ESC}K\n`, 2));
  write(`${erase(3)}`, `${ESC}2J${ESC}H`, "x\n");
  assert.equal(write(`${erase(2)}y\n`), framed(`y${ESC}K\n`, 1));
});

test("no clear ever starts at the top-left corner with a bare ESC[J (tmux would scroll the screen away)", () => {
  const { tty, write } = setUp();
  write("a\nb\n");
  write(erase(3), "printed\n", "a\n");
  for (const chunk of tty.written) assert.doesNotMatch(chunk, /^\u001b\[J|\r\u001b\[J/);
});

test("a narrowing: the reflowed live area is erased whole, the next frame keeps its height at the bottom", () => {
  const { tty, out, write } = setUp();
  write(`${"─".repeat(80)}\nshort\n`);
  tty.columns = 40;
  // Ink hears of the resize, erases its frame and redraws the old layout squeezed into the new width.
  out.on("resize", () => {
    out.write(erase(3));
    out.write(`${"─".repeat(40)}\n${"─".repeat(40)}\nshort\n`);
  });
  tty.emit("resize");
  out.flush();
  // 3 rows: the 80-column rule takes two now. Pushed down to the screen's last rows.
  assert.equal(tty.written.at(-1), `${CLEAR_BELOW}\n\n\n${ESC}24B${ESC}3A`);
  // The squeezed frame is held back; the app's frame for the new size comes and is drawn instead,
  // with blank rows on top to keep the live area's height.
  assert.equal(
    write(`${erase(4)}${"─".repeat(40)}\nshort\n`),
    framed(`${ESC}K\n${"─".repeat(40)}\nshort${ESC}K\n`, 3),
  );
  // The next print takes the blank rows' place, and the live area is its own height again.
  assert.equal(
    write(erase(3), "printed\n", "short\n"),
    `${CLEAR_BELOW}printed\n${framed(`short${ESC}K\n`, 1)}`,
  );
});

test("a held resize frame is drawn when the app does not redraw", async () => {
  const { tty, out, write } = setUp();
  write(`${"x".repeat(80)}\nshort\n`);
  tty.columns = 40;
  out.on("resize", () => {
    out.write(erase(3));
    out.write("squeezed\nshort\n");
  });
  tty.emit("resize");
  out.flush();
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(tty.written.at(-1), framed(`${ESC}K\nsqueezed${ESC}K\nshort${ESC}K\n`, 3));
  assert.equal(
    write(`${erase(3)}squeezed\nshorter\n`),
    framed(`\n\nshorter${ESC}K\n`, 3),
    "Ink's next erase matches",
  );
});

test("parking moves the cursor under the live area", () => {
  const { tty, out, write } = setUp();
  write("a\nb\nc\n");
  out.park();
  assert.equal(tty.written.at(-1), `${ESC}3B\r`);
  out.park();
  assert.equal(tty.written.length, 2, "nothing more to move");
});

test("a frame that grows above its unchanged lines inserts rows there instead of rewriting them", () => {
  const { tty, out, write } = setUp();
  const box = "╭────────────────────────────────────╮";
  write(`answer line 1\n\n⠋ Working… (1s)\n${box}\n│ > │\nstatus\n`);
  const grown = write(`${erase(7)}answer line 1\nanswer line 2\n\n⠙ Working… (1s)\n${box}\n│ > │\nstatus\n`);
  assert.ok(grown?.includes(`${ESC}1L`), "one row inserted");
  assert.ok(grown?.includes("answer line 2"), "the new line written");
  assert.ok(grown?.includes(`⠙${ESC}0m`), "the changed spinner glyph written");
  assert.ok(
    !grown?.includes(box) && !grown?.includes("status"),
    `the lines below stay where they are: ${grown}`,
  );
  // Down to the old last row, one newline (room), up to the row it grew at, insert, up to the first row.
  assert.ok(grown?.startsWith(`${ESC}?7l\r${ESC}5B\n${ESC}5A${ESC}1L${ESC}1A\r`), JSON.stringify(grown));
  assert.ok(grown?.endsWith(`${ESC}7A${ESC}?7h`), "the cursor back on the first of the 7 rows");
  assert.equal(out.bytesWritten, Buffer.byteLength(tty.written.join("")));
});

test("a frame that grows by changing every line is rewritten as before (nothing to gain by inserting)", () => {
  const { write } = setUp();
  write("a\nb\n");
  const grown = write(`${erase(3)}x\ny\nz\n`);
  assert.equal(grown, framed(`x${ESC}K\ny${ESC}K\nz${ESC}K\n`, 3));
});
