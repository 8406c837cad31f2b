// The character cursor shared by the Bash word reader and the grammar: position, the reasons that
// make the analysis uncertain, here-documents waiting for their bodies, and the refusal of input the
// gate does not read with certainty. Grammar and words call each other through `nested`.
import type { Redirect, Script } from "./bash-syntax.js";

/** Thrown when the input leaves the understood subset in a way that hides its structure. */
export class Unparseable extends Error {}

type PendingHereDocument = {
  redirect: Redirect;
  delimiter: string;
  stripTabs: boolean;
  quoted: boolean;
};

const MAX_NESTING = 12;

/** The grammar entry points the word reader calls back into. */
export type Grammar = {
  /** Parses a command list up to a closing `)`, which is left unread. */
  nested(reader: Reader): Script;
  /** Parses a whole input (a backquoted command's text). */
  whole(reader: Reader): Script;
};

export class Reader {
  pos = 0;
  depth = 0;
  pendingHereDocuments: PendingHereDocument[] = [];

  constructor(
    readonly source: string,
    readonly grammar: Grammar,
    readonly reasons: string[] = [],
  ) {}

  nested(): Script {
    return this.grammar.nested(this);
  }

  whole(): Script {
    return this.grammar.whole(this);
  }

  /** A reader over other text (a backquoted command, a here-document body) sharing reasons and depth. */
  sub(source: string): Reader {
    const reader = new Reader(source, this.grammar, this.reasons);
    reader.depth = this.depth;
    return reader;
  }

  peek(offset = 0): string {
    return this.source[this.pos + offset] ?? "";
  }

  startsWith(text: string): boolean {
    return this.source.startsWith(text, this.pos);
  }

  eof(): boolean {
    return this.pos >= this.source.length;
  }

  /** Records why the analysis is not certain (each reason once). */
  note(reason: string): void {
    if (!this.reasons.includes(reason)) this.reasons.push(reason);
  }

  fail(reason: string): never {
    throw new Unparseable(reason);
  }

  enter(): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING) this.fail("commands nested too deeply");
  }

  leave(): void {
    this.depth -= 1;
  }

  /** A short excerpt around the current position, for reasons. */
  excerpt(from: number, to = this.pos): string {
    const text = this.source.slice(from, Math.max(to, from + 1));
    return text.length > 40 ? `${text.slice(0, 37)}…` : text;
  }
}

/** Characters that end an unquoted word. */
export function isMetaCharacter(char: string): boolean {
  return char === "" || " \t\n;&|()<>".includes(char);
}

export function isBlank(char: string): boolean {
  return char === " " || char === "\t";
}
