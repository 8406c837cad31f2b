// Runs the test suite: node's test runner over every test/**/*.test.ts (Node 20 does not expand
// globs given to --test). Extra arguments filter files by substring: `npm test -- hooks`.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

function collect(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "support" || entry.name === "fixtures" ? [] : collect(path);
    return entry.name.endsWith(".test.ts") || entry.name.endsWith(".test.tsx") ? [path] : [];
  });
}

const filters = process.argv.slice(2);
const files = collect("test")
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error(`no test files match ${filters.join(" ")}`);
  process.exit(1);
}
// End-to-end tests spawn the bundled CLI: build it first so they never run a stale dist/.
const build = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
// A test that hangs (a child that never answers, a promise never settled) fails after five minutes
// instead of holding up the run. No --test-force-exit: with more than one file at a time, Node's
// runner then loses the verdicts of tests that ran (fewer tests counted, exit 0; nodejs/node#64833).
// A file that leaves handles open and never exits is caught by the whole run's limit instead.
const RUN_LIMIT_MS = 40 * 60 * 1000;
const runner = ["--test", "--test-concurrency=4", "--test-timeout=300000"];
const result = spawnSync(process.execPath, ["--import", "tsx", ...runner, ...files], {
  stdio: "inherit",
  env: { ...process.env, NO_COLOR: "1" },
  timeout: RUN_LIMIT_MS,
  killSignal: "SIGKILL",
});
if (result.error?.code === "ETIMEDOUT") {
  console.error(
    `test: the run took over ${RUN_LIMIT_MS / 60_000} minutes and was stopped (a test file that never exits?)`,
  );
  process.exit(1);
}
process.exit(result.status ?? 1);
