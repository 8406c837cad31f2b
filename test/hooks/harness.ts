// Test harness for the hooks engine: a real temp project directory, an engine built from real
// config through loadHookConfig, and recorders for notices, run events and trace lines.
import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createHookEngine, type HookEngineOptions } from "../../src/hooks/engine.js";
import { loadHookConfig } from "../../src/hooks/load-config.js";
import type { HookNotice, HookRunEvent } from "../../src/hooks/types.js";
import { createTracer } from "../../src/util/trace.js";
import { plainHookProcesses } from "../support/no-sandbox.js";

export async function writeScript(dir: string, name: string, body: string, mode = 0o755): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, body, "utf8");
  await chmod(path, mode);
  return path;
}

/** A stand-in for the permission gate's rule matcher: `Tool(prefix*)` against the key argument. */
export function standInMatchRule(
  rule: string,
  toolName: string,
  input: Record<string, unknown>,
): boolean | "unparseable" {
  const match = /^(\w+)(?:\((.*)\))?$/.exec(rule);
  if (!match || match[1] !== toolName) return false;
  if (match[2] === undefined) return true;
  const value = String(input.command ?? input.file_path ?? "");
  if (value.includes("$(")) return "unparseable";
  const pattern = new RegExp(`^${match[2].replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
  return value
    .split(/&&|\|\||;/)
    .map((part) => part.trim().replace(/^(\w+=\S+\s+)+/, ""))
    .some((part) => pattern.test(part));
}

export type Harness = {
  dir: string;
  engine: ReturnType<typeof createHookEngine>;
  notices: HookNotice[];
  events: HookRunEvent[];
  traces: string[];
};

/** Builds an engine from one Claude-format settings object (`{hooks: …}`) and/or a compact file. */
export async function harness(
  dir: string,
  config: { settings?: unknown[]; compact?: unknown; disabled?: boolean },
  extra: Partial<HookEngineOptions> = {},
): Promise<Harness> {
  const notices: HookNotice[] = [];
  const events: HookRunEvent[] = [];
  const traces: string[] = [];
  const hookConfig = loadHookConfig({
    settings: (config.settings ?? []).map((data, index) => ({ source: `settings-${index}.json`, data })),
    compactFiles:
      config.compact === undefined ? [] : [{ source: ".agents/hooks.json", data: config.compact }],
    disabled: config.disabled ?? false,
    projectDir: dir,
  });
  const engine = createHookEngine({
    config: hookConfig,
    processes: plainHookProcesses(dir),
    projectDir: dir,
    sessionId: "session-1",
    baseEnv: { PATH: process.env.PATH },
    spillDir: join(dir, ".spill"),
    tracer: createTracer(true, (line) => traces.push(line)),
    permissionMode: () => "default",
    matchRule: standInMatchRule,
    onEvent: (event) => events.push(event),
    onNotice: (notice) => notices.push(notice),
    ...extra,
  });
  return { dir, engine, notices, events, traces };
}

/** Claude-format settings with one matcher group per entry. */
export function claude(event: string, groups: Array<{ matcher?: string; hooks: unknown[] }>): unknown {
  return { hooks: { [event]: groups } };
}

export function cmd(command: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: "command", command, ...extra };
}

export const pre = { toolName: "Bash", toolInput: { command: "ls" }, toolUseId: "toolu_1" };
