// Terminal styling for the REPL as plain ANSI strings, so pure renderers (markdown, diff, tool
// lines) can be unit-tested. With `noColor` (NO_COLOR) foreground colours are dropped; bold, dim,
// italic and underline stay, which read well on both light and dark backgrounds.

export type Paint = (text: string) => string;

export type Style = {
  readonly color: boolean;
  bold: Paint;
  dim: Paint;
  italic: Paint;
  underline: Paint;
  strike: Paint;
  red: Paint;
  green: Paint;
  yellow: Paint;
  blue: Paint;
  magenta: Paint;
  cyan: Paint;
  /** Line backgrounds of a diff (256 colours: dark red / dark green); the strong variants mark the
   *  changed words. Without colour they paint nothing. */
  removedLine: Paint;
  addedLine: Paint;
  removedWord: Paint;
  addedWord: Paint;
};

const wrap =
  (open: number, close: number): Paint =>
  (text) =>
    text === "" ? "" : `\u001b[${open}m${text}\u001b[${close}m`;

const plain: Paint = (text) => text;

const background =
  (code: number): Paint =>
  (text) =>
    text === "" ? "" : `\u001b[48;5;${code}m${text}\u001b[49m`;

export function createStyle(noColor: boolean): Style {
  const colour = (code: number): Paint => (noColor ? plain : wrap(code, 39));
  return {
    color: !noColor,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    italic: wrap(3, 23),
    underline: wrap(4, 24),
    strike: wrap(9, 29),
    red: colour(31),
    green: colour(32),
    yellow: colour(33),
    blue: colour(34),
    magenta: colour(35),
    cyan: colour(36),
    removedLine: noColor ? plain : background(52),
    addedLine: noColor ? plain : background(22),
    removedWord: noColor ? plain : background(88),
    addedWord: noColor ? plain : background(28),
  };
}

/** Removes ANSI escape sequences (for width measurement and tests). */
export function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "").replace(/\u001b\][^\u0007]*\u0007/g, "");
}
