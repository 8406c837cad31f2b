// `@path` completion in the prompt: the mention being typed at the cursor, the project files that
// match it (path prefix, then file-name prefix, then substring, then the letters in order; shorter
// paths first), and the editor after accepting one (quoted when the path has spaces; a folder keeps
// the menu open for its contents). `@server:uri` MCP mentions are not completed here. Pure.
import type { EditorState } from "./input-editor.js";

type MentionToken = { start: number; end: number; query: string; quoted: boolean };

const FILE_MATCH_LIMIT = 50;

const MCP_RESOURCE = /^[A-Za-z0-9_.-]+:[A-Za-z][A-Za-z0-9+.-]*:/;

/** The `@…` being typed at the cursor (an `@` at the start of the input or after a space). */
export function mentionAtCursor(text: string, cursor: number): MentionToken | undefined {
  const match = /(^|\s)@("[^"\n]*|[^\s"]*)$/.exec(text.slice(0, cursor));
  if (!match) return undefined;
  const [, lead = "", raw = ""] = match;
  const quoted = raw.startsWith('"');
  const query = quoted ? raw.slice(1) : raw;
  if (!quoted && MCP_RESOURCE.test(query)) return undefined;
  const after = text.slice(cursor);
  const tail = (quoted ? /^[^"\n]*"?/ : /^[^\s"]*/).exec(after)?.[0] ?? "";
  return { start: match.index + lead.length, end: cursor + tail.length, query, quoted };
}

function baseName(file: string): string {
  const trimmed = file.endsWith("/") ? file.slice(0, -1) : file;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

function inOrder(text: string, letters: string): boolean {
  let at = 0;
  for (const letter of letters) {
    at = text.indexOf(letter, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}

function rank(file: string, query: string): number | undefined {
  const lower = file.toLowerCase();
  if (lower.startsWith(query)) return 0;
  if (baseName(lower).startsWith(query)) return 1;
  if (lower.includes(query)) return 2;
  return inOrder(lower, query) ? 3 : undefined;
}

/** The best matches for the typed query; with nothing typed, the top-level entries. */
export function matchFiles(files: readonly string[], query: string, limit = FILE_MATCH_LIMIT): string[] {
  const wanted = query.toLowerCase();
  if (wanted === "") return files.filter((file) => !file.slice(0, -1).includes("/")).slice(0, limit);
  const scored: Array<{ file: string; score: number }> = [];
  for (const file of files) {
    const score = rank(file, wanted);
    if (score !== undefined) scored.push({ file, score });
  }
  scored.sort((a, b) => a.score - b.score || a.file.length - b.file.length || (a.file < b.file ? -1 : 1));
  return scored.slice(0, limit).map((entry) => entry.file);
}

/** The input with the mention replaced by the chosen path (`@path ` — a folder stays open). */
export function acceptMention(editor: EditorState, token: MentionToken, file: string): EditorState {
  const folder = file.endsWith("/");
  const quote = token.quoted || /\s/.test(file);
  const mention = quote ? `@"${file}${folder ? "" : '"'}` : `@${file}`;
  const inserted = folder ? mention : `${mention} `;
  const before = editor.text.slice(0, token.start);
  const after = editor.text.slice(token.end).replace(/^ /, "");
  return { ...editor, text: before + inserted + after, cursor: before.length + inserted.length };
}
