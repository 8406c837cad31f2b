// Shared fixtures for the permission tests: a temp project, a scripted Prompter (the UI side of
// the interface, not one of our modules) and a recording tracer.
import assert from "node:assert/strict";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createPermissionGate, type PermissionGateOptions } from "../../src/permissions/gate.js";
import type {
  PermissionRequest,
  PermissionRules,
  PromptAnswer,
  Prompter,
  PromptRequest,
} from "../../src/permissions/types.js";
import { createGitConfiguredPaths } from "../../src/util/git-configured-paths.js";
import { createTracer } from "../../src/util/trace.js";
import { tempFolder } from "../support/temp-folder.js";

export type Layout = { root: string; project: string; outside: string; home: string; extra: string };

export async function makeLayout(): Promise<Layout> {
  const root = tempFolder("gate");
  const layout = {
    root,
    project: join(root, "project"),
    outside: join(root, "outside"),
    home: join(root, "home"),
    extra: join(root, "extra"),
  };
  for (const dir of [
    join(layout.project, "src"),
    join(layout.project, "secrets"),
    layout.outside,
    layout.home,
    layout.extra,
  ]) {
    await mkdir(dir, { recursive: true });
  }
  await writeFile(join(layout.project, "src", "a.ts"), "export {};\n");
  await writeFile(join(layout.outside, "x.txt"), "outside\n");
  await symlink(layout.outside, join(layout.project, "src", "escape"));
  return layout;
}

export class ScriptedPrompter implements Prompter {
  readonly requests: PromptRequest[] = [];
  constructor(private readonly answers: PromptAnswer[] = []) {}
  async ask(request: PromptRequest): Promise<PromptAnswer> {
    this.requests.push(request);
    return this.answers.shift() ?? { kind: "yes" };
  }
  /** The prompt at `index`; fails the test when fewer prompts were asked. */
  request(index: number): PromptRequest {
    const request = this.requests[index];
    assert.ok(request, `prompt ${index} was asked (${this.requests.length} were)`);
    return request;
  }
}

export function emptyRules(partial: Partial<Record<keyof PermissionRules, string[]>> = {}): PermissionRules {
  const wrap = (rules: string[] = []) => rules.map((rule) => ({ rule, source: ".claude/settings.json" }));
  return { allow: wrap(partial.allow), deny: wrap(partial.deny), ask: wrap(partial.ask) };
}

export function makeGate(layout: Layout, overrides: Partial<PermissionGateOptions> = {}) {
  const traces: string[] = [];
  const prompter = (overrides.prompter as ScriptedPrompter | undefined) ?? new ScriptedPrompter();
  const gate = createPermissionGate({
    shellEnv: process.env,
    // Read in the shells' environment with the layout's home, as createApp reads it with the account's.
    gitConfigured: createGitConfiguredPaths({ ...(overrides.shellEnv ?? process.env), HOME: layout.home }),
    mode: "default",
    rules: emptyRules(),
    cwd: layout.project,
    homeDir: layout.home,
    additionalDirectories: [],
    interactive: true,
    tracer: createTracer(true, (line) => traces.push(line.trimEnd())),
    ...overrides,
    prompter,
  });
  return { gate, prompter, traces };
}

let counter = 0;

export function bash(command: string, extra: Partial<PermissionRequest> = {}): PermissionRequest {
  counter += 1;
  return {
    toolName: "Bash",
    input: { command },
    toolUseId: `t${counter}`,
    readOnly: false,
    paths: [],
    hookDecision: "none",
    ...extra,
  };
}

export function fileCall(
  toolName: string,
  path: string,
  extra: Partial<PermissionRequest> = {},
): PermissionRequest {
  counter += 1;
  const readOnly = toolName === "Read" || toolName === "Glob" || toolName === "Grep";
  return {
    toolName,
    input: { file_path: path },
    toolUseId: `t${counter}`,
    readOnly,
    paths: [path],
    hookDecision: "none",
    ...extra,
  };
}

export function mcpCall(toolName: string, extra: Partial<PermissionRequest> = {}): PermissionRequest {
  counter += 1;
  return {
    toolName,
    input: { sql: "select 1" },
    toolUseId: `t${counter}`,
    readOnly: false,
    paths: [],
    hookDecision: "none",
    ...extra,
  };
}
