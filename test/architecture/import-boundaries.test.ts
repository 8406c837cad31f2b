// Fails when a module imports against the arrows of docs/ARCHITECTURE.md (the module table). "(types)" arrows allow only
// `import type` (plus the value exports that `valueFiles` name, e.g. the Tool contract's helpers for tool providers), so
// runtime coupling stays one-way. Every module has an `index.ts`, its public surface: an import from another module
// goes through it (a deep import of another module's file fails, naming the file and the import), and no file
// imports its own module's index (that would make the module's files depend on its entry, and circles follow).
// The tests (test/**) may import any src file: they pin internals; this rule holds for src/ only.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
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
  const [top = "", area] = relative(SRC, file).split("/");
  return top === "ui" ? `ui/${area}` : top;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?([^"';]*?)\s*from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/gm;

type Import = {
  file: string;
  from: string;
  to: string;
  specifier: string;
  target: string;
  clause?: string;
  typeOnly: boolean;
};

/** Every relative import of every source file, with the module on each side (a dynamic import has no clause). */
function imports(): Import[] {
  const files = sourceFiles(SRC);
  assert.ok(files.length > 50, "found the sources");
  return files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(IMPORT)].flatMap((match) => {
      const specifier = match[4] ?? match[5];
      if (!specifier?.startsWith(".")) return [];
      const target = resolve(dirname(file), specifier).replace(/\.js$/, ".ts");
      const typeOnly = match[2] !== undefined;
      return [
        { file, from: moduleOf(file), to: moduleOf(target), specifier, target, clause: match[3], typeOnly },
      ];
    }),
  );
}

/** The names a (non-type) import clause takes as values: `{ a, type B, c as d }` → a, c. */
function valueNames(clause: string): string[] {
  const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? "";
  return named
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith("type "))
    .map((part) => part.split(/\s+as\s+/)[0] ?? part);
}

/** Where each value a module's index exports comes from (`tools/tool.ts`; `<module>/index.ts` for its own). */
function indexOrigins(module: string): Map<string, string> {
  const index = join(SRC, module, "index.ts");
  const origins = new Map<string, string>();
  const text = readFileSync(index, "utf8");
  for (const match of text.matchAll(/^export\s+(type\s+)?\{([^}]*)\}\s*from\s+"([^"]+)"/gm)) {
    if (match[1]) continue;
    const origin = relative(SRC, resolve(dirname(index), match[3] ?? "").replace(/\.js$/, ".ts"));
    for (const part of (match[2] ?? "").split(",").map((name) => name.trim())) {
      if (part === "" || part.startsWith("type ")) continue;
      const [name, alias] = part.split(/\s+as\s+/);
      origins.set((alias ?? name ?? part).trim(), origin);
    }
  }
  for (const match of text.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+(\w+)/gm))
    origins.set(match[1] ?? "", `${module}/index.ts`);
  return origins;
}

test("every import follows the module arrows of docs/ARCHITECTURE.md", () => {
  const violations: string[] = [];
  for (const { file, from, to, specifier, clause, typeOnly } of imports()) {
    const rules = ALLOWED[from];
    assert.ok(rules !== undefined, `module ${from} is in the table`);
    if (rules === "anything") continue;
    if (to === from || (OPEN_TO_ALL.has(to) && from !== "contracts")) continue;
    const rule = rules.find((allowance) => allowance.module === to);
    const where = `${relative(SRC, file)} imports ${specifier}`;
    if (!rule) {
      violations.push(`${where}: ${from} may not import ${to}`);
      continue;
    }
    if (!rule.typesOnly || typeOnly) continue;
    // A dynamic import or `export … from` takes values; an import may take only values from the files allowed.
    const origins = indexOrigins(to);
    const names = clause === undefined ? ["(dynamic import)"] : valueNames(clause);
    for (const name of names) {
      const origin = origins.get(name);
      if (origin === undefined || !rule.valueFiles?.includes(origin))
        violations.push(`${where}: ${from} may import only types from ${to} (${name} is a value)`);
    }
  }
  assert.deepEqual(violations, []);
});

test("every module has an index.ts", () => {
  const missing = Object.keys(ALLOWED).filter((module) => !existsSync(join(SRC, module, "index.ts")));
  assert.deepEqual(missing, [], "modules without an index.ts (their public surface)");
});

test("imports across modules go through the other module's index.ts, never its files", () => {
  const violations: string[] = [];
  for (const { file, from, to, specifier, target } of imports()) {
    const where = `${relative(SRC, file)} imports ${specifier}`;
    const isIndex = target === join(SRC, to, "index.ts");
    if (to !== from && !isIndex)
      violations.push(
        `${where}: a deep import of ${relative(SRC, target)}; import ../${to}/index.js instead`,
      );
    if (to === from && isIndex && file !== target)
      violations.push(
        `${where}: a file of ${from} imports its own module's index (import the file directly)`,
      );
  }
  assert.deepEqual(violations, []);
});
