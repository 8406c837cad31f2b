// The permission gate's cost per Bash call: analysis (parse, cd tracking, kernel-faithful path
// resolution) and rule evaluation for everyday commands, a model's here-document commit, a long
// pipeline, a 200-line script, and the read-only fast path; plus a Read call for comparison.
// Prints medians only. Run: npx tsx bench/gate.ts
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPermissionGate } from "../src/permissions/gate.js";
import type { PermissionRequest } from "../src/permissions/types.js";
import { createGitConfiguredPaths } from "../src/util/git-configured-paths.js";
import { noopTracer } from "../src/util/trace.js";

const root = realpathSync(mkdtempSync(join(tmpdir(), "reagent-bench-gate-")));
const project = join(root, "project");
mkdirSync(join(project, "src", "deep"), { recursive: true });
writeFileSync(join(project, "src", "a.ts"), "export {};\n");
symlinkSync(join(project, "src"), join(project, "lnk"));

const gate = createPermissionGate({
  mode: "default",
  rules: {
    allow: ["Bash(npm test:*)", "Bash(git commit:*)", "Bash(git add:*)", "Edit(src/**)"].map((rule) => ({
      rule,
      source: "bench",
    })),
    deny: ["Bash(rm:*)", "Read(./.env)"].map((rule) => ({ rule, source: "bench" })),
    ask: [],
  },
  cwd: project,
  homeDir: join(root, "home"),
  shellEnv: process.env,
  gitConfigured: createGitConfiguredPaths(process.env),
  additionalDirectories: [],
  interactive: false,
  tracer: noopTracer,
});

const bash = (command: string): PermissionRequest => ({
  toolName: "Bash",
  input: { command },
  toolUseId: "b",
  readOnly: false,
  paths: [],
  shellCwd: project,
  hookDecision: "none",
});

const script = Array.from(
  { length: 200 },
  (_, index) => `echo line ${index} >> src/log-${index % 7}.txt && cat src/a.ts | wc -l`,
).join("\n");
const cases: [string, PermissionRequest][] = [
  ["git status (read-only fast path)", bash("git status")],
  ["npm test 2>&1 | tail -40 (allow rule)", bash("npm test 2>&1 | tail -40")],
  [
    "git commit with a here-document",
    bash("git add -A && git commit -m \"$(cat <<'EOF'\nFix the parser\n\nLonger text.\nEOF\n)\""),
  ],
  ["cd src && grep -rn export . | head (read-only)", bash("cd src && grep -rn export . | head")],
  ["echo > lnk/../x (symlink resolved)", bash("echo x > lnk/../x")],
  ["ANSI-C quoting (uncertain, asks)", bash("echo $'\\x41' | sh")],
  ["200-line script", bash(script)],
  [
    "Read src/a.ts (for comparison)",
    {
      toolName: "Read",
      input: { file_path: join(project, "src/a.ts") },
      toolUseId: "r",
      readOnly: true,
      paths: [join(project, "src/a.ts")],
      hookDecision: "none",
    },
  ],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const [label, request] of cases) {
  const samples: number[] = [];
  let decision = "";
  for (let run = 0; run < 200; run += 1) {
    const started = performance.now();
    decision = (await gate.check(request)).behavior;
    samples.push(performance.now() - started);
  }
  console.log(`${label.padEnd(48)} ${median(samples).toFixed(3).padStart(8)} ms  (${decision})`);
}
rmSync(root, { recursive: true, force: true });
