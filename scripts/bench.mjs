// `npm run bench [-- FILTER...]`: builds the bundle, then runs every bench/*.ts (or those whose
// name contains one of the filters) one after another with `node --import tsx`, printing a
// header per file. Exits non-zero if the build or any benchmark fails.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const filters = process.argv.slice(2);

const all = readdirSync(`${root}/bench`)
  .filter((name) => name.endsWith(".ts"))
  .sort();
const selected =
  filters.length === 0 ? all : all.filter((name) => filters.some((filter) => name.includes(filter)));
if (selected.length === 0) {
  process.stderr.write(
    `bench: no benchmark matches ${filters.map((filter) => `"${filter}"`).join(", ")}; available: ${all.join(", ")}\n`,
  );
  process.exit(2);
}

const build = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) {
  process.stderr.write("bench: the build failed (node scripts/build.mjs); fix it before benchmarking\n");
  process.exit(1);
}

const failed = [];
for (const name of selected) {
  process.stdout.write(`\n=== bench/${name} ===\n`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ["--import", "tsx", `bench/${name}`], {
    cwd: root,
    stdio: "inherit",
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed.push(name);
    process.stdout.write(
      `--- bench/${name} FAILED (${result.signal ?? `exit ${result.status}`}, ${seconds} s)\n`,
    );
  } else {
    process.stdout.write(`--- bench/${name} done in ${seconds} s\n`);
  }
}
if (failed.length > 0) {
  process.stderr.write(`bench: ${failed.length} of ${selected.length} failed: ${failed.join(", ")}\n`);
  process.exit(1);
}
