// `@path` in a prompt attaches that file (Claude Code's @-mentions): each mentioned file is read with
// the Read tool through the session's ToolRunner — so Read deny rules, PreToolUse hooks, the gate's
// questions for paths outside the project, Read's size caps, binary refusal and images all apply, and
// the file counts as read for Edit's freshness rule — and its result goes with the prompt, marked as
// an attachment. A folder attaches a listing of its files (Glob). `@server:uri` MCP resources are the
// MCP module's. What could not be attached is reported to the user and never sent.
import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { ImageBlock } from "../model/index.js";
import type { ToolExecution } from "../tools/index.js";

type FileMention = {
  /** As typed after `@` (without quotes). */
  text: string;
  path: string;
  /** `@file#L10-20`: the lines to attach. */
  lines?: { start: number; end?: number };
};

type MentionAttachments = {
  /** Blocks that go with the prompt: a text block per file (plus its image blocks). */
  blocks: Array<string | ImageBlock>;
  /** One line per mention that was not attached, for the user. */
  problems: string[];
  /** The user stopped it (Esc): the prompt should not be sent. */
  aborted?: boolean;
};

type RunTool = (name: string, input: Record<string, unknown>) => Promise<ToolExecution>;

const MENTION = /(^|\s)@(?:"([^"\n]+)"|([^\s"]+))/g;
/** `@server:scheme:…` is an MCP resource mention. */
const MCP_RESOURCE = /^[A-Za-z0-9_.-]+:[A-Za-z][A-Za-z0-9+.-]*:/;
const LINE_RANGE = /#L(\d+)(?:-L?(\d+))?$/;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/** The `@path` mentions of a prompt, in order, each once; MCP resource mentions are left out. */
export function findFileMentions(prompt: string): FileMention[] {
  const mentions: FileMention[] = [];
  const seen = new Set<string>();
  for (const match of prompt.matchAll(MENTION)) {
    const quoted = match[2];
    const raw = quoted ?? match[3];
    // One of the two alternatives always matched.
    if (raw === undefined || (!quoted && MCP_RESOURCE.test(raw))) continue;
    const range = LINE_RANGE.exec(raw);
    const path = range ? raw.slice(0, range.index) : raw;
    if (path === "" || seen.has(raw)) continue;
    seen.add(raw);
    const lines = range
      ? { start: Number(range[1]), ...(range[2] ? { end: Number(range[2]) } : {}) }
      : undefined;
    mentions.push({ text: raw, path, ...(lines ? { lines } : {}) });
  }
  return mentions;
}

type Found = { kind: "file" | "folder"; absolute: string; mention: FileMention };

/** Where a mention points: as typed, or without trailing punctuation ("see @a.ts."); undefined when
 *  neither exists. */
function locate(mention: FileMention, cwd: string, homeDir: string): Found | undefined {
  const candidates = [mention.path, mention.path.replace(TRAILING_PUNCTUATION, "")];
  for (const candidate of candidates) {
    if (candidate === "") continue;
    const absolute =
      candidate === "~" || candidate.startsWith("~/")
        ? resolve(homeDir, candidate.slice(2))
        : isAbsolute(candidate)
          ? candidate
          : resolve(cwd, candidate);
    try {
      const stat = statSync(absolute);
      const shown = candidate === mention.path ? mention : { ...mention, text: candidate, path: candidate };
      return { kind: stat.isDirectory() ? "folder" : "file", absolute, mention: shown };
    } catch {
      // Not there; try the next form.
    }
  }
  return undefined;
}

/** A mention that names no existing file is plain text ("ask @alice"), unless it looks like a path. */
function looksLikePath(text: string): boolean {
  return /[/\\]/.test(text) || /\.[A-Za-z0-9]{1,8}$/.test(text.replace(TRAILING_PUNCTUATION, ""));
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0] ?? "";
}

async function attachOne(found: Found, runTool: RunTool): Promise<MentionAttachments> {
  const { mention, absolute } = found;
  if (found.kind === "folder") {
    const execution = await runTool("Glob", { pattern: "**/*", path: absolute });
    const content = execution.result.content;
    if (execution.code === "aborted") return { blocks: [], problems: [], aborted: true };
    if (execution.result.is_error)
      return { blocks: [], problems: [`@${mention.text} was not attached: ${firstLine(content)}`] };
    const text = `<attached-folder path="${mention.path}">\nThe user attached the folder ${mention.path} with @; its files (Glob ${JSON.stringify({ pattern: "**/*", path: absolute })}):\n${content}\n</attached-folder>`;
    return { blocks: [text, ...execution.notes], problems: [] };
  }
  const input: Record<string, unknown> = { file_path: absolute };
  if (mention.lines) {
    input.offset = mention.lines.start;
    if (mention.lines.end !== undefined)
      input.limit = Math.max(1, mention.lines.end - mention.lines.start + 1);
  }
  const execution = await runTool("Read", input);
  const { result } = execution;
  if (execution.code === "aborted") return { blocks: [], problems: [], aborted: true };
  if (result.is_error)
    return { blocks: [], problems: [`@${mention.text} was not attached: ${firstLine(result.content)}`] };
  const text = `<attached-file path="${mention.text}">\nThe user attached ${mention.text} with @; it was read for you with Read ${JSON.stringify(input)}:\n${result.content}\n</attached-file>`;
  return { blocks: [text, ...(result.images ?? []), ...execution.notes], problems: [] };
}

/** Reads every file or folder the prompt mentions with `@`, one after another. */
export async function attachFileMentions(
  prompt: string,
  options: { cwd: string; homeDir: string; runTool: RunTool },
): Promise<MentionAttachments> {
  const out: MentionAttachments = { blocks: [], problems: [] };
  const done = new Set<string>();
  for (const mention of findFileMentions(prompt)) {
    const found = locate(mention, options.cwd, options.homeDir);
    if (!found) {
      if (looksLikePath(mention.path))
        out.problems.push(`@${mention.text} was not attached: no such file or folder (sent as plain text)`);
      continue;
    }
    const key = `${found.absolute}#${JSON.stringify(found.mention.lines ?? null)}`;
    if (done.has(key)) continue;
    done.add(key);
    const attached = await attachOne(found, options.runTool);
    if (attached.aborted) return { ...out, aborted: true };
    out.blocks.push(...attached.blocks);
    out.problems.push(...attached.problems);
  }
  return out;
}
