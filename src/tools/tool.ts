// The Tool contract every tool path implements (built-in, MCP, skill): one zod schema as the single
// source of truth for validation and for the JSON Schema the model sees, a read-only flag for the
// permission gate and the loop's concurrency, and execute() returning a ToolResult (never throwing
// for expected failures). Execution itself always goes through runner.ts.
import { z } from "zod";
import type { Containment, ProcessLauncher } from "../contracts/index.js";
import type { ImageBlock, JsonSchema, SideUsage } from "../model/index.js";
import type { FileAccess } from "./file-access.js";
import type { ToolErrorCode } from "./tool-error-code.js";

/** A tool's outcome. Text for the model (`content`) and data for the UI/hooks (`data`) stay apart.
 *  Failures carry a machine-readable `code` (tests assert on codes). */
export type ToolResult =
  | {
      isError: false;
      content: string;
      data?: unknown;
      /** Text loaded into the conversation next to the result (a skill's body); the result stays short. */
      context?: string[];
      /** Model usage of each side request the tool made (WebFetch condensing, web search): counted
       *  and priced in the session's totals and the run's budget. */
      usage?: SideUsage[];
      /** Images for the model next to `content` (a fetched PNG); only when the model reads images. */
      images?: ImageBlock[];
    }
  | { isError: true; code: ToolErrorCode; content: string; data?: unknown; usage?: SideUsage[] };

/** Mutable per-session shell state: the Bash tool's tracked working directory and the
 *  environment additions (for example from SessionStart hooks' CLAUDE_ENV_FILE). */
export type ShellState = { cwd: string; env: Record<string, string> };

/** What Read remembers about a file so Write/Edit can check freshness. */
export type FileSnapshot = {
  path: string;
  size: number;
  mtimeMs: number;
  readAt: number;
  /** The line range Read showed (1-based first line and line count); absent for a whole-file view. */
  range?: { offset: number; limit: number };
};

export interface FileStateStore {
  get(absolutePath: string): FileSnapshot | undefined;
  set(snapshot: FileSnapshot): void;
}

export type ToolContext = {
  /** The project (workspace) directory: relative file paths resolve against it. */
  cwd: string;
  /** The user's home directory (for `~` expansion); passed in, never read from the environment. */
  homeDir: string;
  signal: AbortSignal;
  sessionId: string;
  toolUseId: string;
  shell: ShellState;
  files: FileStateStore;
  /** Where Read, Write and Edit read and write a file's text (absent: the disk). */
  fileAccess?: FileAccess;
  /** The Read deny rule that hides this absolute path, if any. Search tools (Grep, Glob) drop such
   *  files from their results, so a search can never show what a `Read(…)` deny rule hides. */
  readDeniedBy?: (absolutePath: string) => string | undefined;
  /** Some Read deny rule may hide a file below this absolute folder (absent: assume so). */
  readDenyBelow?: (absoluteFolder: string) => boolean;
  /** The model in use reads images: Read returns image files as images, not as an error. */
  acceptsImages?: boolean;
  /** Environment for child processes (the session passes the process environment in). */
  baseEnv?: Record<string, string | undefined>;
  /** How the call's processes start (environment filter, sandbox): every tool that spawns uses it. */
  launcher: ProcessLauncher;
  /** The containment the runner chose for this call (runner/containment.ts). */
  containment: Containment;
  /** Output of the running call as it arrives (Bash streams its stdout/stderr here), for a live
   *  display; the result still carries the whole output. */
  onProgress?: (output: string) => void;
};

/** What Read deny rules hide, as a session hands it to its tools (search tools never look at it). */
export type ReadDenyChecks = Pick<ToolContext, "readDeniedBy" | "readDenyBelow">;

export interface Tool<Input = unknown> {
  readonly name: string;
  /** Model-facing description: when to use the tool and when not. */
  readonly description: string;
  readonly schema: z.ZodType<Input>;
  /** Overrides the JSON Schema derived from `schema` (MCP tools pass the server's schema through). */
  readonly jsonSchema?: JsonSchema;
  /** Input fields holding file paths (e.g. `file_path`): the runner makes them absolute (`~` and
   *  relative paths resolved against the context) before hooks and the permission gate see the input. */
  readonly pathFields?: readonly string[];
  /** Older names the model may call the tool by, each with how its input becomes this tool's input
   *  (hooks, the gate and the transcript's result see the tool by its own name). */
  readonly aliases?: Readonly<Record<string, (input: unknown) => unknown>>;
  /** Read-only calls may run concurrently and are allowed by the default permission mode. */
  isReadOnly(input: Input): boolean;
  /** Absolute real paths the call will touch, for the permission gate (empty when none). */
  paths?(input: Input, context: ToolContext): Promise<string[]> | string[];
  /** Key argument shown in one-line summaries, e.g. the command for Bash or the path for Read. */
  summary?(input: Input): string;
  execute(input: Input, context: ToolContext): Promise<ToolResult>;
}

export function defineTool<Input>(tool: Tool<Input>): Tool<Input> {
  return tool;
}

export function toolJsonSchema(tool: Tool): JsonSchema {
  if (tool.jsonSchema) return tool.jsonSchema;
  const schema = z.toJSONSchema(tool.schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete schema.$schema;
  return withoutNoise(schema) as JsonSchema;
}

/** Drops what zod adds that tells the model nothing but is sent (and paid for) on every request: the
 *  ±2^53 bounds of an integer and a record's `propertyNames: {type: "string"}` and `additionalProperties: {}`. */
function withoutNoise(value: unknown, names = false): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutNoise(item));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    // The keys of `properties` are the tool's parameter names, never schema keywords.
    if (names) {
      out[key] = withoutNoise(inner);
      continue;
    }
    if (key === "properties") {
      out[key] = withoutNoise(inner, true);
      continue;
    }
    if (key === "maximum" && inner === Number.MAX_SAFE_INTEGER) continue;
    if (key === "minimum" && inner === Number.MIN_SAFE_INTEGER) continue;
    if (key === "propertyNames" && isStringType(inner)) continue;
    if (key === "additionalProperties" && isEmptyObject(inner)) continue;
    out[key] = withoutNoise(inner);
  }
  return out;
}

const isEmptyObject = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
const isStringType = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  Object.keys(value).length === 1 &&
  (value as { type?: unknown }).type === "string";

export function ok(content: string, data?: unknown): ToolResult {
  return { isError: false, content, data };
}

export function fail(code: ToolErrorCode, content: string, data?: unknown): ToolResult {
  return { isError: true, code, content, data };
}
