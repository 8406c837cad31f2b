// The built CLI caps V8's young generation (util/large-garbage.ts: capYoungGeneration) so a long
// session's peak RSS stays small, and leaves it alone when node was started with a flag that sizes
// it. A preload (NODE_OPTIONS --require) records the largest young generation the run had.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { YOUNG_GENERATION_CAP } from "../../src/util/large-garbage.js";
import { BIN, cleanEnv, runProgram } from "../support/cli.js";
import { serveScoped } from "../support/scoped.js";
import { createWorkspace } from "../support/workspace.js";

const MB = 1024 * 1024;
// Numbered lines, so every Read result is a large string the history keeps (objects that survive
// the young generation's collections are what makes V8 grow it).
const big = Array.from({ length: 12_000 }, (_, line) => `line ${line} of a file the model reads again`).join(
  "\n",
);
const workspace = createWorkspace({ "big.txt": big });
after(() => workspace.cleanup());

const preload = join(workspace.dir, "young.cjs");
writeFileSync(
  preload,
  `const v8 = require("node:v8");
let most = 0;
const look = () => {
  for (const space of v8.getHeapSpaceStatistics())
    if (space.space_name === "new_space") most = Math.max(most, space.space_size);
};
setInterval(look, 5).unref();
process.on("exit", () => { look(); require("node:fs").writeFileSync(process.env.YOUNG_REPORT, String(most)); });
`,
);

const reads = (count: number): Script => [
  ...Array.from({ length: count }, (_, call) => ({
    text: `Reading, call ${call}.`,
    tool_calls: [{ id: `call_${call}`, name: "Read", input: { file_path: "big.txt" } }],
  })),
  { text: "Read it all." },
];

/** The largest young generation of a 40-Read session; `flags` go to node in NODE_OPTIONS or on its
 *  command line (`argv`, before the script: process.execArgv). */
async function largestYoungGeneration(flags = "", where: "env" | "argv" = "env"): Promise<number> {
  const server = await serveScoped(reads(40));
  const report = join(workspace.dir, `young-${Math.random().toString(36).slice(2)}.txt`);
  const nodeArgs = where === "argv" && flags !== "" ? [flags] : [];
  const args = [...nodeArgs, BIN, "-p", "read big.txt forty times", "--allowedTools", "Read"];
  const run = await runProgram(process.execPath, args, {
    cwd: workspace.dir,
    env: cleanEnv({
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: server.anthropicBaseURL,
      NODE_OPTIONS: `--require ${preload} ${where === "env" ? flags : ""}`.trim(),
      YOUNG_REPORT: report,
    }),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /Read it all/);
  return Number(readFileSync(report, "utf8"));
}

test("a 40-call session keeps the young generation at reagent's cap", async () => {
  const most = await largestYoungGeneration();
  assert.ok(most <= YOUNG_GENERATION_CAP, `young generation reached ${most / MB} MB`);
});

for (const where of ["env", "argv"] as const)
  test(`a node flag sizing the young generation wins (${where === "env" ? "NODE_OPTIONS" : "node's command line"}): V8 grows it past the cap as usual`, async () => {
    // V8's own maximum semi-space on 64-bit (16 MB, 32 MB both), given explicitly: reagent must
    // leave the growth to V8.
    const most = await largestYoungGeneration("--max-semi-space-size=16", where);
    assert.ok(most > YOUNG_GENERATION_CAP, `young generation reached only ${most / MB} MB`);
  });
