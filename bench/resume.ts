// Resuming long sessions: loading a transcript of N Edit results (each saved with its structured
// patch, 1k / 2k / 4k), the same without patches, a 200k-message history, and a long history followed
// by a compaction boundary (only what follows it is kept). In process (`loadTranscript`, the median of
// 5 loads) and end to end: the built CLI's `-p --continue` against the fake model server, spawn → the
// first request (the 200k history must not crash). Prints figures and ratios; no assertions.
// Run after `npm run build`: node --import tsx bench/resume.ts
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Message } from "../src/model/types.js";
import { projectSessionsDir } from "../src/transcript/transcript-index.js";
import { loadTranscript } from "../src/transcript/transcript-load.js";
import { TranscriptStore } from "../src/transcript/transcript-store.js";
import { startFakeModelServer } from "../test/support/fake-model-server.js";
import { mark, median, ms, snapshotBuild, timed } from "./support/cli-runs.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const LOADS = 5;
/** loadTranscript before issue 31's work, on this machine kind (bench/README.md), in ms. */
const EARLIER: Record<string, number> = {};

const header = (id: string, cwd: string) => ({
  session_id: id,
  cwd,
  model: "claude-sonnet-4-5",
  provider: "anthropic",
  created_at: new Date().toISOString(),
  version: "0.0.0-bench",
});

/** Writes a session of `edits` Edit round trips (with or without their structured patches), or of
 *  `texts` plain messages, optionally followed by a compaction and `afterBoundary` more round trips. */
function writeSession(
  dir: string,
  cwd: string,
  id: string,
  shape: { edits?: number; patches?: boolean; texts?: number; compactThen?: number },
): string {
  const store = new TranscriptStore({
    dir,
    header: header(id, cwd),
    onWarning: (warning) => console.log(warning),
  });
  store.append({ role: "user", content: [{ type: "text", text: "refactor the parser" }] });
  const editTrip = (index: number) => {
    const toolUseId = `toolu_${index}`;
    const file = `src/module-${index % 50}.ts`;
    store.append({
      role: "assistant",
      content: [
        { type: "text", text: `Editing ${file}.` },
        {
          type: "tool_use",
          id: toolUseId,
          name: "Edit",
          input: {
            file_path: file,
            old_string: `const value${index} = 1;`,
            new_string: `const value${index} = 2;`,
          },
        },
      ],
    });
    const structuredPatch = [
      {
        oldStart: index % 200,
        oldLines: 3,
        newStart: index % 200,
        newLines: 3,
        lines: [" // before", `-const value${index} = 1;`, `+const value${index} = 2;`, " // after"],
      },
    ];
    store.append(
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: toolUseId, content: `The file ${file} has been updated.` },
        ],
      },
      shape.patches
        ? { toolResults: { [toolUseId]: { type: "update", filePath: file, structuredPatch } } }
        : {},
    );
  };
  for (let index = 0; index < (shape.edits ?? 0); index++) editTrip(index);
  for (let index = 0; index < (shape.texts ?? 0); index++) {
    const role = index % 2 === 0 ? "assistant" : "user";
    store.append({
      role,
      content: [{ type: "text", text: `message ${index}: a short line of conversation` }],
    } as Message);
  }
  if (shape.compactThen !== undefined) {
    store.compact("summary", [
      { role: "user", content: [{ type: "text", text: "[summary of the earlier conversation]" }] },
      { role: "assistant", content: [{ type: "text", text: "Understood." }] },
    ]);
    for (let index = 0; index < shape.compactThen; index++) editTrip(1_000_000 + index);
  }
  store.append({ role: "assistant", content: [{ type: "text", text: "done" }] });
  store.close();
  return store.path;
}

/** The median of LOADS loads (one load only when it takes more than a second). */
function timeLoads(file: string): { ms: number; messages: number } {
  let messages = 0;
  const times: number[] = [];
  for (let run = 0; run < LOADS && !(times[0]! > 1000); run++) {
    const started = performance.now();
    messages = loadTranscript(file).messages.length;
    times.push(performance.now() - started);
  }
  return { ms: median(times), messages };
}

/** `reagent -p --continue next` in `cwd`: from spawn to the fake server's first request, and the run. */
async function continueRun(bin: string, home: string, cwd: string): Promise<string> {
  let requestAt = 0;
  // A history over the window is compacted first (one turn for the summary).
  const server = await startFakeModelServer([{ text: "summary" }, { text: "resumed" }, { text: "resumed" }], {
    onRequest: () => {
      requestAt ||= performance.now();
    },
  });
  let spawnedAt = 0;
  try {
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      ANTHROPIC_API_KEY: "bench",
      ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    };
    const args = [bin, "-p", "--continue", "next", "--no-session-persistence"];
    const result = await timed(process.execPath, args, {
      cwd,
      env,
      onSpawn: (at) => {
        spawnedAt = at;
      },
    });
    if (result.code !== 0 || requestAt === 0)
      return `FAILED (exit ${result.code}): ${result.stderr.trim().split("\n").slice(-3).join(" / ")}`;
    return `spawn → first request ${ms(requestAt - spawnedAt)}, whole run ${ms(result.ms)}`;
  } finally {
    await server.close();
  }
}

const home = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-resume-"));
const snapshot = snapshotBuild(ROOT, "resume");
try {
  const cases: Array<[string, Parameters<typeof writeSession>[3]]> = [
    ["1k Edit results", { edits: 1000, patches: true }],
    ["2k Edit results", { edits: 2000, patches: true }],
    ["4k Edit results", { edits: 4000, patches: true }],
    ["4k Edit round trips, no patches", { edits: 4000, patches: false }],
    ["200k messages", { texts: 200_000 }],
    ["4k Edit results, compaction, 100 more", { edits: 4000, patches: true, compactThen: 100 }],
  ];
  console.log(
    `loadTranscript: median of ${LOADS} loads (1 when over a second); then \`reagent -p --continue\` (built CLI) once per case`,
  );
  for (const [label, shape] of cases) {
    const cwd = path.join(home, label.replace(/[^a-z0-9]+/gi, "-"));
    mkdirSync(cwd);
    const dir = projectSessionsDir(path.join(home, ".agents", "sessions"), cwd);
    const file = writeSession(dir, cwd, `bench-${cwd.length}`, shape);
    const size = statSync(file).size / 1e6;
    const load = timeLoads(file);
    const earlier = EARLIER[label];
    const target = label.startsWith("4k Edit results") ? ` (target < 100 ms, ${mark(load.ms < 100)})` : "";
    const versus = earlier ? `, ${(load.ms / earlier).toFixed(2)}× of before issue 31 (${ms(earlier)})` : "";
    console.log(
      `${label.padEnd(40)} ${size.toFixed(1).padStart(5)} MB → ${String(load.messages).padStart(6)} messages in ${ms(load.ms).padStart(9)}${target}${versus}`,
    );
    console.log(`${"".padEnd(40)} --continue: ${await continueRun(snapshot.bin, home, cwd)}`);
  }
} finally {
  snapshot.remove();
  rmSync(home, { recursive: true, force: true });
}
