// Finds `@path` import references in an instruction file (AGENTS.md, CLAUDE.md and what they import).
// The rule, so that prose and code are not mistaken for imports:
//   - `@` must start the line or follow whitespace or an opening bracket: `me@example.com` is no import;
//   - nothing inside fenced code blocks (``` or ~~~) or inline code spans (`@scope/pkg`) counts;
//   - the path runs to the next whitespace; trailing sentence punctuation (.,;:!?) and closing brackets
//     are dropped, so "see @docs/style.md." imports docs/style.md.
// Whether a reference that names no existing file is reported is decided by `looksLikeFilePath`.

type ImportReference = { path: string; line: number };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const REFERENCE = /(^|[\s([{<])@([^\s`'"<>()[\]{}]+)/g;

/** Blanks out inline code spans so their contents are not scanned. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)([\s\S]*?[^`])?\1(?!`)/g, (span) => " ".repeat(span.length));
}

export function findImportReferences(text: string): ImportReference[] {
  const references: ImportReference[] = [];
  let fence: string | undefined;
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker !== undefined && marker.charAt(0) === fence.charAt(0) && marker.length >= fence.length) {
        if (line.trim() === marker) fence = undefined;
      }
      return;
    }
    if (marker !== undefined) {
      fence = marker;
      return;
    }
    for (const [, , written = ""] of withoutCodeSpans(line).matchAll(REFERENCE)) {
      const path = written.replace(/[.,;:!?]+$/, "");
      if (path.length > 0 && !path.startsWith("@")) references.push({ path, line: index + 1 });
    }
  });
  return references;
}

/** An explicit path (./, ../, ~/, /) or a name with a file extension: when such a reference names no
 *  file, it is reported. Other words (`@param`, `@scope/pkg` in prose) are left alone silently. */
export function looksLikeFilePath(reference: string): boolean {
  return /^(\.{1,2}\/|~\/|\/)/.test(reference) || /\.[A-Za-z0-9]{1,8}$/.test(reference);
}
