// Grep backend that runs ripgrep: `-l`/`-c` with NUL-separated paths for the list modes, `--json`
// sorted by path for content (stopped once enough lines are collected). Flags make rg read only
// .gitignore files (also outside git repositories), include hidden files and skip .git, matching
// the pure-JS fallback; files a Read deny rule hides are left out before the search (ripgrep-exclusions.ts).
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { truncateHead } from "../util/index.js";
import { insideRepository } from "./glob-walk.js";
import {
  type GrepBackend,
  type GrepFileMatch,
  type GrepOutcome,
  type GrepQuery,
  globRules,
  selectedByGlobs,
} from "./grep-query.js";
import { ripgrepExclusions } from "./ripgrep-exclusions.js";
import { ripgrepIgnoreFlags } from "./ripgrep-files.js";

type JsonText = { text?: string; bytes?: string };
type JsonEvent = {
  type: string;
  data: { path?: JsonText; lines?: JsonText; line_number?: number | null };
};

function decode(value: JsonText | undefined): string {
  if (!value) return "";
  if (value.text !== undefined) return value.text;
  return Buffer.from(value.bytes ?? "", "base64").toString("utf8");
}

function ripgrepArguments(query: GrepQuery, cwd: string, exclusions: readonly string[] = []): string[] {
  const args: string[] = [...ripgrepIgnoreFlags(insideRepository(cwd)), "--color=never", "--with-filename"];
  // Only exclusions go to rg: its include globs would override .gitignore. Includes are applied to
  // rg's output with the same rules the JS fallback uses. The hidden files' exclusions come last,
  // so that no glob of the caller's can take them back.
  for (const glob of query.globs) if (glob.startsWith("!")) args.push(`--glob=${glob}`);
  args.push(...exclusions);
  if (query.type) args.push(`--type=${query.type}`);
  if (query.ignoreCase) args.push("--ignore-case");
  if (query.multiline) args.push("--multiline", "--multiline-dotall");
  if (query.mode === "files_with_matches") args.push("--files-with-matches", "--null");
  else if (query.mode === "count") args.push("--count", "--null");
  else {
    args.push("--json", "--sort=path");
    if (query.before > 0) args.push(`--before-context=${query.before}`);
    if (query.after > 0) args.push(`--after-context=${query.after}`);
  }
  args.push(`--regexp=${query.pattern}`, "--", query.rootIsFile ? path.basename(query.root) : ".");
  return args;
}

/** ripgrep shows the pattern inside its own `(?:…)` wrapper in parse errors; show the user's pattern
 *  instead, with the `^` markers moved along. */
function unwrapPatternInMessage(message: string, pattern: string): string {
  const lines = message.split("\n");
  const wrapped = `(?:${pattern})`;
  const at = lines.findIndex((line) => line.trim() === wrapped);
  const line = lines[at];
  if (line === undefined) return message.replace(wrapped, pattern);
  const indent = line.slice(0, line.indexOf(wrapped));
  lines[at] = indent + pattern;
  const marker = lines[at + 1];
  if (marker !== undefined && /^\s*\^+\s*$/.test(marker) && marker.startsWith(indent)) {
    const offset = marker.indexOf("^") - indent.length;
    const width = marker.trim().length;
    const start = Math.min(Math.max(0, offset - 3), Math.max(0, pattern.length - 1));
    const end = Math.max(start + 1, Math.min(offset - 3 + width, pattern.length));
    lines[at + 1] = indent + " ".repeat(start) + "^".repeat(end - start);
  }
  return lines.join("\n");
}

function classifyFailure(stderr: string, pattern: string): GrepOutcome {
  const message = unwrapPatternInMessage(stderr.replace(/^rg: /gm, "").trim(), pattern);
  if (/unrecognized file type/i.test(message)) return { kind: "invalid_type", message };
  if (/regex|not allowed/i.test(message)) return { kind: "invalid_regex", message };
  return { kind: "error", message: message || "ripgrep failed without a message" };
}

export function createRipgrepBackend(rgPath: string): GrepBackend {
  return {
    name: "ripgrep",
    async search(query) {
      const cwd = query.rootIsFile ? path.dirname(query.root) : query.root;
      if (query.rootIsFile && query.hidden?.file(query.root))
        return { kind: "ok", files: [], complete: true };
      const exclusions = query.rootIsFile
        ? { ok: true as const, globs: [] }
        : await ripgrepExclusions(rgPath, cwd, query.hidden, query.signal);
      if (!exclusions.ok) return { kind: "error", message: exclusions.message };
      const args = ripgrepArguments(query, cwd, exclusions.globs);
      const child = spawn(rgPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
      const files = new Map<string, GrepFileMatch>();
      let stderr = "";
      let complete = true;
      let lineCount = 0;
      const rules = globRules(query.globs);
      const selected = (relative: string) =>
        query.rootIsFile || selectedByGlobs(path.relative(query.root, path.resolve(cwd, relative)), rules);
      const fileFor = (relative: string) => {
        const absolute = path.resolve(cwd, relative);
        let file = files.get(absolute);
        if (!file) {
          file = { path: absolute, count: 0, lines: [] };
          files.set(absolute, file);
        }
        return file;
      };
      const stop = () => child.kill("SIGKILL");
      query.signal.addEventListener("abort", stop, { once: true });
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        if (stderr.length < 20_000) stderr += chunk;
      });
      const reader = createInterface({ input: child.stdout, crlfDelay: Infinity });
      reader.on("line", (line) => {
        if (query.mode === "files_with_matches") {
          for (const name of line.split("\0")) if (name !== "" && selected(name)) fileFor(name).count = 1;
        } else if (query.mode === "count") {
          const separator = line.lastIndexOf("\0");
          if (separator > 0 && selected(line.slice(0, separator)))
            fileFor(line.slice(0, separator)).count = Number(line.slice(separator + 1));
        } else {
          if (!complete) return;
          const event = JSON.parse(line) as JsonEvent;
          if (event.type !== "match" && event.type !== "context") return;
          const name = decode(event.data.path);
          if (!selected(name)) return;
          const file = fileFor(name);
          const texts = decode(event.data.lines).replace(/\n$/, "").split("\n");
          if (event.type === "match") file.count++;
          texts.forEach((text, offset) => {
            const lineNumber = (event.data.line_number ?? 0) + offset;
            file.lines.push({ lineNumber, text: text.replace(/\r$/, ""), isMatch: event.type === "match" });
          });
          lineCount += texts.length;
          if (lineCount > query.maxLines) {
            complete = false;
            stop();
          }
        }
      });
      return new Promise<GrepOutcome>((resolve) => {
        child.once("error", (error) => {
          resolve({ kind: "error", message: `Could not run ripgrep (${rgPath}): ${error.message}` });
        });
        child.once("close", (code) => {
          query.signal.removeEventListener("abort", stop);
          if (code === 2 && files.size === 0)
            return resolve(classifyFailure(truncateHead(stderr, 2000), query.pattern));
          if (code !== null && code > 2) return resolve({ kind: "error", message: stderr.trim() });
          resolve({ kind: "ok", files: [...files.values()], complete });
        });
      });
    },
  };
}
