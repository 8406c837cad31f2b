// The terminal wrapper: Ink's "erase the frame, write it all" becomes a rewrite of the changed lines
// only, and a frame the terminal reflowed into more rows is erased whole before the next one.
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import { test } from "node:test";
import { TerminalOutput } from "../../../src/ui/repl/terminal-output.js";

class FakeTty extends EventEmitter {
  columns = 80;
  rows = 24;
  isTTY = true;
  written: string[] = [];
  write(chunk: string) {
    this.written.push(chunk);
    return true;
  }
  getWindowSize() {
    return [this.columns, this.rows];
  }
}

const erase = (count: number) => `${"\u001b[2K\u001b[1A".repeat(count - 1)}\u001b[2K\u001b[G`;

test("a replacing frame rewrites only the lines that changed", () => {
  const tty = new FakeTty();
  const out = new TerminalOutput(tty as unknown as NodeJS.WriteStream);
  out.write("spin 1\nprompt\nstatus\n");
  out.write(`${erase(4)}spin 2\nprompt\nstatus\n`);
  assert.equal(tty.written[1], "\u001b[3A\rspin 2\u001b[K\n\n\n");
  out.write(`${erase(4)}spin 2\nprompt\n`);
  assert.equal(tty.written[2], "\u001b[3A\r\n\n\u001b[J", "a shorter frame clears what is left below");
  assert.equal(out.bytesWritten, tty.written.join("").length);
});

test("control-only writes keep the frame; other writes pass through unchanged", () => {
  const tty = new FakeTty();
  const out = new TerminalOutput(tty as unknown as NodeJS.WriteStream);
  out.write("a\nb\n");
  out.write("\u001b[?2026h");
  out.write(`${erase(3)}a\nc\n`);
  assert.equal(tty.written[2], "\u001b[2A\r\nc\u001b[K\n");
  out.write("\u001b[2J\u001b[H");
  out.write(`${erase(3)}x\n`);
  assert.equal(tty.written[4], `${erase(3)}x\n`, "after a clear there is nothing to diff against");
});

test("after the terminal got narrower, the reflowed frame is erased whole first", () => {
  const tty = new FakeTty();
  const out = new TerminalOutput(tty as unknown as NodeJS.WriteStream);
  out.write(`${"─".repeat(80)}\nshort\n`);
  tty.columns = 40;
  out.write(`${erase(3)}${"─".repeat(40)}\nshort\n`);
  assert.equal(tty.written[1], `\u001b[3A\r\u001b[J${"─".repeat(40)}\nshort\n`, "2 rows for the rule + 1");
});
