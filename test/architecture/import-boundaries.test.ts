// Fails when a module imports against the arrows of docs/ARCHITECTURE.md (the module table). "(types)" arrows allow only
// `import type` (plus the Tool contract's helpers for tool providers), so runtime coupling stays one-way.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";

const SRC = resolve(import.meta.dirname, "..", "..", "src");

type Allowance = { module: string; typesOnly?: boolean; valueFiles?: string[] };
const ALLOWED: Record<string, Allowance[] | "anything"> = {
  cli: "anything",
  // The composition root: every module below it.
  app: [
    "agents",
    "budget",
    "checkpoints",
    "commands",
    "compaction",
    "config",
    "control",
    "hooks",
    "mcp",
    "model",
    "permissions",
    "plugins",
    "prompt",
    "providers",
    "sandbox",
    "session",
    "skills",
    "tasks",
    "tools",
    "transcript",
    "util",
  ].map((module) => ({ module })),
  // Front-ends over one App (this arrow list is still wider than DESIGN.md's; see ARCHITECTURE.md).
  modes: [
    "agents",
    "app",
    "budget",
    "checkpoints",
    "commands",
    "config",
    "control",
    "hooks",
    "mcp",
    "model",
    "permissions",
    "prompt",
    "providers",
    "session",
    "skills",
    "tools",
    "transcript",
    "ui/headless",
    "ui/repl",
    "util",
  ].map((module) => ({ module })),
  config: [{ module: "util" }],
  // Spend caps and the usage ledger: they follow the session's events and price through model facts.
  budget: [
    { module: "model" },
    { module: "session", typesOnly: true, valueFiles: ["session/usage-ledger.ts"] },
    { module: "util" },
  ],
  // Snapshots in a private git repository: node and util only (paths and keys come from app).
  checkpoints: [{ module: "util" }],
  session: ["loop", "tools", "hooks", "prompt", "compaction", "model", "util"].map((module) => ({ module })),
  shell: [{ module: "util" }],
  transcript: [{ module: "session", typesOnly: true }, { module: "model" }, { module: "util" }],
  loop: [{ module: "model" }, { module: "tools", typesOnly: true }, { module: "util" }],
  model: [],
  providers: [{ module: "model" }, { module: "util" }],
  tools: [
    { module: "permissions", typesOnly: true },
    { module: "hooks", typesOnly: true },
    { module: "model", typesOnly: true },
    { module: "util" },
  ],
  permissions: [{ module: "config" }, { module: "shell" }, { module: "util" }],
  // OS containment: used by whoever spawns (Bash, hooks, MCP servers) through its index, needs only util.
  sandbox: [{ module: "util" }],
  hooks: [{ module: "util" }],
  mcp: [{ module: "tools", typesOnly: true, valueFiles: ["tools/tool.ts"] }, { module: "util" }],
  skills: [{ module: "tools", typesOnly: true, valueFiles: ["tools/tool.ts"] }, { module: "util" }],
  // A subagent is a nested session: agents builds on session, never the reverse.
  agents: [
    { module: "session" },
    { module: "tools", typesOnly: true, valueFiles: ["tools/tool.ts", "tools/file-state.ts"] },
    { module: "hooks", typesOnly: true },
    { module: "model" },
    { module: "transcript" },
    { module: "util" },
  ],
  tasks: [{ module: "tools", typesOnly: true, valueFiles: ["tools/tool.ts"] }, { module: "util" }],
  prompt: [{ module: "util" }],
  // Plugins hand plain data (folders, hook and MCP documents) to the modules that load each part.
  plugins: [{ module: "util" }],
  // Custom slash commands find `@file` references with the same rule as instruction-file imports.
  commands: [
    { module: "prompt" },
    { module: "hooks", typesOnly: true },
    { module: "model", typesOnly: true },
    { module: "session", typesOnly: true },
    { module: "util" },
  ],
  compaction: [{ module: "model", typesOnly: true }, { module: "util" }],
  // The REPL resolves typed lines through the one command registry (its host runs them).
  "ui/repl": [{ module: "session", typesOnly: true }, { module: "commands" }, { module: "util" }],
  "ui/headless": [{ module: "session", typesOnly: true }, { module: "util" }],
  // The SDK control protocol: a channel, the inbound messages and control requests, their handlers,
  // and the adapters that put the caller behind reagent's own interfaces (Prompter, hook callbacks, MCP).
  control: [{ module: "util" }, { module: "hooks" }],
  contracts: [],
  util: [],
};

/** The shared contracts (a leaf of types and `as const` lists) are open to every module. */
const OPEN_TO_ALL = new Set(["contracts"]);

function moduleOf(file: string): string {
  const parts = relative(SRC, file).split("/");
  return parts[0] === "ui" ? `ui/${parts[1]}` : parts[0];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^"';]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/gm;

test("every import follows the module arrows of docs/ARCHITECTURE.md", () => {
  const violations: string[] = [];
  const files = sourceFiles(SRC);
  assert.ok(files.length > 50, "found the sources");
  for (const file of files) {
    const from = moduleOf(file);
    const rules = ALLOWED[from];
    assert.ok(rules !== undefined, `module ${from} is in the table`);
    if (rules === "anything") continue;
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[3] ?? match[4];
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier).replace(/\.js$/, ".ts");
      const to = moduleOf(target);
      if (to === from || (OPEN_TO_ALL.has(to) && from !== "contracts")) continue;
      const typeOnly = match[2] !== undefined || /^\s*import\s+type\b/.test(match[0]);
      const rule = rules.find((allowance) => allowance.module === to);
      const targetFile = relative(SRC, target).replace(/\.tsx$/, ".ts");
      const where = `${relative(SRC, file)} imports ${specifier}`;
      if (!rule) violations.push(`${where}: ${from} may not import ${to}`);
      else if (rule.typesOnly && !typeOnly && !rule.valueFiles?.includes(targetFile))
        violations.push(`${where}: ${from} may import only types from ${to}`);
    }
  }
  assert.deepEqual(violations, []);
});
