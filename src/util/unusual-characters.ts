// Characters a person cannot see or tell apart in a terminal: control characters (except tab and
// newline), and invisible, spacing or direction-changing Unicode characters. The permission gate
// treats a command holding one as uncertain, and shows them as escapes in a prompt.

const RANGES: [number, number][] = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0xa0, 0xa0],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180e],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
  [0xe0000, 0xe007f],
];

function isUnusualCharacter(codePoint: number): boolean {
  return RANGES.some(([low, high]) => codePoint >= low && codePoint <= high);
}

/** The first unusual character's code point, or null. */
export function firstUnusualCharacter(text: string): number | null {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (isUnusualCharacter(code)) return code;
  }
  return null;
}

/** `U+000D` style name of a code point. */
export function codePointName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The text with every unusual character shown as `\u{…}`, so a prompt shows what will really run. */
export function showUnusualCharacters(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out += isUnusualCharacter(code) ? `\\u{${code.toString(16).padStart(4, "0")}}` : char;
  }
  return out;
}
