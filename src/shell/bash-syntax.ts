// The syntax tree of the small, explicit subset of bash the permission gate understands: lists,
// pipelines, simple commands with assignments and redirections, subshells, groups, if/while/until/for,
// words made of quoted and unquoted text, plain parameter expansions, command and process
// substitutions, and here-documents. Anything else is either refused by the parser ("unparseable")
// or kept with a reason that makes the analysis uncertain (see bash-parser.ts).

export type WordPart =
  /** Literal text; `quoted` text (quotes or a backslash) has no glob, brace or tilde meaning. */
  | { kind: "text"; value: string; quoted: boolean }
  /** `$name`, `${name}`, `$1`, `$@` …: a value known only when the command runs. */
  | { kind: "parameter"; name: string; quoted: boolean }
  /** `$( … )` or a backquoted command: its output becomes (part of) the word. */
  | { kind: "substitution"; script: Script; quoted: boolean }
  /** `<( … )` or `>( … )`: the word becomes a /dev/fd path. */
  | { kind: "process"; script: Script; direction: "<" | ">" }
  /** Something whose value the gate does not compute (`$'…'`, `${x:-y}`); a reason was recorded. */
  | { kind: "opaque"; raw: string; quoted: boolean };

export type Word = { parts: WordPart[]; raw: string };

type HereDocument = { quoted: boolean; body: Word };

export type Redirect = {
  /** The file descriptor as written (`2` in `2>x`), or "" for the operator's default. */
  fd: string;
  /** `<`, `>`, `>>`, `>|`, `<>`, `&>`, `&>>`, `>&`, `<&`, `<<`, `<<-`, `<<<`. */
  operator: string;
  /** The target word (the delimiter for `<<`). */
  target: Word;
  /** Set for `<<` and `<<-` once the body has been read. */
  hereDocument?: HereDocument;
};

export type Assignment = { name: string; value: Word; raw: string };

export type SimpleCommand = {
  kind: "simple";
  assignments: Assignment[];
  words: Word[];
  redirects: Redirect[];
};

export type CompoundCommand =
  | { kind: "subshell"; body: Script; redirects: Redirect[] }
  | { kind: "group"; body: Script; redirects: Redirect[] }
  | {
      kind: "if";
      branches: { condition: Script; body: Script }[];
      otherwise: Script | null;
      redirects: Redirect[];
    }
  | { kind: "loop"; condition: Script; body: Script; redirects: Redirect[] }
  | { kind: "for"; variable: string; items: Word[] | null; body: Script; redirects: Redirect[] };

export type Command = SimpleCommand | CompoundCommand;

export type Pipeline = { commands: Command[]; negated: boolean };

/** Pipelines joined by `&&` / `||`; `background` when the list item ends with `&`. */
export type AndOr = { pipelines: Pipeline[]; background: boolean };

export type Script = AndOr[];

export type ParsedScript =
  /** `reasons`: constructs read correctly whose meaning the gate does not compute. */
  { kind: "parsed"; script: Script; reasons: string[] } | { kind: "unparseable"; reason: string };
