// What a permission request will do, as styled lines for the dialog: Edit as a coloured diff of
// old_string → new_string, Write as path, size and first lines, Bash as the command, anything else
// as its input. Pure.
import type { PermissionQuestion } from "./host.js";
import type { Style } from "./style.js";

export const SHOWN_LINES = 12;

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function cut(lines: string[], max: number): string[] {
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max), `… +${lines.length - max} lines`];
}

function truncate(line: string, width: number): string {
  return line.length > width ? `${line.slice(0, Math.max(1, width - 1))}…` : line;
}

/** A compact line diff: common leading and trailing lines are context, the middle is -/+. */
export function diffLines(before: string, after: string): Array<{ sign: " " | "-" | "+"; line: string }> {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return [
    ...a.slice(Math.max(0, start - 2), start).map((line) => ({ sign: " " as const, line })),
    ...a.slice(start, endA).map((line) => ({ sign: "-" as const, line })),
    ...b.slice(start, endB).map((line) => ({ sign: "+" as const, line })),
    ...a.slice(endA, endA + 2).map((line) => ({ sign: " " as const, line })),
  ];
}

export function describeRequest(question: PermissionQuestion, style: Style, width: number): string[] {
  const { input } = question;
  const inner = Math.max(10, width - 4);
  switch (question.toolName) {
    case "Bash": {
      const lines = text(input.command)
        .split("\n")
        .map((line, index) => (index === 0 ? "$ " : "  ") + line);
      const out = cut(lines, SHOWN_LINES).map((line) => style.bold(truncate(line, inner)));
      if (text(input.description)) out.push(style.dim(truncate(text(input.description), inner)));
      return out;
    }
    case "Edit":
    case "MultiEdit": {
      const out = [style.bold(text(input.file_path))];
      const diff = diffLines(text(input.old_string), text(input.new_string));
      const shown = cut(
        diff.map((row) => `${row.sign} ${row.line}`),
        SHOWN_LINES * 2,
      );
      for (const line of shown) {
        const clipped = truncate(line, inner);
        out.push(
          line.startsWith("-")
            ? style.red(clipped)
            : line.startsWith("+")
              ? style.green(clipped)
              : style.dim(clipped),
        );
      }
      if (input.replace_all === true) out.push(style.dim("(every occurrence)"));
      return out;
    }
    case "Write": {
      const content = text(input.content);
      const lines = content.split("\n");
      const bytes = Buffer.byteLength(content);
      const out = [
        `${style.bold(text(input.file_path))} ${style.dim(`(${bytes} bytes, ${lines.length} lines)`)}`,
      ];
      for (const line of cut(lines, 8)) out.push(style.dim(`  ${truncate(line, inner - 2)}`));
      return out;
    }
    default: {
      const json = JSON.stringify(input, null, 2) ?? "{}";
      return cut(json.split("\n"), SHOWN_LINES).map((line) => style.dim(truncate(line, inner)));
    }
  }
}
