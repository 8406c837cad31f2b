// Mutation check for the wiring (run by hand, never in CI): applies one small break at a time to
// the source, runs the named test files, records whether a test failed (the mutant was caught), and
// restores the file. Mutants live in scripts/mutants.json: { id, file, find, replace, tests }.
// Usage: node scripts/mutate.mjs [mutant-id-substring …]
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const mutants = JSON.parse(readFileSync(new URL("./mutants.json", import.meta.url), "utf8"));
const wanted = process.argv.slice(2);
const chosen = mutants.filter((mutant) => wanted.length === 0 || wanted.some((id) => mutant.id.includes(id)));
if (chosen.length === 0) {
  console.error(`no mutant matches ${wanted.join(" ")}`);
  process.exit(1);
}
const rows = [];
for (const mutant of chosen) {
  const original = readFileSync(mutant.file, "utf8");
  const occurrences = original.split(mutant.find).length - 1;
  if (occurrences !== 1) {
    rows.push({ id: mutant.id, verdict: `not applied (${occurrences} matches)` });
    continue;
  }
  writeFileSync(
    mutant.file,
    original.replace(mutant.find, () => mutant.replace),
  );
  try {
    const run = spawnSync(process.execPath, ["scripts/test.mjs", ...mutant.tests], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
      maxBuffer: 64 * 1024 * 1024,
    });
    const output = `${run.stdout}${run.stderr}`;
    const failed = /^# fail (\d+)/m.exec(output)?.[1] ?? "?";
    const failing = [...output.matchAll(/^not ok \d+ - (.*)$/gm)].map((match) => match[1]).slice(0, 3);
    rows.push({
      id: mutant.id,
      verdict: run.status === 0 ? "SURVIVED" : `caught (${failed} failing)`,
      failing,
    });
  } finally {
    writeFileSync(mutant.file, original);
  }
  const last = rows.at(-1);
  console.log(
    `${last.verdict.padEnd(24)} ${mutant.id}${last.failing?.length ? `  ← ${last.failing.join(" | ")}` : ""}`,
  );
}
const caught = rows.filter((row) => row.verdict.startsWith("caught")).length;
console.log(`\n${caught}/${rows.length} mutants caught`);
process.exit(rows.every((row) => row.verdict.startsWith("caught")) ? 0 : 1);
