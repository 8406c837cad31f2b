// `npm run bench [-- filter]`: builds the bundle, then runs each bench/*.ts in turn. Benchmarks
// print figures (medians, ratios against a baseline); they never assert.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const filters = process.argv.slice(2);
const build = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
const files = readdirSync("bench")
  .filter((name) => name.endsWith(".ts"))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n== bench/${file}`);
  const run = spawnSync(process.execPath, ["--import", "tsx", `bench/${file}`], { stdio: "inherit" });
  if (run.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
