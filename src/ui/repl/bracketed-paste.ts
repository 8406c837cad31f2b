// Bracketed paste: with mode 2004 on, the terminal wraps pasted text in ESC[200~ … ESC[201~, so a
// paste of any size (which arrives over several reads) is one paste, and its newlines never submit.
// The collector takes the raw input events Ink's parser makes (the markers are events of their own)
// and says which belong to a paste; the terminal stream turns the mode on and off. Pure.

export const PASTE_MODE_ON = "\u001b[?2004h";
export const PASTE_MODE_OFF = "\u001b[?2004l";
const PASTE_START = "\u001b[200~";
const PASTE_END = "\u001b[201~";

type PasteStep =
  /** Not part of a paste: an ordinary key. */
  | { kind: "key" }
  /** Part of a paste still arriving (a marker or a piece of its text). */
  | { kind: "held" }
  /** The paste is complete. */
  | { kind: "paste"; text: string };

export class PasteCollector {
  private pieces: string[] | undefined;

  take(raw: string): PasteStep {
    if (this.pieces === undefined) {
      if (!raw.startsWith(PASTE_START)) return { kind: "key" };
      this.pieces = [];
      return this.take(raw.slice(PASTE_START.length) || "");
    }
    const end = raw.indexOf(PASTE_END);
    if (end === -1) {
      if (raw !== "") this.pieces.push(raw);
      return { kind: "held" };
    }
    this.pieces.push(raw.slice(0, end));
    const text = this.pieces.join("");
    this.pieces = undefined;
    return { kind: "paste", text };
  }
}
