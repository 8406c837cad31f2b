// Hook engine overhead: one matching `true` PreToolUse hook next to a bare `sh -c true` spawn,
// five parallel `sleep 0.2` hooks, and a tool call with no matching hook. Prints figures only.
// Run: npx tsx bench/hooks.ts
import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHookEngine } from "../src/hooks/engine.js";
import { loadHookConfig } from "../src/hooks/load-config.js";
import { noopTracer } from "../src/util/trace.js";
import { plainHookProcesses } from "../test/support/no-sandbox.js";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timeIt(runs: number, action: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  await action();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function engineWith(dir: string, hooks: unknown[]) {
  const config = loadHookConfig({
    settings: [{ source: "bench", data: { hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } } }],
    compactFiles: [],
    disabled: false,
    projectDir: dir,
  });
  return createHookEngine({
    config,
    processes: plainHookProcesses(dir),
    projectDir: dir,
    sessionId: "bench",
    baseEnv: { PATH: process.env.PATH },
    spillDir: join(dir, "spill"),
    tracer: noopTracer,
    permissionMode: () => "default",
  });
}

const dir = await mkdtemp(join(tmpdir(), "reagent-bench-hooks-"));
const call = { toolName: "Bash", toolInput: { command: "ls" }, toolUseId: "toolu_bench" };
const runs = 30;

const bare = await timeIt(
  runs,
  () => new Promise((resolve) => spawn("/bin/sh", ["-c", "true"]).on("close", resolve)),
);
const one = await engineWith(dir, [{ type: "command", command: "true" }]);
const withHook = await timeIt(runs, () => one.preToolUse(call));
const five = await engineWith(
  dir,
  [1, 2, 3, 4, 5].map((n) => ({ type: "command", command: `sleep 0.2 # ${n}` })),
);
const parallel = await timeIt(5, () => five.preToolUse(call));
const none = await timeIt(runs, () => one.preToolUse({ ...call, toolName: "Read" }));

console.log(`bare spawn sh -c true:            median ${bare.toFixed(2)} ms (${runs} runs)`);
console.log(
  `one matching 'true' PreToolUse:   median ${withHook.toFixed(2)} ms (+${(withHook - bare).toFixed(2)} ms over bare)`,
);
console.log(`five parallel 'sleep 0.2' hooks:  median ${(parallel / 1000).toFixed(3)} s (5 runs)`);
console.log(`no matching hook:                 median ${(none * 1000).toFixed(1)} µs (${runs} runs)`);
