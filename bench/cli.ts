// Start-up and loop benchmark for the built CLI (bin/reagent.js → dist/): `--version` against bare
// node, a headless run with one tool round trip against the in-process fake model server, the
// harness overhead per round trip over a 50-tool-call script, and the size of the first request.
// Prints medians; no assertions. Runs a private copy of dist/ (other processes may rebuild it).
// Run after `npm run build`: node --import tsx bench/cli.ts
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Script } from "../src/providers/script-format.js";
import { type RecordedRequest, startFakeModelServer } from "../test/support/fake-model-server.js";
import { mark, median, ms, snapshotBuild, timed } from "./support/cli-runs.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Private copy of the build: other processes may rebuild (and briefly delete) dist/ mid-run. */
const SNAPSHOT = snapshotBuild(ROOT, "build");
const BIN = SNAPSHOT.bin;
const RUNS = 7;
const LOOP_RUNS = 5;
const LOOP_CALLS = 50;

/** Per-request handling time of every HTTP server in this process (the fake model server), from
 * the request's headers arriving to its response finishing, via node's http diagnostics channels. */
function serverClock() {
  const startedAt = new WeakMap<IncomingMessage, number>();
  let totalMs = 0;
  let count = 0;
  const onStart = (message: unknown) => {
    startedAt.set((message as { request: IncomingMessage }).request, performance.now());
  };
  const onFinish = (message: unknown) => {
    const started = startedAt.get((message as { request: IncomingMessage }).request);
    if (started === undefined) return;
    totalMs += performance.now() - started;
    count++;
  };
  subscribe("http.server.request.start", onStart);
  subscribe("http.server.response.finish", onFinish);
  return {
    reset() {
      totalMs = 0;
      count = 0;
    },
    read: () => ({ totalMs, count }),
    stop() {
      unsubscribe("http.server.request.start", onStart);
      unsubscribe("http.server.response.finish", onFinish);
    },
  };
}

function readTurn(index: number): Script[number] {
  return { tool_calls: [{ id: `toolu_bench_${index}`, name: "Read", input: { file_path: "notes.txt" } }] };
}

type HeadlessRun = { ms: number; firstRequestMs: number; serverMs: number; requests: RecordedRequest[] };

/** One headless `reagent -p` run against a fresh fake server playing `script`, in a fresh temp dir. */
async function headless(script: Script, clock: ReturnType<typeof serverClock>, extraArgs: string[] = []) {
  const home = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-"));
  let spawnedAt = 0;
  let firstRequestAt = 0;
  const server = await startFakeModelServer(script, {
    onRequest: (_request, turn) => {
      if (turn === 0) firstRequestAt = performance.now();
    },
  });
  try {
    writeFileSync(path.join(home, "notes.txt"), "line one\nline two\nline three\n");
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      ANTHROPIC_API_KEY: "bench",
      ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    };
    clock.reset();
    spawnedAt = performance.now();
    const result = await timed(process.execPath, [BIN, "-p", "x", ...extraArgs], { cwd: home, env });
    if (result.code !== 0 || server.turnsServed() !== script.length) {
      throw new Error(
        `headless run failed (exit ${result.code}, ${server.turnsServed()}/${script.length} turns served)\n` +
          `stdout: ${result.stdout.slice(0, 500)}\nstderr: ${result.stderr.slice(0, 2000)}`,
      );
    }
    const served = clock.read();
    return {
      ms: result.ms,
      firstRequestMs: firstRequestAt - spawnedAt,
      serverMs: served.totalMs,
      requests: [...server.requests],
    } satisfies HeadlessRun;
  } finally {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}

async function benchVersion(): Promise<void> {
  const node: number[] = [];
  const reagent: number[] = [];
  // Warm the file cache once, then interleave so both see the same machine load.
  await timed(process.execPath, [BIN, "--version"]);
  for (let run = 0; run < RUNS; run++) {
    node.push((await timed(process.execPath, ["-e", "0"])).ms);
    const result = await timed(process.execPath, [BIN, "--version"]);
    if (result.code !== 0) throw new Error(`reagent --version failed: ${result.stderr}`);
    reagent.push(result.ms);
  }
  const ratio = median(reagent) / median(node);
  console.log(
    `--version         ${ms(median(reagent))} vs node -e 0 ${ms(median(node))}: ` +
      `${ratio.toFixed(2)}× (target ≤ 1.5×, ${mark(ratio <= 1.5)})`,
  );
}

async function benchOneRoundTrip(clock: ReturnType<typeof serverClock>): Promise<RecordedRequest[]> {
  const script: Script = [readTurn(0), { text: "done" }];
  const times: number[] = [];
  const untilRequest: number[] = [];
  let first: RecordedRequest[] = [];
  await headless(script, clock); // warm-up
  for (let run = 0; run < RUNS; run++) {
    const result = await headless(script, clock);
    times.push(result.ms);
    untilRequest.push(result.firstRequestMs);
    first = result.requests;
  }
  const value = median(times);
  console.log(
    `1 tool round trip ${ms(value)} wall, headless -p (target < 300 ms, ${mark(value < 300)}); ` +
      `spawn → first request body received ${ms(median(untilRequest))}`,
  );
  return first;
}

async function benchLoopOverhead(clock: ReturnType<typeof serverClock>): Promise<void> {
  const loop: Script = [
    ...Array.from({ length: LOOP_CALLS }, (_, index) => readTurn(index)),
    { text: "done" },
  ];
  const baseline: Script = [{ text: "done" }];
  const loopClient: number[] = [];
  const loopTotal: number[] = [];
  const loopServer: number[] = [];
  const baseClient: number[] = [];
  for (let run = 0; run < LOOP_RUNS; run++) {
    const base = await headless(baseline, clock);
    baseClient.push(base.ms - base.serverMs);
    const result = await headless(loop, clock, ["--max-turns", "60"]);
    loopTotal.push(result.ms);
    loopServer.push(result.serverMs);
    loopClient.push(result.ms - result.serverMs);
  }
  const raw = median(loopClient) / LOOP_CALLS;
  const perTrip = (median(loopClient) - median(baseClient)) / LOOP_CALLS;
  console.log(
    `method: wall time of a ${LOOP_CALLS}×Read run minus the fake server's own handling time (request ` +
      "start → response finish, node http diagnostics channels), minus the same for a 0-tool run (start-up, " +
      `final turn), over ${LOOP_CALLS}`,
  );
  console.log(
    `loop overhead     ${ms(perTrip)} per round trip (target < 3 ms, ${mark(perTrip < 3)}); ` +
      `total ${ms(median(loopTotal))}, server ${ms(median(loopServer))}, 0-tool client ${ms(median(baseClient))}; ` +
      `without baseline subtraction ${ms(raw)}`,
  );
}

function reportFirstRequest(requests: RecordedRequest[]): void {
  const body = requests[0]?.body as { system?: unknown; tools?: unknown; messages?: unknown[] } | undefined;
  if (body === undefined) throw new Error("the fake server recorded no request");
  const system = JSON.stringify(body.system ?? "").length;
  const tools = JSON.stringify(body.tools ?? []).length;
  const prompt = JSON.stringify(body.messages?.[0] ?? "").length;
  const total = system + tools + prompt;
  const toolCount = Array.isArray(body.tools) ? body.tools.length : 0;
  console.log(
    `first request     ${total.toLocaleString("en-US")} chars (target < 12,000, ${mark(total < 12_000)}): ` +
      `system ${system.toLocaleString("en-US")}, tools ${tools.toLocaleString("en-US")} (${toolCount} schemas), ` +
      `prompt message ${prompt}`,
  );
}

async function main(): Promise<void> {
  console.log(
    `medians of ${RUNS} runs (${LOOP_RUNS} for the loop), node ${process.version}, ${os.cpus().length} cores`,
  );
  await benchVersion();
  const clock = serverClock();
  try {
    const requests = await benchOneRoundTrip(clock);
    await benchLoopOverhead(clock);
    reportFirstRequest(requests);
  } finally {
    clock.stop();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    SNAPSHOT.remove();
    process.exit(130);
  });
}
try {
  await main();
} finally {
  SNAPSHOT.remove();
}
