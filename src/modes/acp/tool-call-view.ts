// How one tool call looks in an editor: its ACP kind (the icon), a human title, the files it touches
// (so the editor can follow along), and its content — a diff for Write/Edit (proposed from the input
// while it waits, the real hunks once done), the command's output for Bash, the result text otherwise.
import { isAbsolute, resolve } from "node:path";
import type { ToolCallContent, ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk";

type Input = Record<string, unknown>;

/** The call's input with its path fields absolute (ACP paths are absolute; the runner resolves them
 *  the same way before hooks and the gate see them, but the call as the model sent it may be relative). */
export function absoluteInput(input: Input, cwd: string): Input {
  const out = { ...input };
  for (const field of ["file_path", "path"]) {
    const value = out[field];
    if (typeof value === "string" && value !== "" && !value.startsWith("~") && !isAbsolute(value))
      out[field] = resolve(cwd, value);
  }
  return out;
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

const KINDS: Record<string, ToolKind> = {
  Read: "read",
  Write: "edit",
  Edit: "edit",
  NotebookEdit: "edit",
  Glob: "search",
  Grep: "search",
  Bash: "execute",
  WebFetch: "fetch",
  WebSearch: "fetch",
  Agent: "think",
  Task: "think",
  TaskCreate: "think",
  TaskUpdate: "think",
  TaskList: "think",
  TaskGet: "think",
};

export function toolKind(name: string): ToolKind {
  return KINDS[name] ?? "other";
}

const quoted = (value: string) => `\`${value.replace(/\s+/g, " ").slice(0, 120)}\``;

/** A short human title: "Read src/app.ts", "Run `npm test`", "Search `TODO` in src" … */
export function toolTitle(name: string, input: Input, summary: string): string {
  const path = text(input.file_path);
  switch (name) {
    case "Read":
      return path ? `Read ${path}` : "Read";
    case "Write":
      return path ? `Write ${path}` : "Write";
    case "Edit":
      return path ? `Edit ${path}` : "Edit";
    case "Bash":
      return (
        text(input.description) ?? (text(input.command) ? `Run ${quoted(String(input.command))}` : "Run")
      );
    case "Grep": {
      const where = text(input.path);
      return `Search ${quoted(text(input.pattern) ?? "")}${where ? ` in ${where}` : ""}`;
    }
    case "Glob":
      return `Find ${quoted(text(input.pattern) ?? "")}`;
    case "WebFetch":
      return `Fetch ${text(input.url) ?? ""}`.trim();
    case "WebSearch":
      return `Web search ${quoted(text(input.query) ?? "")}`;
    case "Agent":
    case "Task":
      return text(input.description) ?? "Agent";
    default:
      return summary || name;
  }
}

type Hunk = { oldStart: number; newStart: number; lines: string[] };

function hunksOf(data: unknown): Hunk[] | undefined {
  const patch = (data as { structuredPatch?: unknown } | undefined)?.structuredPatch;
  if (!Array.isArray(patch)) return undefined;
  const valid = patch.every(
    (hunk: Hunk) =>
      typeof hunk?.oldStart === "number" && typeof hunk.newStart === "number" && Array.isArray(hunk.lines),
  );
  return valid ? (patch as Hunk[]) : undefined;
}

/** The files a call touches, with the line where it starts (1-based) when known. */
export function toolLocations(name: string, input: Input, data?: unknown): ToolCallLocation[] {
  const path = text(input.file_path) ?? (name === "Grep" || name === "Glob" ? text(input.path) : undefined);
  if (!path) return [];
  if (name === "Read") {
    const offset = typeof input.offset === "number" ? input.offset : 1;
    return [{ path, line: offset }];
  }
  const first = hunksOf(data)?.[0];
  return [first ? { path, line: Math.max(1, first.newStart) } : { path }];
}

/** The change a Write/Edit proposes, from its input (shown while it waits for permission). */
export function proposedDiff(name: string, input: Input): ToolCallContent[] {
  const path = text(input.file_path);
  if (!path) return [];
  if (name === "Edit")
    return [
      {
        type: "diff",
        path,
        oldText: text(input.old_string) || null,
        newText: text(input.new_string) ?? "",
      },
    ];
  if (name === "Write") return [{ type: "diff", path, oldText: null, newText: text(input.content) ?? "" }];
  return [];
}

/** The change a Write/Edit made, one diff per hunk of its structured patch (old side, new side). */
export function madeDiff(name: string, input: Input, data: unknown): ToolCallContent[] | undefined {
  if (name !== "Write" && name !== "Edit") return undefined;
  const path = text((data as { filePath?: unknown } | undefined)?.filePath) ?? text(input.file_path);
  const hunks = hunksOf(data);
  if (!path || !hunks) return undefined;
  return hunks.map((hunk) => {
    const oldLines = hunk.lines.filter((line) => !line.startsWith("+")).map((line) => line.slice(1));
    const newLines = hunk.lines.filter((line) => !line.startsWith("-")).map((line) => line.slice(1));
    return {
      type: "diff" as const,
      path,
      oldText: oldLines.length === 0 ? null : oldLines.join("\n"),
      newText: newLines.join("\n"),
    };
  });
}

/** Text as tool-call content (a command's output in a code fence, so editors keep its layout). */
export function textContent(value: string, fenced: boolean): ToolCallContent {
  const body = fenced ? `\`\`\`\n${value.replace(/\n$/, "")}\n\`\`\`` : value;
  return { type: "content", content: { type: "text", text: body } };
}
